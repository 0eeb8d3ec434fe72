import { dtxStatuses, type WebhookEventType, whitelistExpiringDays } from '@tranche/api';
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
  // Version 2 enforcement (issue 36): an address (un)frozen, amounts (un)frozen (a forced transfer or redemption
  // that took frozen tokens unfreezes them too), a recovery. ERC-7943's Frozen and the FrozenByPartition beside
  // each change are the same facts again, so they send nothing.
  AddressFrozen: 'token.frozen',
  TokensFrozen: 'token.frozen',
  TokensUnfrozen: 'token.unfrozen',
  RecoverySuccess: 'token.recovered',
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
        e.to_address as "to", e.amount, e.details, p.project_code as "symbol",
        fp.partition as "frozenPartition", fp.frozen as "frozenAfter", fp.n as "frozenPartitions"
      from token_events e
      left join projects p on p.contract_address = e.contract_address
      -- An amount (un)frozen: the partition it changed and what stays frozen there, when the transaction changed
      -- one partition of the account (ERC-3643's freezePartialTokens may spread over several: then none).
      left join lateral (
        select min(f.partition) as partition, min(f.amount) as frozen, count(*) as n
        from token_events f
        where e.event in ('TokensFrozen', 'TokensUnfrozen') and f.contract_address = e.contract_address
          and f.transaction_hash = e.transaction_hash and f.event = 'FrozenByPartition'
          and f.from_address = e.from_address and f.log_index < e.log_index
      ) fp on true
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
    if (type === 'token.frozen' && row.event === 'AddressFrozen') {
      const frozen = details.frozen === true || details.frozen === 'true';
      return {
        ...base,
        type: frozen ? 'token.frozen' : 'token.unfrozen',
        subject: { kind: 'token', contractAddress: String(row.contract) },
        data: {
          ...token,
          ...chain,
          scope: 'address',
          account: str(row.from) ?? '',
          amount: null,
          partition: null,
          frozenAfter: null,
          by: str(row.operator),
        },
      };
    }
    if (type === 'token.frozen' || type === 'token.unfrozen') {
      const one = Number(row.frozenPartitions ?? 0) === 1;
      return {
        ...base,
        type,
        subject: { kind: 'token', contractAddress: String(row.contract) },
        data: {
          ...token,
          ...chain,
          scope: 'amount',
          account: str(row.from) ?? '',
          amount: str(row.amount) ?? '0',
          partition: one && row.frozenPartition ? bytes32Name(String(row.frozenPartition)) : null,
          frozenAfter: one ? str(row.frozenAfter) : null,
          by: null,
        },
      };
    }
    if (type === 'token.recovered') {
      return {
        ...base,
        type,
        subject: { kind: 'token', contractAddress: String(row.contract) },
        data: { ...token, ...chain, lostAddress: str(row.from) ?? '', newAddress: str(row.to) ?? '' },
      };
    }
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
  const expiring = await expiringRecords(db, whitelistExpiringDays);
  return [
    ...expiring,
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

/**
 * 'whitelist.expiring' (issue 36): records of registered whitelists (WhitelistV2) whose expiry, as the indexer last
 * saw it set, falls within `days` from now and has not passed; once per record and expiry (a renewal to a later
 * date that comes within the window again is a new event). A record removed or added again since has no expiry.
 */
export async function expiringRecords(db: Database, days: number): Promise<FoundEvent[]> {
  const rows = rowsOf(
    await db.execute(sql`
      -- Only records that ever had an expiry set (found through the (contract, event) index), each with its latest
      -- verification event: this runs at every webhook pass, and whitelists without expiries cost nothing.
      with candidates as (
        select distinct e.contract_address as "whitelist", e.to_address as "account"
        from whitelists w
        join token_events e on e.contract_address = w.address and e.event = 'ExpirySet'
        where e.to_address is not null
      ),
      latest as (
        select c."whitelist", c."account", l.event, l."expiresAt"
        from candidates c
        cross join lateral (
          select e.event, e.details->>'expiresAt' as "expiresAt"
          from token_events e
          where e.contract_address = c."whitelist" and e.to_address = c."account"
            and e.event in ('AddressVerified', 'VerificationRemoved', 'ExpirySet')
          order by e.block_number desc, e.log_index desc
          limit 1
        ) l
      )
      select l.whitelist, l.account, l."expiresAt"
      from latest l
      where l.event = 'ExpirySet' and l."expiresAt" <> '0'
        and l."expiresAt"::numeric > extract(epoch from now())
        and l."expiresAt"::numeric <= extract(epoch from now()) + ${days * 86_400}
        and not exists (select 1 from webhook_events w
          where w.event_key = 'whitelist.expiring:' || l.whitelist || ':' || l.account || ':' || l."expiresAt")
      order by l."expiresAt"::numeric
      limit 500`),
  );
  const now = Date.now() / 1000;
  return rows.map((row) => {
    const expiresAt = Number(row.expiresAt);
    return {
      eventKey: `whitelist.expiring:${row.whitelist}:${row.account}:${row.expiresAt}`,
      type: 'whitelist.expiring',
      subject: { kind: 'whitelist', address: String(row.whitelist) },
      data: {
        whitelistAddress: String(row.whitelist),
        account: String(row.account),
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        daysLeft: Math.max(0, Math.ceil((expiresAt - now) / 86_400)),
      },
    };
  });
}
