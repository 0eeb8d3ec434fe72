import { type TxType, loadErrorMessages, transactionMessages, txTypes } from '@tranche/api';
// Its own entry: the browser one would bring the contracts' artifacts into the token page's chunks.
import { minedReceipt } from '@tranche/contracts/receipts';
import type { InterfaceAbi } from 'ethers';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { describeError } from '../../../lib/api.ts';
import { registerWalletTransaction } from '../../history/index.ts';
import { notifyAtom } from '../../notifications/index.ts';
import {
  PipelineError,
  runTransactionPipeline,
  toWizard,
  type WizardView,
} from '../../transactions/index.ts';
import { useWalletSigner } from '../../wallet/index.ts';

export type { WizardView };

/** The action named in 'Could not … due to the following error' (part 1, section 8) for each operation's failure. */
const failureActions: Partial<Record<TxType, string>> = {
  [txTypes.removeDocument]: 'delete the document',
  [txTypes.forceTransfer]: 'transfer the tokens',
  [txTypes.tokenRedeem]: 'redeem the tokens',
  [txTypes.controllerRedeem]: 'redeem the tokens',
  [txTypes.addDocument]: 'attach the document',
  [txTypes.removeController]: 'remove the controller',
};

/** A failure's text with the spec's lead where the operation has one. */
export function failureText(txType: TxType, error: unknown): string {
  const { message } = describeError(error);
  const action = failureActions[txType];
  return action ? `${loadErrorMessages.couldNot(action)}: ${message}` : message;
}

/**
 * Token transactions and the TxWizard view they feed: `sign` sends a token call from the connected wallet
 * through the one transaction pipeline (registering transaction, hash and receipt); `submit` asks the server to
 * sign with the caller's registered key (txMode 2) and follows the hash to its receipt.
 */
export function useTokenTransaction(contractAddress: string | null, abi: readonly unknown[]) {
  // ethers' ABI coder loads with the first transaction, not with the page (issue 19).
  const tokenInterface = useMemo(
    () => import('./ethersOnDemand.ts').then(({ Interface }) => new Interface(abi as InterfaceAbi)),
    [abi],
  );
  const getSigner = useWalletSigner();
  const notify = useSetAtom(notifyAtom);
  const [view, setView] = useState<WizardView | null>(null);

  const sign = useCallback(
    async (txType: TxType, method: string, args: unknown[]): Promise<boolean> => {
      if (!contractAddress) return false;
      try {
        const { signer, wallet } = await getSigner();
        setView({ state: 'submitting' });
        const registration = registerWalletTransaction({
          txType,
          publicAddress: wallet.address,
          contractAddress,
          signer,
        });
        await runTransactionPipeline({
          signer,
          build: async () => ({
            to: contractAddress,
            data: (await tokenInterface).encodeFunctionData(method, args),
          }),
          onProgress: (progress) => setView(toWizard(progress)),
          onHash: async (hash) => {
            // The TxWizard shows the hash and then the mined card: the notice is kept, without a second toast beside it.
            notify({ text: 'Transaction submitted', data: { hash }, silent: true });
            await registration.onHash(hash);
          },
          onReceipt: registration.onReceipt,
        });
        return true;
      } catch (error) {
        if (!(error instanceof PipelineError))
          setView({ state: 'error', errorMessage: failureText(txType, error) });
        return false;
      }
    },
    [contractAddress, getSigner, notify, tokenInterface],
  );

  const submit = useCallback(
    async (
      txType: TxType,
      call: (accountAddress: string) => Promise<{ transactionHash?: string | undefined }>,
    ): Promise<boolean> => {
      try {
        const { signer, wallet } = await getSigner();
        setView({ state: 'submitting' });
        const { transactionHash } = await call(wallet.address.toLowerCase());
        if (!transactionHash) {
          // Queued as a server job (e.g. a holder count in batches): the caller shows its progress.
          setView(null);
          return true;
        }
        setView({ state: 'submitted', hash: transactionHash });
        notify({ text: 'Transaction submitted', data: { hash: transactionHash }, silent: true });
        if (!signer.provider) return true;
        const receipt = await minedReceipt(signer.provider, transactionHash, { pollMs: 1000 });
        if (receipt.status !== 1) {
          setView({
            state: 'error',
            errorMessage: failureText(txType, new Error(transactionMessages.reverted)),
          });
          return false;
        }
        setView({ state: 'mined', hash: transactionHash, blockNumber: receipt.blockNumber });
        return true;
      } catch (error) {
        setView({ state: 'error', errorMessage: failureText(txType, error) });
        return false;
      }
    },
    [getSigner, notify],
  );

  return { view, setView, sign, submit };
}
