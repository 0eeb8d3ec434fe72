import type { JsonRpcProvider } from 'ethers';

type Step = { op: string; gas: number; gasCost: number; depth: number };

/**
 * Where a transaction's gas goes, from debug_traceTransaction's struct logs (the chain must record steps:
 * `startDevChain({ stepsTracing: true })`): intrinsic, calldata, each storage read and write of the called contract
 * in order (named by `storageLabels`), each external call or CREATE2 (its cold account access or creation cost and
 * everything the callee or constructor spent, with the calls it made), logs, keccak, and the rest
 * of the execution (ABI decoding, stack, memory, jumps).
 */
export async function gasBreakdown(
  provider: JsonRpcProvider,
  hash: string,
  storageLabels: readonly string[] = [],
): Promise<{ total: number; parts: [string, number][] }> {
  const [tx, receipt, trace] = await Promise.all([
    provider.getTransaction(hash),
    provider.getTransactionReceipt(hash),
    provider.send('debug_traceTransaction', [hash, { disableStack: true, disableStorage: true }]) as Promise<{
      structLogs: Step[];
    }>,
  ]);
  const data = Buffer.from(tx!.data.slice(2), 'hex');
  const zero = data.filter((byte) => byte === 0).length;
  const calldata = zero * 4 + (data.length - zero) * 16;
  const steps = trace.structLogs;
  if (steps.length === 0) throw new Error('no struct logs: start the chain with stepsTracing');
  const parts: [string, number][] = [
    ['intrinsic', 21_000],
    [`calldata (${data.length} bytes, ${data.length - zero} non-zero)`, calldata],
  ];
  let storage = 0;
  let logs = 0;
  let keccak = 0;
  let counted = 0;
  for (let i = 0; i < steps.length; i += 1) {
    const step = steps[i]!;
    if (step.depth !== 1) continue;
    if (step.op === 'SLOAD' || step.op === 'SSTORE') {
      storage += 1;
      parts.push([`${step.op} ${storageLabels[storage - 1] ?? `storage access ${storage}`}`, step.gasCost]);
      counted += step.gasCost;
    } else if (step.op === 'CALL' || step.op === 'STATICCALL' || step.op === 'CREATE2') {
      let j = i + 1;
      let calleeStorage = 0;
      let calleeLogs = 0;
      for (; j < steps.length && steps[j]!.depth > 1; j += 1) {
        const inner = steps[j]!;
        if (inner.op === 'SLOAD' || inner.op === 'SSTORE') calleeStorage += inner.gasCost;
        if (inner.op.startsWith('LOG')) calleeLogs += inner.gasCost;
      }
      const spent = step.gas - (steps[j]?.gas ?? step.gas);
      parts.push([
        `${step.op}: ${step.op === 'CREATE2' ? 'creation + constructor' : 'cold access + callee'} (its storage ${calleeStorage.toLocaleString('en')}, logs ${calleeLogs.toLocaleString('en')})`,
        spent,
      ]);
      counted += spent;
      i = j - 1;
    } else if (step.op.startsWith('LOG')) {
      logs += step.gasCost;
      counted += step.gasCost;
    } else if (step.op === 'KECCAK256') {
      keccak += step.gasCost;
      counted += step.gasCost;
    }
  }
  const total = Number(receipt!.gasUsed);
  parts.push(['logs', logs], ['keccak256', keccak], ['other execution', total - 21_000 - calldata - counted]);
  return { total, parts };
}
