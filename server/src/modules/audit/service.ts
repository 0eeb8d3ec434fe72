import {
  type AuditLogPage,
  type AuditLogQuery,
  type AuditPack,
  type Auditor,
  auditMessages as m,
  type Session,
} from '@tranche/api';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessOf } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { indexedBlockOf } from '../holders/index.ts';
import { paged, requireDeployed } from '../projects/service.ts';
import { blockAtOrBefore } from '../snapshots/service.ts';
import { anchorHead, lastAnchor, requestAnchor } from './anchor.ts';
import { appendAudit, ofToken, pageOf } from './log.ts';
import { buildPack } from './pack.ts';
import { auditPacks, tokenAuditors } from './schema.ts';
import { verifyChain } from './verifier.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'caches' | 'masterKey'>;
type Token = Awaited<ReturnType<typeof requireDeployed>>;

export const packJobKind = 'audit.pack';

/** The token by symbol and the viewer's role on its audit trail (403 for anyone without one). */
async function tokenFor(ctx: Ctx, session: Session, symbol: string) {
  const token = await requireDeployed(ctx, symbol, session);
  const role = await accessOf(ctx).auditTrail(session, { token });
  return { token, role };
}

function tokenObjects(token: Token): string[] {
  return [token.contractAddress, token.whitelistAddress ?? '', token.securitySchemeAddress ?? ''];
}

/** Appends the audit module's own actions (auditors, packs, anchors). */
function record(
  ctx: Ctx,
  session: Session,
  request: FastifyRequest,
  token: Token,
  action: string,
  after: unknown,
  before: unknown = null,
) {
  return appendAudit(ctx.db, [
    {
      accountId: session.accountId,
      actor: session.loginName,
      requestId: request.id,
      symbol: token.projectCode,
      object: token.contractAddress.toLowerCase(),
      action,
      before,
      after,
    },
  ]);
}

export async function auditLogPage(
  ctx: Ctx,
  session: Session,
  symbol: string,
  query: AuditLogQuery & { page: number; pageSize: number },
): Promise<AuditLogPage> {
  const { token, role } = await tokenFor(ctx, session, symbol);
  const { rows, total } = await pageOf(
    ctx.db,
    ofToken(token.projectCode, tokenObjects(token)),
    query,
    query.page,
    query.pageSize,
  );
  return {
    ...paged(
      rows.map(({ accountId: _, ...row }) => row),
      total,
      query.page,
      query.pageSize,
    ),
    role,
  };
}

export async function verifyAudit(ctx: Ctx, session: Session, symbol: string) {
  await tokenFor(ctx, session, symbol);
  return verifyChain(ctx);
}

/** Anchors the head now (the owner, controller and OP: an auditor only reads). */
export async function anchorOnDemand(ctx: Ctx, runner: JobRunner, session: Session, symbol: string) {
  const { role } = await tokenFor(ctx, session, symbol);
  if (role === 'auditor') throw new HttpError(403, m.notAllowed(symbol));
  const jobId = (await requestAnchor(ctx, runner)) ?? null;
  const last = await lastAnchor(ctx);
  return {
    jobId,
    anchor: last
      ? {
          seq: last.seq,
          block: last.blockNumber ?? 0,
          hash: last.hash,
          transactionHash: last.transactionHash,
        }
      : null,
  };
}

// ---- auditors ---------------------------------------------------------------------------------------------------

export async function listAuditors(ctx: Ctx, session: Session, symbol: string): Promise<Auditor[]> {
  const { token } = await tokenFor(ctx, session, symbol);
  return auditorsOf(ctx, token.id);
}

async function auditorsOf(ctx: Ctx, projectId: number): Promise<Auditor[]> {
  const rows = await ctx.db
    .select({
      email: accounts.emailAddress,
      profileName: accounts.profileName,
      grantedOn: tokenAuditors.grantedOn,
    })
    .from(tokenAuditors)
    .innerJoin(accounts, eq(accounts.id, tokenAuditors.accountId))
    .where(eq(tokenAuditors.projectId, projectId))
    .orderBy(tokenAuditors.grantedOn);
  return rows.map((row) => ({ ...row, grantedOn: row.grantedOn.toISOString() }));
}

export async function setAuditor(
  ctx: Ctx,
  session: Session,
  request: FastifyRequest,
  symbol: string,
  email: string,
  grant: boolean,
): Promise<Auditor[]> {
  const token = await requireDeployed(ctx, symbol, session);
  await accessOf(ctx).manageAuditors(session, { token });
  const [account] = await ctx.db
    .select({ id: accounts.id, confirmedOn: accounts.confirmedOn })
    .from(accounts)
    .where(eq(accounts.emailAddress, email.toLowerCase()))
    .limit(1);
  if (!account || account.confirmedOn === null) throw new HttpError(404, m.noAccount(email));
  if (grant) {
    await ctx.db
      .insert(tokenAuditors)
      .values({ projectId: token.id, accountId: account.id, grantedBy: session.accountId })
      .onConflictDoNothing();
  } else {
    const removed = await ctx.db
      .delete(tokenAuditors)
      .where(and(eq(tokenAuditors.projectId, token.id), eq(tokenAuditors.accountId, account.id)))
      .returning();
    if (removed.length === 0) throw new HttpError(404, m.notAuditor(email));
  }
  await record(ctx, session, request, token, grant ? 'auditor.grant' : 'auditor.revoke', {
    auditor: email.toLowerCase(),
  });
  return auditorsOf(ctx, token.id);
}

// ---- packs ------------------------------------------------------------------------------------------------------

type PackRow = Omit<typeof auditPacks.$inferSelect, 'zip'>;

function packOf(
  row: PackRow,
  job: { state: string; step: string; progress: Record<string, unknown> } | null,
): AuditPack {
  const state = (job?.state ?? (row.finishedOn ? 'done' : 'queued')) as AuditPack['state'];
  const percent = Number(job?.progress?.percent ?? 0);
  return {
    id: row.id,
    symbol: row.symbol,
    requestedBy: row.requestedBy,
    createdOn: row.createdOn.toISOString(),
    blockNumber: row.blockNumber,
    from: row.fromTime,
    to: row.toTime,
    state,
    progress: state === 'done' ? 100 : Math.max(0, Math.min(99, Math.round(percent))),
    step: state === 'done' ? 'done' : (job?.step ?? 'start'),
    bytes: null,
    digest: row.digest,
  };
}

const packColumns = {
  id: auditPacks.id,
  projectId: auditPacks.projectId,
  symbol: auditPacks.symbol,
  accountId: auditPacks.accountId,
  requestedBy: auditPacks.requestedBy,
  jobId: auditPacks.jobId,
  blockNumber: auditPacks.blockNumber,
  fromTime: auditPacks.fromTime,
  toTime: auditPacks.toTime,
  digest: auditPacks.digest,
  createdOn: auditPacks.createdOn,
  finishedOn: auditPacks.finishedOn,
};

async function packsWhere(ctx: Ctx, condition: ReturnType<typeof eq>): Promise<AuditPack[]> {
  const rows = await ctx.db
    .select({
      pack: packColumns,
      bytes: sql<number | null>`octet_length(${auditPacks.zip})`,
      job: { state: jobs.state, step: jobs.step, progress: jobs.progress },
    })
    .from(auditPacks)
    .leftJoin(jobs, eq(jobs.id, auditPacks.jobId))
    .where(condition)
    .orderBy(desc(auditPacks.id))
    .limit(100);
  return rows.map((row) => ({
    ...packOf(row.pack, row.job?.state ? row.job : null),
    bytes: row.bytes === null ? null : Number(row.bytes),
  }));
}

export async function createPack(
  ctx: Ctx,
  runner: JobRunner,
  session: Session,
  request: FastifyRequest,
  symbol: string,
  body: {
    blockNumber?: number | undefined;
    date?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<{ id: number }> {
  const { token } = await tokenFor(ctx, session, symbol);
  const latest = await ctx.chain.blockNumber();
  const blockNumber =
    body.blockNumber ?? (await blockAtOrBefore(ctx, Math.floor(Date.parse(body.date ?? '') / 1000), latest));
  if (blockNumber > latest) throw new HttpError(400, m.blockInFuture);
  const indexed = (await indexedBlockOf(ctx.db, token.contractAddress.toLowerCase())) ?? -1;
  if (blockNumber > indexed) throw new HttpError(409, m.blockNotIndexed(blockNumber, indexed));
  const pack = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(auditPacks)
      .values({
        projectId: token.id,
        symbol: token.projectCode,
        accountId: session.accountId,
        requestedBy: session.loginName,
        blockNumber,
        fromTime: body.from ?? null,
        toTime: body.to ?? null,
      })
      .returning({ id: auditPacks.id });
    if (!row) throw new Error('The pack was not recorded');
    // The request's log entry commits with the pack and its job: the job, which anchors the log's head before it
    // builds, never starts before the entry exists (it did, now and then, and the head it anchored was the old one).
    await record({ ...ctx, db: tx as unknown as AppContext['db'] }, session, request, token, 'export.pack', {
      pack: row.id,
      blockNumber,
      from: body.from ?? null,
      to: body.to ?? null,
    });
    const job = await runner.enqueue(packJobKind, { packId: row.id }, tx as unknown as AppContext['db']);
    await tx.update(auditPacks).set({ jobId: job.id }).where(eq(auditPacks.id, row.id));
    return row;
  });
  return pack;
}

export async function listPacks(ctx: Ctx, session: Session, symbol: string): Promise<AuditPack[]> {
  const { token } = await tokenFor(ctx, session, symbol);
  return packsWhere(ctx, eq(auditPacks.projectId, token.id));
}

async function requirePack(ctx: Ctx, session: Session, id: number) {
  const [row] = await ctx.db.select(packColumns).from(auditPacks).where(eq(auditPacks.id, id)).limit(1);
  if (!row) throw new HttpError(404, m.packNotFound);
  try {
    return { row, ...(await tokenFor(ctx, session, row.symbol)) };
  } catch (error) {
    // A pack of a token the viewer may not audit is answered like an unknown one.
    if (error instanceof HttpError && error.statusCode === 403) throw new HttpError(404, m.packNotFound);
    throw error;
  }
}

export async function getPack(ctx: Ctx, session: Session, id: number): Promise<AuditPack> {
  await requirePack(ctx, session, id);
  const [pack] = await packsWhere(ctx, eq(auditPacks.id, id));
  if (!pack) throw new HttpError(404, m.packNotFound);
  return pack;
}

export async function packZip(
  ctx: Ctx,
  session: Session,
  request: FastifyRequest,
  id: number,
): Promise<{ zip: Buffer; name: string }> {
  const { row, token } = await requirePack(ctx, session, id);
  const [stored] = await ctx.db
    .select({ zip: auditPacks.zip })
    .from(auditPacks)
    .where(and(eq(auditPacks.id, id), isNotNull(auditPacks.zip)))
    .limit(1);
  if (!stored?.zip) throw new HttpError(409, m.packNotReady);
  await record(ctx, session, request, token, 'export.pack-download', { pack: id, digest: row.digest });
  return { zip: stored.zip, name: `${row.symbol}-pack-${id}-block-${row.blockNumber}.zip` };
}

/** The pack job: anchors the log's head (so the extract is covered), builds the zip, keeps it. */
export function registerPackJob(ctx: Ctx, runner: JobRunner): void {
  runner.register(packJobKind, async (job, tools) => {
    const packId = Number(job.payload.packId);
    const [row] = await ctx.db.select(packColumns).from(auditPacks).where(eq(auditPacks.id, packId)).limit(1);
    if (!row || row.finishedOn) return;
    const token = await requireDeployed(ctx, row.symbol);
    await tools.setStep('anchor', { percent: 2 });
    await anchorHead(ctx, job.id, 'anchor', tools.signal);
    const built = await buildPack(
      ctx,
      {
        token: { ...token, contractAddress: token.contractAddress },
        blockNumber: row.blockNumber ?? 0,
        from: row.fromTime,
        to: row.toTime,
        requestedBy: row.requestedBy,
      },
      (step, percent, timings) => tools.setStep(step, { percent, timings }),
    );
    await ctx.db
      .update(auditPacks)
      .set({ zip: Buffer.from(built.zip), digest: built.digest, finishedOn: new Date() })
      .where(eq(auditPacks.id, packId));
  });
}
