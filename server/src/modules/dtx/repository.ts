import { dtxStatuses } from '@tranche/api';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';
import { projects } from '../projects/schema.ts';
import { securitySchemes } from '../rbac/schema.ts';
import { keyShares, shardedKeys } from '../sharding/schema.ts';
import { distributedTransactions, dtxApprovals } from './schema.ts';

export type DtxRow = typeof distributedTransactions.$inferSelect;
export type ApprovalRow = typeof dtxApprovals.$inferSelect;

export async function findDtx(db: Database, id: number): Promise<DtxRow | undefined> {
  const [row] = await db
    .select()
    .from(distributedTransactions)
    .where(eq(distributedTransactions.id, id))
    .limit(1);
  return row;
}

export type PendingConflict = { pending: DtxRow; startedByName: string | null };

/**
 * Inserts a transaction with its starter's approval, unless the key has a pending transaction already (answered
 * instead, nothing written): one pending transaction per key, so approval shares of one key are never spread over
 * several transactions (the partial unique index distributed_transactions_one_pending_key enforces it too).
 */
export async function insertDtx(
  db: Database,
  values: Omit<typeof distributedTransactions.$inferInsert, 'id' | 'status'>,
  approval: (dtxId: number) => Omit<typeof dtxApprovals.$inferInsert, 'id' | 'dtxId'>,
): Promise<DtxRow | PendingConflict> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: shardedKeys.id })
      .from(shardedKeys)
      .where(eq(shardedKeys.id, values.keyId))
      .for('update');
    const [pending] = await tx
      .select({ dtx: distributedTransactions, startedByName: accounts.profileName })
      .from(distributedTransactions)
      .leftJoin(accounts, eq(accounts.id, distributedTransactions.startedBy))
      .where(
        and(
          eq(distributedTransactions.keyId, values.keyId),
          eq(distributedTransactions.status, dtxStatuses.pending),
        ),
      )
      .limit(1);
    if (pending) return { pending: pending.dtx, startedByName: pending.startedByName };
    const [row] = await tx
      .insert(distributedTransactions)
      .values({ ...values, status: dtxStatuses.pending })
      .returning();
    const inserted = row as DtxRow;
    await tx.insert(dtxApprovals).values({ ...approval(inserted.id), dtxId: inserted.id });
    return inserted;
  });
}

/** Pending transactions past their expiry (of one key, or all): aborted as expired, their approval shares wiped. */
export async function expireDue(db: Database, message: string, keyId?: number): Promise<number[]> {
  const due = await db
    .select({ id: distributedTransactions.id })
    .from(distributedTransactions)
    .where(
      and(
        eq(distributedTransactions.status, dtxStatuses.pending),
        lte(distributedTransactions.expiresOn, sql`now()`),
        keyId === undefined ? undefined : eq(distributedTransactions.keyId, keyId),
      ),
    );
  const expired: number[] = [];
  for (const { id } of due) {
    if (await finishDtx(db, id, { status: dtxStatuses.aborted, errorMessage: message }, true))
      expired.push(id);
  }
  return expired;
}

/**
 * Adds an approval under a row lock of the transaction. Answers 'finished' or 'twice' without writing when the
 * transaction is no longer pending or the signer approved already, 'added' below the threshold. At the threshold
 * it answers 'ready' with every approval's sealed share (by account id), erased from the database in the same
 * database transaction and the transaction marked running: the database never holds M shares of a key.
 */
export async function addApproval<J extends { id: number }>(
  db: Database,
  dtxId: number,
  approval: Omit<typeof dtxApprovals.$inferInsert, 'id' | 'dtxId'>,
  /** At the threshold, in the same database transaction: the durable job that will run it. */
  adoptJob: (tx: Database) => Promise<J>,
): Promise<
  { outcome: 'finished' | 'twice' | 'added' } | { outcome: 'ready'; sealed: Map<number, string>; job: J }
> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(distributedTransactions)
      .where(eq(distributedTransactions.id, dtxId))
      .for('update');
    if (!row || row.status !== dtxStatuses.pending) return { outcome: 'finished' as const };
    if (row.expiresOn && row.expiresOn.getTime() <= Date.now()) return { outcome: 'finished' as const };
    const inserted = await tx
      .insert(dtxApprovals)
      .values({ ...approval, dtxId })
      .onConflictDoNothing()
      .returning({ id: dtxApprovals.id });
    if (inserted.length === 0) return { outcome: 'twice' as const };
    const approvals = await tx
      .select({ accountId: dtxApprovals.accountId, sealedShare: dtxApprovals.sealedShare })
      .from(dtxApprovals)
      .where(eq(dtxApprovals.dtxId, dtxId));
    if (approvals.length < row.requiredApprovers) return { outcome: 'added' as const };
    await tx.update(dtxApprovals).set({ sealedShare: null }).where(eq(dtxApprovals.dtxId, dtxId));
    const job = await adoptJob(tx as unknown as Database);
    await tx
      .update(distributedTransactions)
      .set({ status: dtxStatuses.executing, jobId: job.id })
      .where(eq(distributedTransactions.id, dtxId));
    const sealed = new Map<number, string>();
    for (const item of approvals) if (item.sealedShare !== null) sealed.set(item.accountId, item.sealedShare);
    return { outcome: 'ready' as const, sealed, job };
  });
}

/** Finishes a pending or running transaction and erases the shares its approvals held. */
export async function finishDtx(
  db: Database,
  dtxId: number,
  values: {
    status: number;
    errorMessage?: string | null;
    txHash?: string | null;
    blockNumber?: number | null;
  },
  onlyIfPending = false,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(distributedTransactions)
      .set({ ...values, finishedOn: new Date() })
      .where(
        and(
          eq(distributedTransactions.id, dtxId),
          onlyIfPending
            ? eq(distributedTransactions.status, dtxStatuses.pending)
            : inArray(distributedTransactions.status, [dtxStatuses.pending, dtxStatuses.executing]),
        ),
      )
      .returning({ id: distributedTransactions.id });
    await tx.update(dtxApprovals).set({ sealedShare: null }).where(eq(dtxApprovals.dtxId, dtxId));
    return updated.length === 1;
  });
}

export async function setDtxHash(db: Database, dtxId: number, txHash: string): Promise<void> {
  await db.update(distributedTransactions).set({ txHash }).where(eq(distributedTransactions.id, dtxId));
}

/** The approvals of a transaction with their shares (still sealed) and signer profiles, in order. */
export async function listApprovals(db: Database, dtxIds: number[]) {
  if (dtxIds.length === 0) return [];
  return db
    .select({
      dtxId: dtxApprovals.dtxId,
      accountId: dtxApprovals.accountId,
      shareId: dtxApprovals.shareId,
      sealedShare: dtxApprovals.sealedShare,
      signedOn: dtxApprovals.signedOn,
      profileName: accounts.profileName,
      shareDigest: keyShares.shareDigest,
    })
    .from(dtxApprovals)
    .innerJoin(accounts, eq(accounts.id, dtxApprovals.accountId))
    .innerJoin(keyShares, eq(keyShares.id, dtxApprovals.shareId))
    .where(inArray(dtxApprovals.dtxId, dtxIds))
    .orderBy(asc(dtxApprovals.id));
}

/** Pending transactions of a key generation (made void when a reshard is activated). */
export async function pendingOfGeneration(
  db: Database,
  keyId: number,
  generation: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: distributedTransactions.id })
    .from(distributedTransactions)
    .where(
      and(
        eq(distributedTransactions.keyId, keyId),
        eq(distributedTransactions.generation, generation),
        eq(distributedTransactions.status, dtxStatuses.pending),
      ),
    );
  return rows.map((row) => row.id);
}

/** Transactions left running (executing) by a process, with their job. */
export async function listExecuting(db: Database) {
  return db
    .select()
    .from(distributedTransactions)
    .where(eq(distributedTransactions.status, dtxStatuses.executing));
}

const starter = alias(accounts, 'starter');
const signerShare = alias(keyShares, 'signer_share');

function listedColumns() {
  return {
    dtx: distributedTransactions,
    keyAddress: shardedKeys.address,
    keyName: shardedKeys.name,
    startedByName: starter.profileName,
    projectCode: projects.projectCode,
    projectName: projects.projectName,
    contractAddress: projects.contractAddress,
  };
}

/** Transactions of the keys (generations) the account signs: pending only, or a page of all, newest first. */
export async function listVisibleDtx(
  db: Database,
  accountId: number,
  options: { pendingOnly: boolean; limit: number; offset: number; statuses?: number[] },
) {
  const where = and(
    options.pendingOnly ? eq(distributedTransactions.status, dtxStatuses.pending) : undefined,
    options.statuses ? inArray(distributedTransactions.status, options.statuses) : undefined,
    isNotNull(signerShare.id),
  );
  return db
    .select(listedColumns())
    .from(distributedTransactions)
    .innerJoin(shardedKeys, eq(shardedKeys.id, distributedTransactions.keyId))
    .innerJoin(
      signerShare,
      and(
        eq(signerShare.keyId, distributedTransactions.keyId),
        eq(signerShare.generation, distributedTransactions.generation),
        eq(signerShare.accountId, accountId),
      ),
    )
    .leftJoin(starter, eq(starter.id, distributedTransactions.startedBy))
    .leftJoin(projects, eq(projects.id, distributedTransactions.projectId))
    .where(where)
    .orderBy(desc(distributedTransactions.id))
    .limit(options.limit)
    .offset(options.offset);
}

export async function countVisibleDtx(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(distributedTransactions)
    .innerJoin(
      signerShare,
      and(
        eq(signerShare.keyId, distributedTransactions.keyId),
        eq(signerShare.generation, distributedTransactions.generation),
        eq(signerShare.accountId, accountId),
      ),
    );
  return row?.value ?? 0;
}

/** One transaction with its key, starter and token (with the token's scheme), for its detail. */
export async function findDtxDetail(db: Database, id: number) {
  const [row] = await db
    .select({
      ...listedColumns(),
      threshold: shardedKeys.threshold,
      total: shardedKeys.total,
      projectStatus: projects.status,
      whitelistAddress: projects.whitelistAddress,
      whitelistName: projects.whitelistName,
      schemeAddress: projects.securitySchemeAddress,
      schemeName: securitySchemes.schemeName,
    })
    .from(distributedTransactions)
    .innerJoin(shardedKeys, eq(shardedKeys.id, distributedTransactions.keyId))
    .leftJoin(starter, eq(starter.id, distributedTransactions.startedBy))
    .leftJoin(projects, eq(projects.id, distributedTransactions.projectId))
    .leftJoin(securitySchemes, eq(securitySchemes.address, projects.securitySchemeAddress))
    .where(eq(distributedTransactions.id, id))
    .limit(1);
  return row;
}

export type ListedDtx = Awaited<ReturnType<typeof listVisibleDtx>>[number];

/**
 * The signers of each transaction's key generation who have not approved it (issue 37), with the name and email
 * co-signers see of each other (as the key's status shows them), in share order: dtx id → signers.
 */
export async function listUnapproved(
  db: Database,
  dtxIds: number[],
): Promise<Map<number, { name: string; emailAddress: string }[]>> {
  const found = new Map<number, { name: string; emailAddress: string }[]>();
  if (dtxIds.length === 0) return found;
  const rows = await db
    .select({
      dtxId: distributedTransactions.id,
      name: accounts.profileName,
      emailAddress: accounts.emailAddress,
    })
    .from(distributedTransactions)
    .innerJoin(
      keyShares,
      and(
        eq(keyShares.keyId, distributedTransactions.keyId),
        eq(keyShares.generation, distributedTransactions.generation),
      ),
    )
    .innerJoin(accounts, eq(accounts.id, keyShares.accountId))
    .where(
      and(
        inArray(distributedTransactions.id, dtxIds),
        // A signer who declined their share cannot approve.
        isNull(keyShares.retiredOn),
        sql`not exists (select 1 from ${dtxApprovals} where ${dtxApprovals.dtxId} = ${distributedTransactions.id}
          and ${dtxApprovals.accountId} = ${keyShares.accountId})`,
      ),
    )
    .orderBy(asc(keyShares.id));
  for (const row of rows) {
    const list = found.get(row.dtxId) ?? [];
    list.push({ name: row.name, emailAddress: row.emailAddress });
    found.set(row.dtxId, list);
  }
  return found;
}
