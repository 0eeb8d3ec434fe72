import { type SchemeDetail, schemeV2CodebaseId } from '@tranche/api';
import { Button, ExplorerLink, Stack, Text, TextField } from '@tranche/ui-kit';
import { codebaseLabelOf, codebaseTypes, useCodebases } from '../../../lib/codebases.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { isWalletConnected, useWallet } from '../../wallet/index.ts';
import { useExplorerConfig } from '../useDeployment.ts';
import { SchemeOwnership } from './SchemeOwnership.tsx';

/**
 * Tab 'New permissions scheme' when editing (shows the scheme's name): read-only fields and Reset; on a version 2
 * scheme, its owner's hand-over (SchemeOwnership).
 */
export function SchemeView({
  scheme,
  onReset,
  onOwnershipChanged,
}: {
  scheme: SchemeDetail;
  onReset: () => void;
  onOwnershipChanged: () => Promise<void>;
}) {
  const wallet = useWallet();
  const explorer = useExplorerConfig();
  const codebases = useCodebases(codebaseTypes.scheme);
  const list = codebases.state.status === 'ready' ? codebases.state.data : undefined;
  return (
    <Stack space="medium">
      <TextField label="Name" value={scheme.schemeName} readOnly />
      <TextField label="Smart contract" value={codebaseLabelOf(list, scheme.codebaseId)} readOnly />
      <TextField
        label="Asset ID"
        value={isWalletConnected(wallet) ? scheme.assetId : 'Not available - Connect to the network'}
        readOnly
      />
      <TextField label="Owner" value={scheme.ownerAddress} readOnly />
      {scheme.codebaseId === schemeV2CodebaseId ? (
        <SchemeOwnership scheme={scheme} onChanged={onOwnershipChanged} />
      ) : null}
      <Text>
        Contract address:{' '}
        <ExplorerLink
          kind="address"
          value={scheme.securitySchemeAddress}
          explorer={explorer}
          renderLink={renderRouterLink}
        />
      </Text>
      <div>
        <Button variant="secondary" onClick={onReset}>
          Reset
        </Button>
      </div>
    </Stack>
  );
}
