import {
  type ApproveDtxResponse,
  type dtxActionRequestSchema,
  dtxMessages as m,
  dtxStatuses,
} from '@tranche/api';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import type { JobRow, JobRunner } from '../../jobs/runner.ts';
import { approvalBinding, sealApprovalShare, wipe } from '../sharding/keyMaterial.ts';
import { requireKey, requireSigner, unlockShare } from '../sharding/service.ts';
import { answer } from './answer.ts';
import { executeApproved } from './execute.ts';
import { addApproval, expireDue, findDtx, finishDtx, listApprovals } from './repository.ts';
import { profileNameOf } from './start.ts';

type ActionRequest = z.output<typeof dtxActionRequestSchema>;

/** The job kind that runs (and, after a crash, settles) an approved distributed transaction. */
export const dtxJobKind = 'dtx.execute';

/**
 * The shared preamble of approve and abort: the transaction (404), its key (another key's: 400), the caller's share
 * of the transaction's generation (403; a signer of a retired generation reads 'finished'), still pending and not
 * expired (409; an expired one is aborted here and its approvals wiped). `unlock` opens the caller's share with the
 * access code (wrong codes counted); the caller wipes it.
 */
/** 409 for a transaction no longer pending: 'expired' when it expired (whoever noticed first), else 'finished'. */
function finished(dtx: { errorMessage: string | null }): HttpError {
  return new HttpError(409, dtx.errorMessage === m.expired ? m.expired : m.finished);
}

/** The 409 of a transaction found finished under its row lock: read again to say whether it expired meanwhile. */
async function finishedNow(ctx: AppContext, id: number): Promise<HttpError> {
  return finished((await findDtx(ctx.db, id)) ?? { errorMessage: null });
}

async function loadPending(ctx: AppContext, accountId: number, request: ActionRequest) {
  const dtx = await findDtx(ctx.db, request.id);
  if (!dtx) throw new HttpError(404, m.notFound);
  const key = await requireKey(ctx, request.accountAddress);
  if (key.id !== dtx.keyId) throw new HttpError(400, m.accountMismatch);
  const share = await requireSigner(ctx, key, accountId, dtx.generation).catch((error: unknown) => {
    if (dtx.status !== dtxStatuses.pending) throw finished(dtx);
    throw error;
  });
  if (dtx.status === dtxStatuses.pending && (await expireDue(ctx.db, m.expired, key.id)).includes(dtx.id)) {
    throw new HttpError(409, m.expired);
  }
  // Read again: the periodic sweep (or another request) may have expired it since it was read above.
  const current = dtx.status === dtxStatuses.pending ? ((await findDtx(ctx.db, dtx.id)) ?? dtx) : dtx;
  if (current.status !== dtxStatuses.pending) throw finished(current);
  const unlock = () =>
    unlockShare(ctx, key, share, accountId, request.accessCode, () => profileNameOf(ctx, accountId));
  return { dtx, key, share, unlock };
}

/** PUT /dtx: one approval per signer; the approval reaching the threshold runs the transaction. */
export async function approveDtx(
  ctx: AppContext,
  runner: JobRunner,
  accountId: number,
  request: ActionRequest,
): Promise<ApproveDtxResponse> {
  const { dtx, key, share, unlock } = await loadPending(ctx, accountId, request);
  const approvals = await listApprovals(ctx.db, [dtx.id]);
  if (approvals.some((approval) => approval.accountId === accountId))
    throw new HttpError(409, m.alreadyApproved);
  const opened = await unlock();
  let outcome: Awaited<ReturnType<typeof addApproval<JobRow>>>;
  try {
    outcome = await addApproval(
      ctx.db,
      dtx.id,
      {
        accountId,
        shareId: share.id,
        sealedShare: sealApprovalShare(ctx.masterKey, opened, approvalBinding(dtx.id, accountId)),
      },
      (tx) => runner.adopt(dtxJobKind, { dtxId: dtx.id }, tx),
    );
  } finally {
    wipe(opened);
  }
  if (outcome.outcome === 'finished') throw await finishedNow(ctx, dtx.id);
  if (outcome.outcome === 'twice') throw new HttpError(409, m.alreadyApproved);
  if (outcome.outcome !== 'ready') return answer(dtx.id, dtxStatuses.pending, null);
  return executeApproved(ctx, runner, {
    dtx,
    key,
    approverId: accountId,
    sealed: outcome.sealed,
    job: outcome.job,
  });
}

/** DELETE /dtx: a signer with their access code aborts a pending transaction (its approval shares are wiped). */
export async function abortDtx(
  ctx: AppContext,
  accountId: number,
  request: ActionRequest,
): Promise<{ id: number }> {
  const { dtx, unlock } = await loadPending(ctx, accountId, request);
  wipe(await unlock());
  const aborted = await finishDtx(
    ctx.db,
    dtx.id,
    { status: dtxStatuses.aborted, errorMessage: m.abortedBy(await profileNameOf(ctx, accountId)) },
    true,
  );
  if (!aborted) throw await finishedNow(ctx, dtx.id);
  return { id: dtx.id };
}
