import { transactionMessages } from '@tranche/api';
import type { ChainError } from '@tranche/api/chainErrors';
import type { Provider, Signer, TransactionReceipt, TransactionRequest } from 'ethers';

/** The TxWizard's states (part 1, section 4). */
export type TxProgress =
  | { state: 'submitting'; step: PipelineStep }
  | { state: 'submitted'; hash: string }
  | { state: 'mined'; hash: string; blockNumber: number; contractAddress: string | null }
  | { state: 'error'; message: string }
  | { state: 'aborted'; message: string };

export const pipelineSteps = ['build', 'nonce', 'gas', 'block', 'send'] as const;
export type PipelineStep = (typeof pipelineSteps)[number];

/** What each failing step says; texts from the spec (part 1 and 2, section 8) via @tranche/api. */
export const pipelineMessages = {
  aborted: transactionMessages.aborted,
  invalidInputs: transactionMessages.invalidInputs,
  build: transactionMessages.buildFailed,
  nonce: transactionMessages.nonceFailed,
  gas: transactionMessages.estimateGasFailed,
  block: transactionMessages.latestBlockFailed,
  send: 'Failed to send the transaction',
  receipt: 'Failed to get the transaction receipt',
} as const;

/** Gas policy of the spec (part 1 section 9): estimate + 31500, 1 gwei, value 0. */
export const gasMargin = 31_500n;
export const defaultGasPrice = 1_000_000_000n;

export type PipelineInput = {
  signer: Signer;
  /** Builds the unsigned transaction (for deployments, the server's txData). */
  build: () => Promise<TransactionRequest>;
  gasPrice?: bigint;
  onProgress: (progress: TxProgress) => void;
  /** Called with the hash as soon as it is known (register the user transaction and the hash). */
  onHash?: (hash: string) => Promise<void> | void;
  /** Called with the receipt once mined (register the receipt and any contract). */
  onReceipt?: (receipt: TransactionReceipt) => Promise<void> | void;
};

export class PipelineError extends Error {
  constructor(
    message: string,
    readonly kind: 'error' | 'aborted',
    readonly detail?: string,
  ) {
    super(message);
  }
}

/**
 * The spec's gas price (1 gwei) where the chain can mine it; on a chain whose base fee (which may rise 12.5% by
 * the next block) is at or above it, the spec's constant can never be mined there, so the wallet's own fee
 * suggestion (no fee fields: the wallet fills them). A README departure.
 */
export function feeFields(baseFeePerGas: bigint | null, gasPrice: bigint): { gasPrice?: bigint } {
  if (baseFeePerGas !== null && (baseFeePerGas * 9n) / 8n >= gasPrice) return {};
  return { gasPrice };
}

/**
 * The one transaction pipeline every wallet-signed action goes through:
 * build, nonce (pending count), gas (estimate + 31500), latest block, send, on hash, on receipt.
 */
export async function runTransactionPipeline(input: PipelineInput): Promise<TransactionReceipt> {
  const { signer, onProgress } = input;
  const provider = signer.provider as Provider | null;
  // The wording of chain errors loads with the first transaction, not with the page (issue 19's budgets).
  const { explainChainError } = await import('@tranche/api/chainErrors');
  let account: string | undefined;
  const explain = (error: unknown): ChainError => explainChainError(error, { account });
  const fail = (step: keyof typeof pipelineMessages, error?: unknown): never => {
    const explained = error === undefined ? undefined : explain(error);
    if (explained?.kind === 'rejected') {
      const aborted = new PipelineError(
        pipelineMessages.aborted,
        'aborted',
        transactionMessages.abortedDetail,
      );
      onProgress({ state: 'aborted', message: aborted.message });
      throw aborted;
    }
    // A sentence with the next step (api/src/chainErrors.ts); the provider's own text never reaches the page.
    const detail = explained?.message;
    const failure = new PipelineError(pipelineMessages[step], 'error', detail);
    const shown = !detail
      ? failure.message
      : explained?.kind === 'reverted'
        ? detail
        : `${failure.message}: ${detail}`;
    onProgress({ state: 'error', message: shown });
    throw failure;
  };
  if (!provider) return fail('send', new Error('The wallet has no connection to the network.'));

  onProgress({ state: 'submitting', step: 'build' });
  const request = await input.build().catch((error: unknown) => fail('build', error));
  const from = await signer.getAddress();
  account = from;

  onProgress({ state: 'submitting', step: 'nonce' });
  const nonce = await provider
    .getTransactionCount(from, 'pending')
    .catch((error: unknown) => fail('nonce', error));

  onProgress({ state: 'submitting', step: 'gas' });
  const estimate = await provider.estimateGas({ ...request, from }).catch((error: unknown) => {
    const explained = explain(error);
    if (explained.kind === 'revert' || explained.kind === 'alwaysFailing') {
      // The spec's words, then what the contract said (decoded with our ABIs) or what to check.
      const message =
        explained.kind === 'revert'
          ? `${transactionMessages.invalidInputsDetail} ${explained.message}`
          : explained.message;
      const invalid = new PipelineError(pipelineMessages.invalidInputs, 'error', message);
      onProgress({ state: 'error', message });
      throw invalid;
    }
    return fail('gas', error);
  });

  onProgress({ state: 'submitting', step: 'block' });
  const latest = await provider.getBlock('latest').catch((error: unknown) => fail('block', error));
  const blockGasLimit = latest?.gasLimit ?? estimate + gasMargin;
  const gasLimit = estimate + gasMargin < blockGasLimit ? estimate + gasMargin : blockGasLimit;

  onProgress({ state: 'submitting', step: 'send' });
  const response = await signer
    .sendTransaction({
      ...request,
      from,
      nonce,
      gasLimit,
      ...feeFields(latest?.baseFeePerGas ?? null, input.gasPrice ?? defaultGasPrice),
      value: 0n,
    })
    .catch((error: unknown) => fail('send', error));
  onProgress({ state: 'submitted', hash: response.hash });
  await input.onHash?.(response.hash);

  const receipt = await response.wait().catch((error: unknown) => fail('receipt', error));
  if (!receipt) return fail('receipt');
  if (receipt.status !== 1) return fail('send', new Error(transactionMessages.reverted));
  await input.onReceipt?.(receipt);
  onProgress({
    state: 'mined',
    hash: receipt.hash,
    blockNumber: receipt.blockNumber,
    contractAddress: receipt.contractAddress,
  });
  return receipt;
}
