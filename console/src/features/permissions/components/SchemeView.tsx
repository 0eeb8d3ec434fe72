import type { SchemeDetail } from '@tranche/api';
import { Button, ExplorerLink, Stack, Text, TextField } from '@tranche/ui-kit';
import { codebaseLabelOf, codebaseTypes, useCodebases } from '../../../lib/codebases.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { isWalletConnected, useWallet } from '../../wallet/index.ts';
import { useExplorerConfig } from '../useDeployment.ts';

/** Tab 'New permissions scheme' when editing (shows the scheme's name): read-only fields and Reset. */
export function SchemeView({ scheme, onReset }: { scheme: SchemeDetail; onReset: () => void }) {
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
