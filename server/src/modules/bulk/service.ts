import {
  type BulkJob,
  bulkOperationMessages as b,
  checkBulkRows,
  isBulkEnforcement,
  tokenEnforcementMessages,
  type StartBulkRequest,
  type startBulkRequestSchema,
} from '@tranche/api';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { type JobRunner, maxQueuedJobsPerAccount } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { requireDeployed } from '../projects/service.ts';
import { type BulkPayload, bulkJobKind } from './job.ts';
import { countByStatus, insertRows, listRows, type NewBulkRow, sentTransactions } from './repository.ts';

type StartInput = z.output<typeof startBulkRequestSchema>;
export type { StartBulkRequest };

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/**
 * POST /token/bulk (issue, force, and on a version 2 token freezeAddress, unfreezeAddress, freezeTokens, unfreezeTokens):
 * who may (the access module: a registered key holding the token's right), every row checked
 * (a wrong row is recorded failed with its row-numbered reason), then the durable job (job.ts) is queued.
 */
export async function startBulk(ctx: AppContext, runner: JobRunner, viewer: Viewer, input: StartInput) {
  const project = await requireDeployed(ctx, input.symbol, viewer);
  if (isBulkEnforcement(input.operation) && project.tokenVersion !== 2) {
    throw new HttpError(409, tokenEnforcementMessages.notVersion2);
  }
  await accessOf(ctx).bulkOperation(
    viewer,
    { contractAddress: project.contractAddress, operation: input.operation, address: input.accountAddress },
    () => signingKeyFor(ctx, viewer.accountId, input.accountAddress),
  );
  const { rows, errors } = checkBulkRows(input.operation, input.rows);
  const failed = new Map(errors.map((e) => [e.row, e.reason]));
  const records: NewBulkRow[] = [
    ...rows.map((r) => ({ ...r, status: 'pending' as const })),
    ...[...failed].map(([row, reason]) => {
      const raw = input.rows[row - 1];
      return {
        row,
        address: text(raw?.address),
        fromAddress: input.operation === 'force' ? text(raw?.fromAddress) : null,
        amount: text(raw?.amount),
        partition: text(raw?.partition),
        status: 'failed' as const,
        reason,
      };
    }),
  ];
  const payload: BulkPayload = {
    symbol: project.projectCode,
    operation: input.operation,
    accountAddress: input.accountAddress,
    accountId: viewer.accountId,
    contractAddress: project.contractAddress,
  };
  const job = await ctx.db.transaction(async (tx) => {
    const created = await runner.enqueue(bulkJobKind, payload, tx, {
      owner: { accountId: viewer.accountId, limit: maxQueuedJobsPerAccount },
    });
    await insertRows(tx, created.id, records);
    return created;
  });
  runner.wake();
  return { jobId: job.id };
}

/** GET /token/bulk/{jobId}: only the account that started it sees it (others: as if it did not exist). */
export async function getBulk(ctx: AppContext, viewer: Viewer, jobId: number): Promise<BulkJob> {
  const [job] = await ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.kind, bulkJobKind)))
    .limit(1);
  const payload = job?.payload as BulkPayload | undefined;
  if (!job || !payload || !accessOf(ctx).involved(viewer, [payload.accountId])) {
    throw new HttpError(404, b.notFound);
  }
  const [rows, counts, transactions] = await Promise.all([
    listRows(ctx.db, jobId),
    countByStatus(ctx.db, jobId),
    sentTransactions(ctx.db, jobId),
  ]);
  const state =
    job.state === 'failed'
      ? 'failed'
      : job.state === 'done'
        ? 'done'
        : (counts.get('pending') ?? 0) > 0
          ? 'checking'
          : 'running';
  return {
    jobId,
    symbol: payload.symbol,
    operation: payload.operation,
    accountAddress: payload.accountAddress,
    state,
    total: rows.length,
    done: counts.get('done') ?? 0,
    failed: counts.get('failed') ?? 0,
    transactions,
    error: job.state === 'failed' ? `${b.failed}: ${job.lastError ?? ''}` : null,
    rows: rows.map((r) => ({
      row: r.row,
      address: r.address,
      fromAddress: r.fromAddress,
      amount: r.amount,
      partition: r.partition,
      status: r.status,
      reason: r.reason,
      transactionHash: r.transactionHash,
    })),
  };
}
