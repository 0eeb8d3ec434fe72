import { type ApprovalPrecheck, dtxTypes, type PrecheckInput } from '@tranche/api';
import type { AppContext } from '../../context.ts';
import { chainErrorLines } from '../dtx/index.ts';
import { gasShortfall, precheck } from '../rules/service.ts';

/**
 * One operation to check: a token operation the compliance pre-check knows (issue, redeem: the very check of
 * POST /token/precheck, in its words), another chain call (pause, resume: an eth_call from the key's address), or
 * null for one that is not a chain call (reshard).
 */
export type PrecheckCall =
  | { rules: PrecheckInput }
  | { call: { from: string; to: string; data: string } }
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
  return raw ? { call: raw } : null;
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
          return { ok: verdict.ok, reason: verdict.reason };
        } catch (error) {
          return { ok: false, reason: (error as Error).message };
        }
      }
      try {
        // A raw call: ethers' provider answers an identical request made within 250 ms from its cache.
        await ctx.chain.provider.send('eth_call', [check.call, 'latest']);
        // The key must also pay the gas (issue 34): said at the start and at each approval, not after the last.
        const short = await gasShortfall(ctx, check.call);
        return short ? { ok: false, reason: short.reason } : { ok: true, reason: '' };
      } catch (error) {
        return { ok: false, reason: chainErrorLines(error).split('\n')[0] ?? 'the chain refuses it' };
      }
    }),
  );
}
