import type { Provider, TransactionReceipt } from 'ethers';

/**
 * The receipt of transaction `hash` once it is mined, asked for every `pollMs`; after `timeoutMs` (none by default)
 * it throws. Not ethers' `provider.waitForTransaction`, which reads the block number before the receipt: a
 * transaction mined between the two reads then waits for a later block, and an automining chain (Anvil, Hardhat)
 * mines one only with the next transaction, so the wait may never end (found as a rules.test that hung under load;
 * the console's Submitted state could stay up the same way).
 */
export async function minedReceipt(
  provider: Pick<Provider, 'getTransactionReceipt'>,
  hash: string,
  options: { pollMs?: number; timeoutMs?: number } = {},
): Promise<TransactionReceipt> {
  const { pollMs = 250, timeoutMs } = options;
  const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  for (;;) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() >= deadline) throw new Error(`Transaction ${hash} was not mined within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
