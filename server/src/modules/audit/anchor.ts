import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseEther, toQuantity } from 'ethers';
import type { AppContext } from '../../context.ts';
import { sendDurably } from '../../jobs/durableTransaction.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { everyWhileUp } from '../../jobs/ticker.ts';
import { anchorKey } from './keys.ts';
import { headOf } from './log.ts';
import { auditAnchors } from './schema.ts';
import { anchorCalldata } from './verify.mjs';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey'>;
export type AnchorRow = typeof auditAnchors.$inferSelect;

export const anchorJobKind = 'audit.anchor';

/** Seconds between anchors: AUDIT_ANCHOR_INTERVAL (default 3600, hourly). */
export function anchorIntervalSeconds(value: string | undefined = process.env.AUDIT_ANCHOR_INTERVAL): number {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 3600;
}

/**
 * The gas an anchor takes (no code runs): the base cost and its calldata, 16 per non-zero byte and 4 per zero byte,
 * or, where EIP-7623 applies (Prague), its floor of 10 per calldata token (4 tokens a non-zero byte, 1 a zero byte)
 * when higher. About 23,000 for the 54-byte marker, whatever the log's size.
 */
export function anchorGas(data: string): bigint {
  const bytes = Buffer.from(data.slice(2), 'hex');
  const zero = BigInt(bytes.filter((byte) => byte === 0).length);
  const nonZero = BigInt(bytes.length) - zero;
  const standard = 21_000n + 16n * nonZero + 4n * zero;
  const floor = 21_000n + 10n * (4n * nonZero + zero);
  return standard > floor ? standard : floor;
}

/** The anchors mined, oldest first. */
export function minedAnchors(ctx: Pick<Ctx, 'db'>): Promise<AnchorRow[]> {
  return ctx.db
    .select()
    .from(auditAnchors)
    .where(isNotNull(auditAnchors.blockNumber))
    .orderBy(auditAnchors.seq, auditAnchors.id);
}

export async function lastAnchor(ctx: Pick<Ctx, 'db'>): Promise<AnchorRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(auditAnchors)
    .where(isNotNull(auditAnchors.blockNumber))
    .orderBy(desc(auditAnchors.seq), desc(auditAnchors.id))
    .limit(1);
  return row;
}

/** On the embedded chain the anchor key gets its gas money from the chain itself (no transaction). */
async function fundLocally(ctx: Ctx, address: string): Promise<void> {
  if (!ctx.chain.local) return;
  const balance = await ctx.chain.provider.getBalance(address);
  if (balance < parseEther('0.1'))
    await ctx.chain.provider.send('anvil_setBalance', [address, toQuantity(parseEther('10'))]);
}

/**
 * Writes the log's head hash on-chain in one transaction of a durable job's step: a calldata marker
 * (`tranche-audit:` + seq + hash, 54 bytes, about 23,000 gas) sent by the platform's anchor key to its own address,
 * through the durable sender (recorded before broadcast, resumed after a crash). Answers the anchor row; the head
 * already anchored answers its anchor without sending.
 */
export async function anchorHead(
  ctx: Ctx,
  jobId: number,
  stepKey: string,
  signal?: AbortSignal,
): Promise<AnchorRow | undefined> {
  const [done] = await ctx.db
    .select()
    .from(auditAnchors)
    .where(and(eq(auditAnchors.jobId, jobId), isNotNull(auditAnchors.blockNumber)))
    .limit(1);
  if (done) return done;
  const head = await headOf(ctx.db);
  if (!head) return undefined;
  const latest = await lastAnchor(ctx);
  if (latest && latest.seq === head.seq) return latest;
  const key = await anchorKey(ctx);
  await fundLocally(ctx, key.address);
  const data = anchorCalldata(head.seq, head.hash);
  const { receipt, row } = await sendDurably({
    db: ctx.db,
    provider: ctx.chain.provider,
    jobId,
    stepKey,
    privateKey: key.privateKey,
    transaction: { to: key.address, data },
    gasLimit: anchorGas(data),
    ...(signal ? { signal } : {}),
  });
  // The step's transaction may be one sent before a restart, for an older head: its own calldata says which.
  const sent = await ctx.chain.provider.getTransaction(row.hash);
  const raw = Buffer.from((sent?.data ?? data).slice(2), 'hex');
  const seq = Number(raw.readBigUInt64BE(14));
  const hash = raw.subarray(22).toString('hex');
  const [anchor] = await ctx.db
    .insert(auditAnchors)
    .values({
      seq,
      hash,
      jobId,
      transactionHash: row.hash,
      blockNumber: receipt.blockNumber,
      gasUsed: Number(receipt.gasUsed),
    })
    .returning();
  return anchor;
}

/** Queues an anchor job unless one is queued or running, or the head is anchored already. */
export async function requestAnchor(ctx: Ctx, runner: JobRunner): Promise<number | undefined> {
  const head = await headOf(ctx.db);
  const latest = await lastAnchor(ctx);
  if (!head || latest?.seq === head.seq) return undefined;
  const [pending] = await ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, anchorJobKind), inArray(jobs.state, ['queued', 'running'])))
    .limit(1);
  if (pending) return pending.id;
  return (await runner.enqueue(anchorJobKind, {})).id;
}

/** Registers the anchor job and the interval that queues it (AUDIT_ANCHOR_INTERVAL seconds). */
export function registerAnchoring(app: FastifyInstance, ctx: AppContext, runner: JobRunner): void {
  runner.register(anchorJobKind, async (job, tools) => {
    await anchorHead(ctx, job.id, 'anchor', tools.signal);
  });
  everyWhileUp(app, anchorIntervalSeconds() * 1000, 'audit anchor', async () => {
    await requestAnchor(ctx, runner);
  });
}
