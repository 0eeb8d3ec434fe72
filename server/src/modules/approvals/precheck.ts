import type { ApprovalPrecheck } from '@tranche/api';
import type { AppContext } from '../../context.ts';
import { chainErrorLines } from '../dtx/index.ts';

/** One operation to check: the call its key would send, or null for one that is not a chain call (reshard). */
export type PrecheckCall = { from: string; to: string; data: string } | null;

/**
 * Would each operation succeed if it ran now, and why not: an `eth_call` from the key's address at the latest
 * block. The one place the inbox asks (to be swapped for the compliance pre-check, POST /token/precheck, when it
 * lands). The calls go out together; ethers batches them into few JSON-RPC requests.
 */
export async function precheckAll(
  ctx: Pick<AppContext, 'chain'>,
  calls: PrecheckCall[],
): Promise<ApprovalPrecheck[]> {
  return Promise.all(
    calls.map(async (call) => {
      if (!call) return { ok: true, reason: '' };
      try {
        // A raw call: ethers' provider answers an identical request made within 250 ms from its cache.
        await ctx.chain.provider.send('eth_call', [call, 'latest']);
        return { ok: true, reason: '' };
      } catch (error) {
        return { ok: false, reason: chainErrorLines(error).split('\n')[0] ?? 'the chain refuses it' };
      }
    }),
  );
}
