import { dtxTypes } from '@tranche/api';
import type { AppContext } from '../../context.ts';
import { checkTokenV2Operation } from './v2.ts';
import { checkEnforcementOperation, enforcementTypes } from './enforcement.ts';

const v2Types = new Set<number>([
  dtxTypes.upgrade,
  dtxTypes.proposeOwner,
  dtxTypes.acceptOwner,
  dtxTypes.replaceWhitelist,
  dtxTypes.replaceScheme,
]);

/**
 * A sharded key's version 2 operation before anyone approves (POST /dtx): the same checks as the routes (a version 2
 * token, the owner or the proposed owner, the target), and for an upgrade the step the chain is at, stored with it
 * (schedule, or carry out a scheduled upgrade whose time has come). Other operations' data pass unchanged.
 */
export async function prepareTokenV2(
  ctx: Pick<AppContext, 'db' | 'chain' | 'masterKey' | 'caches'>,
  accountId: number,
  project: { contractAddress: string; tokenVersion: number },
  keyAddress: string,
  request: { txType: number; txData: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  if (enforcementTypes.has(request.txType)) {
    return checkEnforcementOperation(ctx, { accountId }, project, keyAddress, request);
  }
  if (!v2Types.has(request.txType)) return request.txData;
  return checkTokenV2Operation(ctx, { accountId }, project, keyAddress, request);
}
