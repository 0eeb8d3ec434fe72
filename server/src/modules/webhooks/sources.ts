import { dtxStatuses, type WebhookEventType } from '@tranche/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { bytes32Name } from '../../indexer/decode.ts';

/** What an event is about, for the access check of each would-be recipient. */
export type EventSubject =
  | { kind: 'token'; contractAddress: string }
  | { kind: 'whitelist'; address: string }
  | { kind: 'key'; keyId: number; generation: number }
  | { kind: 'draft'; accountId: number };

/** An event not recorded yet: its unique key, type, payload data and subject. */
export type FoundEvent = {
  eventKey: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  subject: EventSubject;
  /** token_events.id of a chain event (the cursor moves past it). */
  sourceId?: number;
};

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const str = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Token and whitelist events of the indexer's table (what the indexer stored) and the webhook type of each. */
const chainTypes: Record<string, WebhookEventType> = {
  IssuedByPartition: 'token.issued',
  RedeemedByPartition: 'token.redeemed',
  ControllerRedemption: 'token.redeemed',
  TransferByPartition: 'token.transferred',
  ControllerTransfer: 'token.transferred',
  Paused: 'token.paused',
  Unpaused: 'token.resumed',
  AddressVerified: 'whitelist.updated',
  VerificationUpdated: 'whitelist.updated',
  VerificationRemoved: 'whitelist.updated',
  CountrySet: 'whitelist.updated',
};

/** The highest token_events id (where a new cursor starts: history before the first look is not sent). */
export async function lastChainEventId(db: Database): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select coalesce(max(id), 0) as "last" from token_events`));
  return Number(row?.last ?? 0);
}

/**
 * The chain events stored by the indexer after `afterId` (at most `limit`), as webhook events. The key is the
 * log's place in its transaction, so an event read again (a restart, a reorg that mines it again) is one event.
 */
export async function chainEventsAfter(db: Database, afterId: number, limit = 500): Promise<FoundEvent[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select e.id, e.contract_address as "contract", e.block_number as "block", e.log_index as "logIndex",
        e.transaction_hash as "tx", e.event, e.partition, e.operator, e.from_address as "from",
        e.to_address as "to", e.amount, e.details, p.project_code as "symbol"
      from token_events e
      left join projects p on p.contract_address = e.contract_address
      where e.id > ${afterId}
      order by e.id
      limit ${limit}`),
  );
  return rows.map((row) => {
    const type = chainTypes[String(row.event)];
    const details = (row.details ?? {}) as Record<string, unknown>;
    const chain = {
      transactionHash: String(row.tx),
      blockNumber: Number(row.block),
      logIndex: Number(row.logIndex),
    };
    const base = { eventKey: `chain:${row.contract}:${row.tx}:${row.logIndex}`, sourceId: Number(row.id) };
    if (type === 'whitelist.updated') {
      return {
        ...base,
        type,
        subject: { kind: 'whitelist', address: String(row.contract) },
        data: {
          whitelistAddress: String(row.contract),
          ...chain,
          change: String(row.event),
          account: str(row.to) ?? str(details.account) ?? '',
          by: str(row.operator) ?? str(details.by),
        },
      };
    }
    const token = { symbol: str(row.symbol) ?? '', contractAddress: String(row.contract) };
    if (type === 'token.paused' || type === 'token.resumed') {
      return {
        ...base,
        type,
        subject: { kind: 'token', contractAddress: String(row.contract) },
        data: { ...token, ...chain, by: str(details.by) },
      };
    }
    return {
      ...base,
      // Events of no webhook type only move the cursor.
      type: (type ?? 'none') as WebhookEventType,
      subject: { kind: 'token', contractAddress: String(row.contract) },
      data: {
        ...token,
        ...chain,
        partition: row.partition ? bytes32Name(String(row.partition)) : null,
        from: str(row.from),
        to: str(row.to),
        amount: str(row.amount) ?? '0',
        operator: str(row.operator),
      },
    };
  });
}

/**
 * Distributed transaction and draft events not recorded yet, found from the state of the data (started, each
 * approval, executed, failed; a finished draft deployment). Only recent rows are looked at.
 */
export async function dataEventsUnrecorded(db: Database): Promise<FoundEvent[]> {
  const dtxRows = rowsOf(
    await db.execute(sql`
      with facts as (
        select d.id, 'dtx.started' as type, null::int as "approver", d.started_by as "by" from distributed_transactions d
          where d.started_on > now() - interval '2 days'
        union all
        select a.dtx_id, 'dtx.approved', a.account_id, a.account_id from dtx_approvals a
          join distributed_transactions d on d.id = a.dtx_id
          where a.signed_on > now() - interval '2 days' and a.account_id is distinct from d.started_by
        union all
        select d.id, case when d.status = ${dtxStatuses.done} then 'dtx.executed' else 'dtx.failed' end, null, null
          from distributed_transactions d
          where d.status in (${dtxStatuses.done}, ${dtxStatuses.failed}) and d.finished_on > now() - interval '2 days'
      )
      select f.type, f.approver, d.id, d.tx_type as "txType", d.status, d.tx_hash as "txHash",
        d.error_message as "error", d.key_id as "keyId", d.generation, k.address as "keyAddress",
        p.project_code as "symbol", acc.profile_name as "approvedBy"
      from facts f
      join distributed_transactions d on d.id = f.id
      join sharded_keys k on k.id = d.key_id
      left join projects p on p.id = d.project_id
      left join accounts acc on acc.id = f.approver
      where not exists (select 1 from webhook_events w
        where w.event_key = f.type || ':' || f.id || coalesce(':' || f.approver, ''))
      order by d.id
      limit 500`),
  );
  const draftRows = rowsOf(
    await db.execute(sql`
      select j.id as "jobId", t.account_id as "accountId", t.symbol, p.contract_address as "contractAddress"
      from jobs j
      -- The job's own draft (its payload), not the draft's latest job: a retry started right after a deployment
      -- finished must not hide that deployment's event.
      join token_drafts t on t.id = (j.payload->>'draftId')::int
      left join projects p on p.project_code = t.symbol
      where j.kind = 'draft.deploy' and j.state = 'done' and j.updated_on > now() - interval '2 days'
        and not exists (select 1 from webhook_events w where w.event_key = 'draft.deployed:' || j.id)
      limit 500`),
  );
  return [
    ...dtxRows.map(
      (row): FoundEvent => ({
        eventKey: `${row.type}:${row.id}${row.approver === null ? '' : `:${row.approver}`}`,
        type: String(row.type) as WebhookEventType,
        subject: { kind: 'key', keyId: Number(row.keyId), generation: Number(row.generation) },
        data: {
          dtxId: Number(row.id),
          txType: Number(row.txType),
          keyAddress: String(row.keyAddress),
          symbol: str(row.symbol),
          status: Number(row.status),
          transactionHash: str(row.txHash),
          error: str(row.error),
          approvedBy: str(row.approvedBy),
        },
      }),
    ),
    ...draftRows.map(
      (row): FoundEvent => ({
        eventKey: `draft.deployed:${row.jobId}`,
        type: 'draft.deployed',
        subject: { kind: 'draft', accountId: Number(row.accountId) },
        data: { symbol: String(row.symbol), contractAddress: str(row.contractAddress) },
      }),
    ),
  ];
}
