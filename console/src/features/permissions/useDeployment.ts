import { txTypes } from '@tranche/api';
import type { ExplorerConfig } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { describeError } from '../../lib/api.ts';
import { appConfigLoadableAtom } from '../config/index.ts';
import { registerWalletTransaction } from '../history/index.ts';
import { notifyAtom } from '../notifications/index.ts';
import { PipelineError, runTransactionPipeline, toWizard, type WizardView } from '../transactions/index.ts';
import { useWalletSigner } from '../wallet/index.ts';

/** Reload after a deployment or an apply (part 1, section 9). */
export const reloadDelayMs = 3000;

/** Where TxWizard links go: the local pages on the embedded chain. */
export function useExplorerConfig(): ExplorerConfig {
  const config = useAtomValue(appConfigLoadableAtom);
  return { isLocal: config.state === 'hasData' ? config.data.local : true };
}

export type { WizardView };

/**
 * A wallet-signed contract deployment through the one transaction pipeline: asks for a wallet if none is
 * connected, builds the server's txData (txMode 1), registers transaction, hash, receipt and contract.
 * `view` feeds the TxWizard; `deploy` answers the new contract address, or null when it failed or was refused.
 */
export function useDeployment() {
  const getSigner = useWalletSigner();
  const notify = useSetAtom(notifyAtom);
  const [view, setView] = useState<WizardView | null>(null);

  const deploy = useCallback(
    async (options: {
      build: (accountAddress: string) => Promise<{ from: string; data: string }>;
      register: (contractAddress: string, transactionHash: string) => Promise<void>;
      /** What `register` registers ('scheme', 'whitelist'), for 'Failed to register the …'. */
      kind: string;
    }): Promise<string | null> => {
      const { signer, wallet } = await getSigner();
      setView({ state: 'submitting' });
      let deployed: string | null = null;
      let deploymentHash = '';
      const registration = registerWalletTransaction({
        txType: txTypes.contractDeployment,
        publicAddress: wallet.address,
        signer,
        contractKind: options.kind,
        onContract: async (contractAddress) => {
          await options.register(contractAddress, deploymentHash);
          deployed = contractAddress;
        },
      });
      try {
        await runTransactionPipeline({
          signer,
          build: () => options.build(wallet.address),
          onProgress: (progress) => setView(toWizard(progress)),
          onHash: async (hash) => {
            deploymentHash = hash;
            // The TxWizard shows the hash and then the mined card: the notice is kept, without a second toast beside it.
            notify({ text: 'Transaction submitted', data: { hash }, silent: true });
            await registration.onHash(hash);
          },
          onReceipt: registration.onReceipt,
        });
        return deployed;
      } catch (error) {
        if (!(error instanceof PipelineError))
          setView({ state: 'error', errorMessage: describeError(error).message });
        return null;
      }
    },
    [getSigner, notify],
  );

  return { view, setView, deploy };
}
