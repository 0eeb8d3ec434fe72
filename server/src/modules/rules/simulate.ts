import {
  dtxStatuses,
  dtxTypes,
  formatAmount,
  ruleMessages as r,
  type RulesSimulation,
  type SimulationFinding,
} from '@tranche/api';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { bulkJobKind } from '../bulk/schema.ts';
import { type RuleInput, ruleCall } from './calls.ts';
import { partitionBytes, partitionName } from './token.ts';

/** Holdings listed at most (the counts cover all of them). */
export const maxSimulationFindings = 200;

export type SimulationInput = {
  contractAddress: string;
  whitelistAddress: string | null;
  projectId: number;
  symbol: string;
  /** The chain's time now (unix seconds): a lock-up ending later holds. */
  now: number;
  /** The indexer's block the tables stand at. */
  block: number;
  rule: RuleInput;
  /** Holdings listed at most (default maxSimulationFindings; the counts cover all of them). */
  limit?: number;
};

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * The holdings in the rule's scope (non-zero balances; every partition for the token's rule) with each holder's
 * whitelist record: name, country (as the whitelists module writes it beside the hash: two letters, else none)
 * and investor. An investor is the identity its KYC record attests (legal name and contact details in the token's
 * whitelist): the hash the chain stores covers the address and a random salt, so it differs per wallet, while the
 * record behind it is the same for every wallet of one person. Without a record the address is its own investor.
 * Country and investor are columns the database keeps beside each record (whitelists/schema.ts). `is_out` is
 * whether the proposed rule puts the holding out of bounds (`out` over the columns of `b` and `wl`).
 */
function holdingsOf(input: SimulationInput, scope: string | null, out: SQL): SQL {
  return sql`
    select b.partition, b.holder, b.balance, wl.legal_name as name, coalesce(wl.country, '') as country,
      coalesce(wl.investor, b.holder) as investor, ${out} as is_out
    from token_balances b
    left join (
      select wa.public_address, wa.legal_name, wa.country, wa.investor
      from whitelist_addresses wa join whitelists w on w.id = wa.whitelist_id
      where w.address = ${input.whitelistAddress ?? ''}
    ) wl on wl.public_address = b.holder
    where b.contract_address = ${input.contractAddress} and b.balance > 0
      ${scope === null ? sql`` : sql`and b.partition = ${scope}`}`;
}

type FindingRow = {
  kind: SimulationFinding['kind'];
  holder: string;
  partition: string;
  balance: string;
  name: string | null;
  investor: string;
  country: string;
};

/**
 * POST /token/rules/simulate: the proposed rule against the register the indexer holds at `block`, in SQL (no
 * chain call per holder): each holding over the maximum, under the minimum, of a holder in a refused country or
 * inside the lock-up, the holder count against the limit (addresses, as the contract counts, and investors), and
 * each pending approval and queued bulk row that would then be refused.
 *
 * Two passes over the holdings (each one join of the balances with the whitelist records): one counts (holdings,
 * addresses and investors, in scope and out of bounds, grouped by investor and address rather than counted
 * distinct), the other lists the first holdings out of bounds in the console's order, each with its findings.
 */
export async function simulateRules(db: Database, input: SimulationInput): Promise<RulesSimulation> {
  const call = ruleCall(input.rule);
  const scope = input.rule.partition === '' ? null : partitionBytes(input.rule.partition);
  const scopeWords = scope === null ? r.tokenScope : r.partitionScope(input.rule.partition);
  const max = BigInt(call.maxHolding);
  const min = BigInt(call.minHolding);
  const countries = (input.rule.countries?.list ?? []).map((c) => c.toUpperCase());
  const mode = input.rule.countries?.mode;
  const locked = call.lockupUntil > input.now;
  // A Postgres array literal: drizzle spreads a JS array into a row of parameters (codes are two capitals).
  const countryArray = `{${countries.join(',')}}`;
  const countryHit = (country: SQL) =>
    mode === undefined
      ? sql`false`
      : countries.length === 0
        ? sql.raw(mode === 'allow' ? 'true' : 'false')
        : mode === 'allow'
          ? sql`not (${country} = any(${countryArray}::text[]))`
          : sql`${country} = any(${countryArray}::text[])`;
  const aboveMaximum = (balance: SQL) => sql`${balance} > ${max.toString()}::numeric`;
  const belowMinimum = (balance: SQL) => sql`${balance} < ${min.toString()}::numeric`;
  // Whether the holding is out of bounds: only the checks the rule sets, so that the planner leaves out the others.
  const checks = [
    ...(locked ? [sql`true`] : []),
    ...(max > 0n ? [aboveMaximum(sql`b.balance`)] : []),
    ...(min > 0n ? [belowMinimum(sql`b.balance`)] : []),
    ...(mode === undefined ? [] : [countryHit(sql`coalesce(wl.country, '')`)]),
  ];
  const holdings = holdingsOf(input, scope, checks.length === 0 ? sql`false` : sql.join(checks, sql` or `));
  const order = sql.raw(`coalesce(h.name, ''), h.balance desc, h.holder, h.partition`);
  const limit = input.limit ?? maxSimulationFindings;
  // The first holdings out of bounds (each has one finding at least), then their findings in the same order.
  const [listed, counted] = await db.transaction(async (tx) => {
    // The counts hash 100,000s of rows: sorts and hashes in memory rather than spilled to temporary files
    // (PGlite's default of 4 MB took twice as long).
    await tx.execute(sql`set local work_mem = '64MB'`);
    const listed = await tx.execute(sql`
    select f.kind, h.holder, h.partition, h.balance::text as balance, h.name, h.investor, h.country
    from (select * from (${holdings}) h where h.is_out order by ${order} limit ${limit + 1}) h
    cross join lateral (values
      ('aboveMaximum', ${max > 0n} and ${aboveMaximum(sql`h.balance`)}),
      ('belowMinimum', ${min > 0n} and ${belowMinimum(sql`h.balance`)}),
      ('country', ${countryHit(sql`h.country`)}),
      ('lockedUp', ${locked})
    ) f(kind, hit)
    where f.hit
    order by ${order}, f.kind
    limit ${limit + 1}`);
    // Each address is one investor's, so the addresses are the sum of each investor's and the holdings (one row per
    // address and partition) the sum of each address's.
    const counted = await tx.execute(sql`
    select count(*)::int as investors, count(*) filter (where i.out_addresses > 0)::int as out_investors,
      coalesce(sum(i.addresses), 0)::int as addresses, coalesce(sum(i.out_addresses), 0)::int as out_addresses,
      coalesce(sum(i.out_holdings), 0)::int as out_holdings
    from (
      select a.investor, count(*) as addresses, count(*) filter (where a.out_holdings > 0) as out_addresses,
        sum(a.out_holdings) as out_holdings
      from (
        select h.investor, h.holder, count(*) filter (where h.is_out) as out_holdings
        from (${holdings}) h
        group by 1, 2
      ) a
      group by a.investor
    ) i`);
    return [listed, counted];
  });
  const rows = rowsOf<FindingRow>(listed);
  const totals = rowsOf<{
    investors: number;
    out_investors: number;
    addresses: number;
    out_addresses: number;
    out_holdings: number;
  }>(counted)[0]!;
  const out = {
    holdings: Number(totals.out_holdings),
    addresses: Number(totals.out_addresses),
    investors: Number(totals.out_investors),
  };
  const held = { addresses: Number(totals.addresses), investors: Number(totals.investors) };
  const until = new Date(call.lockupUntil * 1000).toISOString().replace('.000Z', 'Z');
  const findings = rows.slice(0, limit).map((row): SimulationFinding => {
    const who = row.name ?? row.holder;
    const amount = formatAmount(row.balance);
    const part = partitionName(row.partition);
    const reason =
      row.kind === 'aboveMaximum'
        ? r.simAboveMaximum(who, amount, part, scopeWords, formatAmount(max))
        : row.kind === 'belowMinimum'
          ? r.simBelowMinimum(who, amount, part, scopeWords, formatAmount(min))
          : row.kind === 'country'
            ? r.simCountry(who, row.country, scopeWords)
            : r.simLockedUp(who, amount, part, until);
    return {
      kind: row.kind,
      holder: row.holder,
      name: row.name,
      investor: row.investor,
      partition: part,
      balance: row.balance,
      reason,
    };
  });
  const overLimit = call.maxHolders > 0 && Number(held.addresses) > call.maxHolders;
  const operations = await failingOperations(db, input, {
    scope,
    max,
    min,
    countryRefused: (country) =>
      mode === undefined
        ? false
        : mode === 'allow'
          ? !countries.includes(country)
          : countries.includes(country),
    holdersInScope: Number(held.addresses),
    maxHolders: call.maxHolders,
  });
  const nothing = Number(out.holdings) === 0 && !overLimit;
  return {
    symbol: input.symbol,
    partition: input.rule.partition,
    block: input.block,
    holders: { addresses: Number(held.addresses), investors: Number(held.investors) },
    holderLimit: overLimit
      ? r.simHolderLimit(scopeWords, Number(held.addresses), Number(held.investors), call.maxHolders)
      : null,
    outOfBounds: {
      holdings: Number(out.holdings),
      addresses: Number(out.addresses),
      investors: Number(out.investors),
    },
    findings,
    truncated: rows.length > limit,
    operations,
    summary: nothing
      ? r.nothingOutOfBounds
      : Number(out.holdings) === 0
        ? r.simHolderLimit(scopeWords, Number(held.addresses), Number(held.investors), call.maxHolders)
        : r.outOfBounds(Number(out.holdings), Number(out.investors), Number(out.addresses)),
    countingNote: r.simCountingNote(Number(held.addresses), Number(held.investors)),
  };
}

type Checks = {
  scope: string | null;
  max: bigint;
  min: bigint;
  countryRefused: (country: string) => boolean;
  holdersInScope: number;
  maxHolders: number;
};

type Operation = {
  kind: 'approval' | 'bulk';
  id: number;
  row: number | null;
  receiver: string;
  partition: string;
  amount: string;
};

/**
 * Pending approvals of issues (sharded key) and the rows of queued or running bulk issues and forced transfers not
 * sent yet, for this token, each with the receiver's holding and country: those the proposed rule would refuse
 * (receiver's country, its holding after the operation against the maximum and the minimum, a new holder beyond the
 * limit). A lock-up does not stop issues and controller operations, so it refuses none of these.
 */
async function failingOperations(db: Database, input: SimulationInput, checks: Checks) {
  const [approvals, bulk] = await Promise.all([
    db.execute(sql`select id, tx_data->>'holderAddress' as receiver, tx_data->>'partition' as partition,
        tx_data->>'amount' as amount
      from distributed_transactions
      where project_id = ${input.projectId} and status = ${dtxStatuses.pending} and tx_type = ${dtxTypes.issue}
      order by id`),
    db.execute(sql`select r.job_id as id, r.row, r.address as receiver, r.partition, r.amount
      from token_bulk_rows r join jobs j on j.id = r.job_id
      where j.kind = ${bulkJobKind} and j.state in ('queued', 'running')
        and j.payload->>'contractAddress' = ${input.contractAddress} and r.status in ('pending', 'checked')
      order by r.job_id, r.row`),
  ]);
  const operations: Operation[] = [
    ...rowsOf<Omit<Operation, 'kind' | 'row'>>(approvals).map((o) => ({
      ...o,
      kind: 'approval' as const,
      row: null,
    })),
    ...rowsOf<Omit<Operation, 'kind'>>(bulk).map((o) => ({ ...o, kind: 'bulk' as const })),
  ].flatMap((o) => {
    try {
      return [
        { ...o, receiver: String(o.receiver).toLowerCase(), partition: partitionBytes(String(o.partition)) },
      ];
    } catch {
      return [];
    }
  });
  const inScope = operations.filter((o) => checks.scope === null || o.partition === checks.scope);
  if (inScope.length === 0) return [];
  const receivers = [...new Set(inScope.map((o) => o.receiver))];
  const state = rowsOf<{ holder: string; partition: string | null; balance: string | null; country: string }>(
    await db.execute(sql`
      select a.holder, b.partition, b.balance::text as balance,
        coalesce((select wa.country
          from whitelist_addresses wa join whitelists w on w.id = wa.whitelist_id
          where w.address = ${input.whitelistAddress ?? ''} and wa.public_address = a.holder limit 1), '') as country
      from unnest(${`{${receivers.join(',')}}`}::text[]) as a(holder)
      left join token_balances b
        on b.contract_address = ${input.contractAddress} and b.holder = a.holder and b.balance > 0`),
  );
  const country = new Map(state.map((s) => [s.holder, s.country]));
  const balance = (holder: string, partition: string) =>
    BigInt(state.find((s) => s.holder === holder && s.partition === partition)?.balance ?? '0');
  const holdsInScope = (holder: string) =>
    state.some(
      (s) =>
        s.holder === holder && s.balance !== null && (checks.scope === null || s.partition === checks.scope),
    );
  return inScope.flatMap((o) => {
    const received = balance(o.receiver, o.partition) + BigInt(o.amount);
    const reason = checks.countryRefused(country.get(o.receiver) ?? '')
      ? r.simReceiverCountry(country.get(o.receiver) ?? '')
      : checks.max > 0n && received > checks.max
        ? r.simReceiverAbove(formatAmount(checks.max))
        : checks.min > 0n && received < checks.min
          ? r.simReceiverBelow(formatAmount(checks.min))
          : checks.maxHolders > 0 && !holdsInScope(o.receiver) && checks.holdersInScope >= checks.maxHolders
            ? r.simNewHolderOverLimit(checks.maxHolders)
            : null;
    if (reason === null) return [];
    const what = o.kind === 'approval' ? r.simApproval(o.id) : r.simBulkRow(o.id, o.row ?? 0);
    return [
      {
        kind: o.kind,
        id: Number(o.id),
        row: o.row === null ? null : Number(o.row),
        reason: r.simOperationIssue(what, reason),
      },
    ];
  });
}
