import { type ApprovalPrecheck, dtxTypes, type PrecheckInput } from '@tranche/api';
import type { AppContext } from '../../context.ts';
import { chainErrorLines } from '../dtx/index.ts';
import { gasShortfall, precheck, readinessOfSymbol } from '../rules/service.ts';

/**
 * One operation to check: a token operation the compliance pre-check knows (issue, redeem: the very check of
 * POST /token/precheck, in its words), another chain call (pause, resume: an eth_call from the key's address), or
 * null for one that is not a chain call (reshard).
 */
export type PrecheckCall =
  | { rules: PrecheckInput }
  | {
      call: { from: string; to: string; data: string };
      /** The right the key needs for it (issue 34: pause and resume need Access Level 2), said on its own line. */
      right?: { symbol: string; operation: 'pause' | 'resume' };
    }
  | null;

/** The pre-check of a sharded-key operation (its type, data and key), or null when it has none. */
export function precheckOf(
  txType: number,
  txData: Record<string, unknown>,
  keyAddress: string,
  symbol: string | undefined,
  call: () => { from: string; to: string; data: string } | null,
): PrecheckCall {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  if (symbol && txType === dtxTypes.issue) {
    return {
      rules: {
        operation: 'issue',
        symbol,
        accountAddress: keyAddress,
        holderAddress: text(txData.holderAddress).toLowerCase(),
        amount: text(txData.amount),
        partition: text(txData.partition),
      },
    };
  }
  if (symbol && txType === dtxTypes.redeem) {
    return {
      rules: {
        operation: 'redeem',
        symbol,
        accountAddress: keyAddress,
        amount: text(txData.amount),
        partition: text(txData.partition),
      },
    };
  }
  const raw = call();
  if (!raw) return null;
  const operation = txType === dtxTypes.pause ? 'pause' : txType === dtxTypes.resume ? 'resume' : undefined;
  return symbol && operation ? { call: raw, right: { symbol, operation } } : { call: raw };
}

/**
 * Would each operation succeed if it ran now, and why not: the compliance pre-check (rules module) for token
 * operations, so an approver reads what the start dialog read; an `eth_call` at the latest block for the others.
 * The checks go out together.
 */
export async function precheckAll(ctx: AppContext, checks: PrecheckCall[]): Promise<ApprovalPrecheck[]> {
  return Promise.all(
    checks.map(async (check): Promise<ApprovalPrecheck> => {
      if (!check) return { ok: true, reason: '' };
      if ('rules' in check) {
        try {
          const verdict = await precheck(ctx, check.rules);
          return verdict.readiness
            ? { ok: verdict.ok, reason: verdict.reason, readiness: verdict.readiness }
            : { ok: verdict.ok, reason: verdict.reason };
        } catch (error) {
          return { ok: false, reason: (error as Error).message };
        }
      }
      const readiness = check.right
        ? await readinessOfSymbol(ctx, check.right.symbol, check.right.operation, check.call.from).catch(
            () => [],
          )
        : [];
      const verdict = await callVerdict(ctx, check.call);
      return readiness.length === 0 ? verdict : { ...verdict, ok: false, readiness };
    }),
  );
}

/** An `eth_call` at the latest block from the key's address, then its gas (issue 34). */
async function callVerdict(
  ctx: AppContext,
  call: { from: string; to: string; data: string },
): Promise<ApprovalPrecheck> {
  try {
    // A raw call: ethers' provider answers an identical request made within 250 ms from its cache.
    await ctx.chain.provider.send('eth_call', [call, 'latest']);
    // The key must also pay the gas (issue 34): said at the start and at each approval, not after the last.
    const short = await gasShortfall(ctx, call);
    return short ? { ok: false, reason: short.reason } : { ok: true, reason: '' };
  } catch (error) {
    return { ok: false, reason: chainErrorLines(error).split('\n')[0] ?? 'the chain refuses it' };
  }
}
