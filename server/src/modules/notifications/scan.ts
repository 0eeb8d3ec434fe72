import { dtxMessages, dtxStatuses } from '@tranche/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

/** One mail to record: its unique event key, kind (a preference), recipient and text parts. */
export type PendingNotice = {
  eventKey: string;
  kind: 'dtxStarted' | 'dtxFinished' | 'draftDeployed' | 'bulkFinished';
  accountId: number;
  /** What happened, for the subject and text. */
  event: string;
  dtxId: number | null;
  txType: number | null;
  keyName: string | null;
  keyAddress: string | null;
  symbol: string | null;
  detail: string | null;
  /** A distributed transaction's initiator comment, outcome and the signers yet to approve (issue 37). */
  dtx?: {
    comment: string | null;
    txHash: string | null;
    blockNumber: number | null;
    /** 'name <email>' of each signer who has not approved, in share order (pending only). */
    notApproved: string[];
  };
  /** A bulk operation's job and operation (kind bulkFinished). */
  bulk?: { jobId: number; operation: string };
};

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** A json column as node-postgres (parsed) or PGlite (parsed or text) answers it. */
function jsonList(value: unknown): string[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.map(String) : [];
}

/** dtx.executed / failed / aborted / expired from a finished transaction's status and message. */
export function finishedEvent(status: number, errorMessage: string | null): string {
  if (status === dtxStatuses.done) return 'dtx.executed';
  if (status === dtxStatuses.failed) return 'dtx.failed';
  return errorMessage === dtxMessages.expired ? 'dtx.expired' : 'dtx.aborted';
}

/**
 * Mail not yet recorded, found from the state of the data (no service has to call anything): each signer who has
 * not approved a pending transaction; every signer of a finished one; the owner of a finished draft deployment.
 * Only recent rows are looked at; the unique event key makes a second look (another instance) a no-op.
 */
export async function findUnrecorded(db: Database): Promise<PendingNotice[]> {
  const pending = dtxStatuses.pending;
  const finished = [dtxStatuses.done, dtxStatuses.failed, dtxStatuses.aborted];
  const dtxRows = rowsOf(
    await db.execute(sql`
      select d.id, d.tx_type as "txType", d.status, d.error_message as "errorMessage", k.name as "keyName",
        k.address as "keyAddress", p.project_code as "symbol", s.account_id as "accountId",
        d.comment, d.tx_hash as "txHash", d.block_number as "blockNumber",
        case when d.status = ${pending} then (
          select coalesce(json_agg(o.profile_name || ' <' || o.email_address || '>' order by u.id), '[]'::json)
          from key_shares u join accounts o on o.id = u.account_id
          where u.key_id = d.key_id and u.generation = d.generation and u.retired_on is null
            and not exists (select 1 from dtx_approvals a where a.dtx_id = d.id and a.account_id = u.account_id)
        ) else '[]'::json end as "notApproved",
        case when d.status = ${pending} then 'dtx.started' else 'dtx.finished' end as "family"
      from distributed_transactions d
      join sharded_keys k on k.id = d.key_id
      join key_shares s on s.key_id = d.key_id and s.generation = d.generation
      left join projects p on p.id = d.project_id
      where d.started_on > now() - interval '30 days'
        and (
          (d.status = ${pending} and not exists (
            select 1 from dtx_approvals a where a.dtx_id = d.id and a.account_id = s.account_id))
          or (d.status in (${sql.join(
            finished.map((status) => sql`${status}`),
            sql`, `,
          )}) and d.finished_on > now() - interval '2 days')
        )
        and not exists (
          select 1 from notification_events e
          where e.event_key = (case when d.status = ${pending} then 'dtx.started' else 'dtx.finished' end)
            || ':' || d.id || ':' || s.account_id)
      order by d.id
      limit 500`),
  );
  const draftRows = rowsOf(
    await db.execute(sql`
      select j.id as "jobId", j.state, t.account_id as "accountId", t.symbol, t.error_message as "errorMessage"
      from jobs j
      -- The job's own draft (its payload), not the draft's latest job: a retry started right after a deployment
      -- ended must not hide that deployment's notice.
      join token_drafts t on t.id = (j.payload->>'draftId')::int
      where j.kind = 'draft.deploy' and j.state in ('done', 'failed') and j.updated_on > now() - interval '2 days'
        and not exists (select 1 from notification_events e where e.event_key = 'draft.deploy:' || j.id)
      limit 500`),
  );
  // Bulk operations on a live token (issue 22): the account that started one, once it is done or stopped.
  const bulkRows = rowsOf(
    await db.execute(sql`
      select j.id as "jobId", j.state, j.last_error as "lastError", j.payload->>'accountId' as "accountId",
        j.payload->>'symbol' as "symbol", j.payload->>'operation' as "operation",
        (select count(*) from token_bulk_rows b where b.job_id = j.id and b.status = 'done') as "done",
        (select count(*) from token_bulk_rows b where b.job_id = j.id and b.status = 'failed') as "failed"
      from jobs j
      where j.kind = 'token.bulk' and j.state in ('done', 'failed') and j.updated_on > now() - interval '2 days'
        and not exists (select 1 from notification_events e where e.event_key = 'token.bulk:' || j.id)
      limit 500`),
  );
  return [
    ...bulkRows.map(
      (row): PendingNotice => ({
        eventKey: `token.bulk:${row.jobId}`,
        kind: 'bulkFinished',
        accountId: Number(row.accountId),
        event: row.state === 'done' ? 'bulk.done' : 'bulk.failed',
        dtxId: null,
        txType: null,
        keyName: null,
        keyAddress: null,
        bulk: { jobId: Number(row.jobId), operation: String(row.operation) },
        symbol: String(row.symbol),
        detail:
          row.state === 'done'
            ? `${Number(row.done)} rows done, ${Number(row.failed)} refused`
            : ((row.lastError as string | null) ?? null),
      }),
    ),
    ...dtxRows.map((row): PendingNotice => {
      const started = row.family === 'dtx.started';
      return {
        eventKey: `${String(row.family)}:${row.id}:${row.accountId}`,
        kind: started ? 'dtxStarted' : 'dtxFinished',
        accountId: Number(row.accountId),
        event: started
          ? 'dtx.started'
          : finishedEvent(Number(row.status), (row.errorMessage as string) ?? null),
        dtxId: Number(row.id),
        txType: Number(row.txType),
        keyName: String(row.keyName),
        keyAddress: String(row.keyAddress),
        symbol: (row.symbol as string | null) ?? null,
        detail: (row.errorMessage as string | null) ?? null,
        dtx: {
          comment: (row.comment as string | null) ?? null,
          txHash: (row.txHash as string | null) ?? null,
          blockNumber:
            row.blockNumber === null || row.blockNumber === undefined ? null : Number(row.blockNumber),
          notApproved: jsonList(row.notApproved),
        },
      };
    }),
    ...draftRows.map(
      (row): PendingNotice => ({
        eventKey: `draft.deploy:${row.jobId}`,
        kind: 'draftDeployed',
        accountId: Number(row.accountId),
        event: row.state === 'done' ? 'draft.deployed' : 'draft.failed',
        dtxId: null,
        txType: null,
        keyName: null,
        keyAddress: null,
        symbol: String(row.symbol),
        detail: (row.errorMessage as string | null) ?? null,
      }),
    ),
  ];
}
