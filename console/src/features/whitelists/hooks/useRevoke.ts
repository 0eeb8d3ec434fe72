import { txTypes } from '@tranche/api';
import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { registerWalletTransaction } from '../../history/index.ts';
import { notifyAtom } from '../../notifications/index.ts';
import {
  PipelineError,
  runTransactionPipeline,
  toWizard,
  type WizardView,
} from '../../transactions/index.ts';
import { useWalletSigner } from '../../wallet/index.ts';

/**
 * Revokes a verified address from the connected wallet: the server builds removeVerified (txMode 1), the one
 * transaction pipeline sends it (registering transaction, hash and receipt in My transactions), and once it is mined
 * the server checks the chain and removes the record from the registry. `view` feeds the TxWizard.
 */
export function useRevoke() {
  const getSigner = useWalletSigner();
  const notify = useSetAtom(notifyAtom);
  const [view, setView] = useState<WizardView | null>(null);

  const revoke = useCallback(
    async (whitelistAddress: string, publicAddress: string): Promise<boolean> => {
      try {
        const { signer, wallet } = await getSigner();
        setView({ state: 'submitting' });
        const registration = registerWalletTransaction({
          txType: txTypes.whitelistUpdate,
          publicAddress: wallet.address,
          contractAddress: whitelistAddress,
          signer,
        });
        await runTransactionPipeline({
          signer,
          build: async () =>
            (
              await api.call('whitelistRevokeTx', {
                body: { accountAddress: wallet.address, whitelistAddress, publicAddress },
              })
            ).txData,
          onProgress: (progress) => {
            // 'Mined' shows once the registry has dropped the record (below).
            if (progress.state !== 'mined') setView(toWizard(progress));
          },
          onHash: async (hash) => {
            notify({ text: 'Transaction submitted', data: { hash }, silent: true });
            await registration.onHash(hash);
          },
          onReceipt: async (receipt) => {
            await registration.onReceipt(receipt);
            await api.call('whitelistRevoked', { body: { whitelistAddress, publicAddress } });
            setView({ state: 'mined', hash: receipt.hash, blockNumber: receipt.blockNumber });
          },
        });
        return true;
      } catch (error) {
        if (!(error instanceof PipelineError))
          setView({ state: 'error', errorMessage: describeError(error).message });
        return false;
      }
    },
    [getSigner, notify],
  );

  return { view, setView, revoke };
}
