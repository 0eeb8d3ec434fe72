import type { TxType } from '@tranche/api';
import type { ChainErrorContext } from '@tranche/api/chainErrors';
import type { TxWizardState } from '@tranche/ui-kit';
import type { Signer } from 'ethers';
import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { describeError } from '../../../lib/api.ts';
import { registerWalletTransaction } from '../../history/index.ts';
import { notifyAtom } from '../../notifications/index.ts';
import { PipelineError, type TxProgress, runTransactionPipeline } from '../../transactions/index.ts';
import { useWalletSigner } from '../../wallet/index.ts';

/** One transaction for the wallet to sign (the server built it: txMode 1). */
export type WalletCall = {
  to: string;
  data: string;
  label: string;
  /** The payment token whose base units a refusal counts (shown in its units). */
  asset?: ChainErrorContext['asset'];
  /** What it does: recorded in the account's My transactions (issue 34). */
  txType: TxType;
};

export type RunResult = { ok: boolean; errorMessage?: string };

export type WalletTxView = {
  state: TxWizardState;
  /** Which call of how many, e.g. 'Step 2 of 2: fund the distribution'. */
  step: string;
  hash?: string;
  blockNumber?: number;
  errorMessage?: string;
};

/**
 * The chain's refusal of a call in people's words (a Distributor reason, or the payment token's ERC-20 error decoded
 * with its ABI and shown in `asset` units), or null when the call would succeed.
 */
export async function refusalOf(
  signer: Signer,
  call: { to: string; data: string },
  asset?: ChainErrorContext['asset'],
): Promise<string | null> {
  const from = await signer.getAddress();
  try {
    await signer.call({ to: call.to, data: call.data, from });
    return null;
  } catch (error) {
    const { chainErrorMessage } = await import('@tranche/api/chainErrors');
    return chainErrorMessage(error, { asset, account: from });
  }
}

function viewOf(progress: TxProgress, step: string): WalletTxView {
  switch (progress.state) {
    case 'submitting':
      return { state: 'submitting', step };
    case 'submitted':
      return { state: 'submitted', step, hash: progress.hash };
    case 'mined':
      return { state: 'mined', step, hash: progress.hash, blockNumber: progress.blockNumber };
    default:
      return { state: progress.state, step, errorMessage: progress.message };
  }
}

/** The pipeline's callbacks that record a wallet-signed call in My transactions, after `onHash` of the caller. */
function recorded(
  txType: TxType,
  publicAddress: string,
  contractAddress: string,
  signer: Signer,
  onHash: (hash: string) => void,
) {
  const registration = registerWalletTransaction({ txType, publicAddress, contractAddress, signer });
  return {
    onHash: async (hash: string) => {
      onHash(hash);
      await registration.onHash(hash);
    },
    onReceipt: registration.onReceipt,
  };
}

/**
 * Sends server-built transactions (approve then fund, a claim, a reclaim) from the connected wallet, one after
 * the other, through the one transaction pipeline, and keeps the TxWizard's view of the current one. Before each
 * call the chain is asked whether it would refuse it, so a refusal is worded by the Distributor's reason.
 */
export function useWalletTransactions() {
  const getSigner = useWalletSigner();
  const notify = useSetAtom(notifyAtom);
  const [view, setView] = useState<WalletTxView | null>(null);

  const run = useCallback(
    async (calls: (signer: Signer, address: string) => Promise<WalletCall[]>): Promise<RunResult> => {
      let step = '';
      let last: WalletTxView | null = null;
      const show = (next: WalletTxView) => {
        last = next;
        setView(next);
      };
      try {
        const { signer, wallet } = await getSigner();
        const list = await calls(signer, wallet.address.toLowerCase());
        for (const [n, call] of list.entries()) {
          step = list.length > 1 ? `Step ${n + 1} of ${list.length}: ${call.label}` : call.label;
          show({ state: 'submitting', step });
          // Each call is checked once the one before it is mined (an approval, then the funding it allows).
          const refusal = await refusalOf(signer, call, call.asset);
          if (refusal) {
            show({ state: 'error', step, errorMessage: refusal });
            return { ok: false, errorMessage: refusal };
          }
          const current = step;
          await runTransactionPipeline({
            signer,
            build: async () => ({ to: call.to, data: call.data }),
            onProgress: (progress) =>
              show(
                progress.state === 'mined' && n < list.length - 1
                  ? { state: 'submitting', step: current }
                  : viewOf(progress, current),
              ),
            ...recorded(call.txType, wallet.address.toLowerCase(), call.to, signer, (hash) =>
              notify({ text: 'Transaction submitted', data: { hash }, silent: true }),
            ),
          });
        }
        return { ok: true };
      } catch (error) {
        if (!(error instanceof PipelineError))
          show({ state: 'error', step, errorMessage: describeError(error).message });
        return {
          ok: false,
          errorMessage: (last as WalletTxView | null)?.errorMessage ?? describeError(error).message,
        };
      }
    },
    [getSigner, notify],
  );

  return { view, setView, run };
}
