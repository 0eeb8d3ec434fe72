import type { Contract, JsonRpcProvider, LogDescription, TransactionReceipt } from 'ethers';
import { expect } from 'vitest';
import { gasMargin } from '../src/batchSize.ts';

/**
 * Asserts that `contract[signature](...args)` reverts with `reason` (the eth_call answers the reason). When `state`
 * is given, the same transaction is also mined with a fixed gas limit: it must fail on-chain and `state` must read
 * the same before and after (nothing changed).
 */
export async function expectRevert(
  contract: Contract,
  signature: string,
  args: unknown[],
  reason: string,
  state?: () => Promise<unknown>,
): Promise<void> {
  const before = state ? await state() : undefined;
  const method = contract.getFunction(signature);
  await expect(
    method.staticCall(...args),
    `${signature} should revert with '${reason}'`,
  ).rejects.toMatchObject({
    reason,
  });
  if (!state) return;
  const tx = await method.send(...args, { gasLimit: 3_000_000, gasPrice: 1_000_000_000n });
  await expect(tx.wait()).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
  expect(await state()).toEqual(before);
}

/**
 * Mines `contract[signature](...args)` with a fixed gas limit and price (no estimate, so a call the token refuses is
 * mined too and fails on-chain); answers whether it succeeded.
 */
export async function minedOk(contract: Contract, signature: string, args: unknown[]): Promise<boolean> {
  const tx = await contract
    .getFunction(signature)
    .send(...args, { gasLimit: 3_000_000, gasPrice: 1_000_000_000n });
  try {
    return (await tx.wait())?.status === 1;
  } catch {
    return false;
  }
}

/**
 * Sends `contract[signature](...args)` with the gas the console and server give a transaction (the node's estimate
 * plus gasMargin) and returns the receipt and the events it logged on `contract`. The estimate alone can fall short:
 * a document updated in a later second than the estimate's block writes a new lastModified (a changed slot costs
 * more than an unchanged one), which once failed here as a revert.
 */
export async function send(
  contract: Contract,
  signature: string,
  ...args: unknown[]
): Promise<{ receipt: TransactionReceipt; events: { name: string; args: Record<string, unknown> }[] }> {
  const method = contract.getFunction(signature);
  const gasLimit = (await method.estimateGas(...args)) + BigInt(gasMargin);
  const tx = await method.send(...args, { gasLimit });
  const receipt = await tx.wait();
  if (receipt?.status !== 1) throw new Error(`${signature} failed`);
  return { receipt, events: eventsOf(contract, receipt) };
}

export function eventsOf(contract: Contract, receipt: TransactionReceipt) {
  const address = String(contract.target).toLowerCase();
  return receipt.logs
    .filter((log) => log.address.toLowerCase() === address)
    .map((log) => contract.interface.parseLog(log))
    .filter((parsed): parsed is LogDescription => parsed !== null)
    .map((parsed) => ({ name: parsed.name, args: namedArgs(parsed) }));
}

function namedArgs(parsed: LogDescription): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  parsed.fragment.inputs.forEach((input, index) => {
    out[input.name] = parsed.args[index];
  });
  return out;
}

/** Runs each test from the same chain state: snapshot before, revert after. */
export function chainSnapshots(provider: () => JsonRpcProvider) {
  let id: string | undefined;
  return {
    take: async () => {
      id = await provider().send('evm_snapshot', []);
    },
    restore: async () => {
      if (id !== undefined) await provider().send('evm_revert', [id]);
      id = undefined;
    },
  };
}
