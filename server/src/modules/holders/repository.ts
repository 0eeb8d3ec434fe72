import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';

export type HolderSort = 'balance' | 'holderAddress' | 'legalName';

/** Where a page starts: strictly after or before the row with these sort keys, in the requested order. */
export type HolderCursor = { direction: 'after' | 'before'; key: string; holder: string };

/**
 * The sort key of each order besides the holder address that breaks ties; each order reads one partial index
 * of token_balances (tokens/schema.ts) forwards or backwards, so every page costs the same.
 */
const sortKeys: Record<HolderSort, SQL | null> = {
  balance: sql.raw('balance'),
  legalName: sql.raw(`coalesce(legal_name, '')`),
  holderAddress: null,
};

export type HolderPageRow = {
  holder: string;
  balance: string;
  legalName: string | null;
  verificationTransactionHash: string | null;
  /** True when the holder's balance in the partition changed in a block not final yet. */
  unconfirmed: boolean;
  /** The value of the sort key (the cursor of the row, with the holder). */
  sortKey: string;
};

/**
 * A page of the holders of a partition (non-zero balances) with the legal name of their whitelist record and
 * the transaction that verified each in the token's whitelist, and the number of holders, in one round trip.
 * Without a cursor the page starts `offset` rows in.
 */
export async function holdersPage(
  db: Database,
  input: {
    contractAddress: string;
    whitelistAddress: string | null;
    partition: string;
    pageSize: number;
    offset: number;
    sort: HolderSort;
    order: 'asc' | 'desc';
    cursor?: HolderCursor;
    /** The first block not final yet (unconfirmed.ts), or null when every block is. */
    firstUnconfirmedBlock: number | null;
  },
): Promise<{ rows: HolderPageRow[]; totalRows: number }> {
  const sortKey = sortKeys[input.sort];
  // A page before a cursor is read in the opposite order, then turned round.
  const backwards = input.cursor?.direction === 'before';
  const descending = (input.order === 'desc') !== backwards;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const orderBy = sortKey ? sql`${sortKey} ${direction}, holder ${direction}` : sql`holder ${direction}`;
  let from = sql``;
  if (input.cursor) {
    const comparison = sql.raw(descending ? '<' : '>');
    const keyValue = input.sort === 'balance' ? sql`${input.cursor.key}::numeric` : sql`${input.cursor.key}`;
    from = sortKey
      ? sql`and (${sortKey}, holder) ${comparison} (${keyValue}, ${input.cursor.holder})`
      : sql`and holder ${comparison} ${input.cursor.holder}`;
  }
  const whitelist = input.whitelistAddress ?? '';
  // A change of the row's balance in a block not final yet (balance_changes_partition_idx), per row of the page.
  const unconfirmed =
    input.firstUnconfirmedBlock === null
      ? sql`false`
      : sql`exists (
          select 1 from balance_changes bc
          where bc.contract_address = ${input.contractAddress} and bc.holder = page.holder
            and bc.partition = ${input.partition} and bc.block_number >= ${input.firstUnconfirmedBlock}
        )`;
  const result = await db.execute(sql`
    select counted.total, page.holder, page.balance::text as balance, page.legal_name as "legalName",
      page.sort_key::text as "sortKey",
      coalesce(v.transaction_hash, record.transaction_hash) as "verificationTransactionHash",
      ${unconfirmed} as unconfirmed
    from (
      select coalesce((
        select holders from partition_holder_counts
        where contract_address = ${input.contractAddress} and partition = ${input.partition}
      ), 0) as total
    ) counted
    left join lateral (
      select holder, balance, legal_name, ${sortKey ?? sql.raw('holder')} as sort_key from token_balances
      where contract_address = ${input.contractAddress} and partition = ${input.partition} and balance > 0 ${from}
      order by ${orderBy}
      limit ${input.pageSize} offset ${input.cursor ? 0 : input.offset}
    ) page on true
    left join whitelist_verifications v
      on v.whitelist_address = ${whitelist} and v.account = page.holder and v.verified
    left join lateral (
      select wa.transaction_hash from whitelist_addresses wa
      join whitelists w on w.id = wa.whitelist_id
      where w.address = ${whitelist} and wa.public_address = page.holder
      limit 1
    ) record on true
    order by page.sort_key ${direction}, page.holder ${direction}`);
  const rows = (
    result as unknown as {
      rows: ({ total: number } & { [K in keyof HolderPageRow]: HolderPageRow[K] | null })[];
    }
  ).rows;
  const totalRows = Number(rows[0]?.total ?? 0);
  const page = rows
    .filter((row) => row.holder !== null)
    .map((row) => ({
      holder: row.holder as string,
      balance: String(row.balance),
      legalName: row.legalName,
      verificationTransactionHash: row.verificationTransactionHash,
      unconfirmed: row.unconfirmed === true,
      sortKey: String(row.sortKey),
    }));
  return { rows: backwards ? page.reverse() : page, totalRows };
}

/**
 * Copies the legal names of whitelist records onto the balances of the holders they name, for the tokens
 * that use the whitelist: `scope` narrows the balances (alias tb) or records (alias wa, whitelist w) looked at.
 */
export async function refreshHolderLegalNames(db: Database, scope: SQL): Promise<void> {
  await db.execute(sql`
    update token_balances tb set legal_name = wa.legal_name
    from projects p
    join whitelists w on w.address = p.whitelist_address
    join whitelist_addresses wa on wa.whitelist_id = w.id
    where tb.contract_address = p.contract_address and wa.public_address = tb.holder
      and tb.legal_name is distinct from wa.legal_name and ${scope}`);
}

/**
 * Waits until the indexer has stored the contract's events up to `block` (polling its cursor, which any instance
 * may read); answers the block it reached, which is below `block` when `timeoutMs` ran out first.
 */
export async function indexedUpTo(
  db: Database,
  contractAddress: string,
  block: number,
  options: { timeoutMs: number; pollMs: number; signal?: AbortSignal },
): Promise<number> {
  const until = Date.now() + options.timeoutMs;
  for (;;) {
    const reached = (await indexedBlockOf(db, contractAddress)) ?? -1;
    if (reached >= block || Date.now() >= until || options.signal?.aborted) return reached;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
}

/** The block the indexer has stored a contract's events up to (its cursor), or undefined when it does not follow it. */
export async function indexedBlockOf(db: Database, contractAddress: string): Promise<number | undefined> {
  const result = await db.execute(
    sql`select last_block as "lastBlock" from indexer_cursors where contract_address = ${contractAddress}`,
  );
  const row = (result as unknown as { rows: { lastBlock: number | string }[] }).rows[0];
  return row === undefined ? undefined : Number(row.lastBlock);
}

/**
 * The addresses holding any partition of a token in the indexed balances, ascending (as numbers: lower-case hex of
 * one length, compared byte by byte), strictly above `after`, at most `limit` of them.
 */
export async function holderAddresses(
  db: Database,
  contractAddress: string,
  input: { after?: string; upTo?: string; limit: number },
): Promise<string[]> {
  const result = await db.execute(sql`
    select holder from token_balances
    where contract_address = ${contractAddress} and balance > 0
      and holder collate "C" > ${input.after ?? ''}
      ${input.upTo === undefined ? sql`` : sql`and holder collate "C" <= ${input.upTo}`}
    group by holder
    order by holder collate "C"
    limit ${input.limit}`);
  return (result as unknown as { rows: { holder: string }[] }).rows.map((row) => row.holder);
}

/**
 * Per partition of a token, from the indexed balances: the sum of its balances and the number of its holders; with
 * `upTo`, of the holders at or below that address only. `token` is the number of addresses holding any partition.
 */
export async function indexedHolderTotals(
  db: Database,
  contractAddress: string,
  upTo?: string,
): Promise<{ partitions: Map<string, { sum: bigint; holders: number }>; token: number }> {
  const below = upTo === undefined ? sql`` : sql`and holder collate "C" <= ${upTo}`;
  const [byPartition, holders] = await Promise.all([
    db.execute(sql`
      select partition, coalesce(sum(balance), 0)::text as sum, count(*) filter (where balance > 0)::int as holders
      from token_balances where contract_address = ${contractAddress} ${below}
      group by partition`),
    db.execute(sql`
      select count(distinct holder)::int as n from token_balances
      where contract_address = ${contractAddress} and balance > 0 ${below}`),
  ]);
  const rows = (byPartition as unknown as { rows: { partition: string; sum: string; holders: number }[] })
    .rows;
  const count = (holders as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  return {
    partitions: new Map(
      rows.map((row) => [row.partition, { sum: BigInt(row.sum), holders: Number(row.holders) }]),
    ),
    token: Number(count),
  };
}

/**
 * The token dashboard's holder figures from the indexed balances, in one round trip: the `top` largest holders by
 * their balance over all partitions (ties by address) with their whitelist record's legal name, the balance of
 * everyone else, and the number of addresses verified on the token's whitelist.
 */
export async function holderConcentration(
  db: Database,
  input: { contractAddress: string; whitelistAddress: string | null; top: number },
): Promise<{
  top: { holder: string; balance: string; legalName: string | null }[];
  rest: bigint;
  /** Null when the token has no whitelist. */
  investors: number | null;
}> {
  const result = await db.execute(sql`
    with totals as (
      select holder, sum(balance) as balance, max(legal_name) as legal_name from token_balances
      where contract_address = ${input.contractAddress} and balance > 0
      group by holder
    ), ranked as (
      select holder, balance, legal_name, row_number() over (order by balance desc, holder) as position from totals
    )
    select holder, balance::text as balance, legal_name as "legalName", position::int as position
    from ranked where position <= ${input.top}
    union all
    select null, coalesce(sum(balance), 0)::text, null, ${input.top + 1} from ranked where position > ${input.top}
    order by position`);
  const rows = (
    result as unknown as {
      rows: { holder: string | null; balance: string; legalName: string | null }[];
    }
  ).rows;
  const named = rows.filter((row) => row.holder !== null);
  const investors = input.whitelistAddress
    ? await db.execute(sql`
        select count(*)::int as n from whitelist_verifications
        where whitelist_address = ${input.whitelistAddress} and verified`)
    : undefined;
  return {
    top: named.map((row) => ({
      holder: row.holder as string,
      balance: String(row.balance),
      legalName: row.legalName,
    })),
    rest: BigInt(rows.find((row) => row.holder === null)?.balance ?? 0),
    investors: investors ? Number((investors as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) : null,
  };
}

/**
 * A token's register for picking a holder: the addresses verified on its whitelist (with their record's legal name)
 * and those holding any partition, with their balance over all partitions, whose address starts with `query`
 * (lower-cased, with or without 0x) or, when `names`, whose legal name contains it. Largest balance first, then by
 * name and address; at most `limit`.
 */
export async function searchRegister(
  db: Database,
  input: {
    contractAddress: string;
    whitelistAddress: string | null;
    query: string;
    names: boolean;
    limit: number;
  },
): Promise<{ holder: string; legalName: string | null; balance: string }[]> {
  const text = input.query.trim().toLowerCase();
  const hex = text.startsWith('0x') ? text : `0x${text}`;
  const escaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
  const addressMatch = /^(0x)?[0-9a-f]*$/.test(text) ? sql`r.holder like ${`${escaped(hex)}%`}` : sql`false`;
  const nameMatch =
    input.names && text !== '' ? sql`r.legal_name ilike ${`%${escaped(input.query.trim())}%`}` : sql`false`;
  const whitelist = input.whitelistAddress ?? '';
  const result = await db.execute(sql`
    with balances as (
      select holder, sum(balance) as balance from token_balances
      where contract_address = ${input.contractAddress} and balance > 0
      group by holder
    ), investors as (
      select v.account as holder, record.legal_name from whitelist_verifications v
      left join lateral (
        select wa.legal_name from whitelist_addresses wa
        join whitelists w on w.id = wa.whitelist_id
        where w.address = v.whitelist_address and wa.public_address = v.account
        limit 1
      ) record on true
      where v.whitelist_address = ${whitelist} and v.verified
    ), register as (
      select coalesce(b.holder, i.holder) as holder, coalesce(i.legal_name, named.legal_name) as legal_name,
        coalesce(b.balance, 0) as balance
      from balances b full join investors i on i.holder = b.holder
      left join lateral (
        select max(legal_name) as legal_name from token_balances
        where contract_address = ${input.contractAddress} and holder = b.holder
      ) named on true
    )
    select r.holder, r.legal_name as "legalName", r.balance::text as balance from register r
    where ${text === '' ? sql`true` : sql`(${addressMatch} or ${nameMatch})`}
    order by r.balance desc, r.legal_name nulls last, r.holder
    limit ${input.limit}`);
  return (
    result as unknown as { rows: { holder: string; legalName: string | null; balance: string }[] }
  ).rows.map((row) => ({ holder: row.holder, legalName: row.legalName, balance: String(row.balance) }));
}

/** A UTC day as its number since 1970-01-01 (Unix seconds / 86,400). */
const secondsPerDay = 86_400;

/**
 * The token's total supply and number of holders (addresses whose balance over all partitions is above zero) at
 * the end of each UTC day (days since 1970) on which a balance changed, from the indexed balance changes, in one
 * query: each change carries its holder's running total over all partitions, so that a holder is counted in when
 * the total leaves zero and out when it returns to it; supply is the sum of all changes (a transfer's two changes
 * cancel out). Gives the days from `fromDay` on, preceded by the last day before it if any.
 */
export async function supplyAndHolderDays(
  db: Database,
  input: { contractAddress: string; fromDay: number },
): Promise<{ day: number; supply: bigint; holders: number }[]> {
  const result = await db.execute(sql`
    with changes as (
      select block_timestamp / ${secondsPerDay} as day, delta,
        sum(delta) over (
          partition by holder order by block_number, log_index, partition rows unbounded preceding
        ) as total
      from balance_changes where contract_address = ${input.contractAddress}
    ), days as (
      select day, sum(delta) as supply_delta,
        sum(case when total > 0 then 1 else 0 end - case when total - delta > 0 then 1 else 0 end) as holder_delta
      from changes group by day
    ), running as (
      select day, sum(supply_delta) over (order by day) as supply, sum(holder_delta) over (order by day) as holders
      from days
    )
    select day::text as day, supply::text as supply, holders::text as holders from running
    where day >= ${input.fromDay} or day = (select max(day) from days where day < ${input.fromDay})
    order by day`);
  return (result as unknown as { rows: { day: string; supply: string; holders: string }[] }).rows.map(
    (row) => ({ day: Number(row.day), supply: BigInt(row.supply), holders: Number(row.holders) }),
  );
}

/** A dated thing of a token found in the database (the lock-ups are on the chain: the route reads them). */
export type ScheduledRow = {
  kind: 'claimDeadline' | 'kycExpiry' | 'approvalExpiry';
  at: number;
  subject: string;
  /** For a KYC record: the legal name of the whitelist record, if any. */
  legalName: string | null;
};

/**
 * The earliest dated thing of each kind after `now` (Unix seconds), in one round trip: a claim deadline of a
 * distribution over a register of the token, the expiry of a record of the token's whitelist (the latest ExpirySet
 * of each still verified address), the expiry of a pending approval of an operation on the token.
 */
export async function nextScheduled(
  db: Database,
  input: { projectId: number; contractAddress: string; whitelistAddress: string | null; now: number },
): Promise<ScheduledRow[]> {
  // As the holders page matches them (whitelists, verifications); the indexer's events are lower-cased.
  const whitelist = input.whitelistAddress ?? '';
  const events = whitelist.toLowerCase();
  const result = await db.execute(sql`
    (select 'claimDeadline' as kind, d.deadline::bigint as at, d.id::text as subject, null::text as "legalName"
      from distributions d join snapshots s on s.id = d.snapshot_id
      where s.contract_address = ${input.contractAddress} and d.deadline > ${input.now}
      order by d.deadline, d.id limit 1)
    union all
    (select 'kycExpiry', latest.expires::bigint, latest.account, (
        select wa.legal_name from whitelist_addresses wa join whitelists w on w.id = wa.whitelist_id
        where w.address = ${whitelist} and wa.public_address = latest.account limit 1
      )
      from (
        select distinct on (to_address) to_address as account, (details->>'expiresAt')::numeric as expires
        from token_events where contract_address = ${events} and event = 'ExpirySet'
        order by to_address, block_number desc, log_index desc
      ) latest
      join whitelist_verifications v
        on v.whitelist_address = ${whitelist} and v.account = latest.account and v.verified
      where latest.expires > ${input.now}
      order by latest.expires, latest.account limit 1)
    union all
    (select 'approvalExpiry', floor(extract(epoch from expires_on))::bigint, id::text, null
      from distributed_transactions
      where project_id = ${input.projectId} and status = 1 and expires_on > to_timestamp(${input.now})
      order by expires_on, id limit 1)`);
  return (
    result as unknown as {
      rows: { kind: ScheduledRow['kind']; at: string; subject: string; legalName: string | null }[];
    }
  ).rows.map((row) => ({ ...row, at: Number(row.at) }));
}
