import { Stack, Text, TxWizard } from '@tranche/ui-kit';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { useExplorerConfig } from '../../permissions/index.ts';
import type { WalletTxView } from '../hooks/useWalletTransactions.ts';

/** The TxWizard for a wallet transaction of a distribution, with the step it is at. */
export function WalletTxPanel({ view, onDone }: { view: WalletTxView; onDone: () => void }) {
  const explorer = useExplorerConfig();
  const finished = view.state === 'mined';
  return (
    <Stack space="small">
      <Text weight="strong">{view.step}</Text>
      <TxWizard
        state={view.state}
        hash={view.hash}
        blockNumber={view.blockNumber}
        errorMessage={view.errorMessage}
        explorer={explorer}
        renderLink={renderRouterLink}
        onContinue={finished ? onDone : undefined}
        onGoBack={view.state === 'error' || view.state === 'aborted' ? onDone : undefined}
      />
    </Stack>
  );
}
