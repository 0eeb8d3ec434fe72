import { sql } from 'drizzle-orm';
import { encodeBytes32String } from 'ethers';
import type { Database } from '../../db/database.ts';
import { simulateRules } from './simulate.ts';

/**
 * Seeds the tables the what-if reads as the indexer and the whitelists module would have filled them
 * (bench/rulesSimulate.bench.ts): `holderCount` holders of partition CLASS-A of token 0x…1, a third of them also
 * in CLASS-B; every holder a whitelist record with a name and a country; every tenth holder the second wallet of the
 * investor before it (the same record's name and details).
 */
export async function seedRulesSimulation(db: Database, holderCount: number) {
  const token = `0x${'1'.padStart(40, '0')}`;
  const whitelist = `0x${'2'.padStart(40, '0')}`;
  const classA = encodeBytes32String('CLASS-A');
  const classB = encodeBytes32String('CLASS-B');
  const hex40 = (n: string) => sql.raw(`'0x' || lpad(to_hex(${n}), 40, '0')`);
  const investor = sql.raw('(i - (i % 10 = 0)::int)');
  const [row] = (
    (await db.execute(sql`insert into whitelists (chain_id, address, name, scheme_address, codebase_id, owner_address)
      values (31337, ${whitelist}, 'Bench whitelist', ${whitelist}, 1, ${whitelist}) returning id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  await db.execute(sql`
    insert into whitelist_addresses (whitelist_id, public_address, legal_name, contact_details, salt, hash, verified_on)
    select ${row!.id}, ${hex40('i + 500000000')}, 'Investor ' || ${investor},
      jsonb_build_object('country', (array['DE','FR','US','CH','GB'])[1 + ${investor} % 5],
        'email', 'investor' || ${investor} || '@example.com'),
      md5(i::text), '0x' || md5(i::text) || md5(i::text), now()
    from generate_series(1, ${holderCount}) as i`);
  await db.execute(sql`
    insert into token_balances (contract_address, partition, holder, balance, legal_name)
    select ${token}, ${classA}, ${hex40('i + 500000000')}, (1 + (i * 7919) % 1000000)::numeric, 'Investor ' || ${investor}
    from generate_series(1, ${holderCount}) as i`);
  await db.execute(sql`
    insert into token_balances (contract_address, partition, holder, balance, legal_name)
    select ${token}, ${classB}, ${hex40('i + 500000000')}, (1 + (i::bigint * 104729) % 50000)::numeric, 'Investor ' || ${investor}
    from generate_series(1, ${holderCount}, 3) as i`);
  // As autovacuum leaves a table some time after a bulk load: statistics and visibility map up to date.
  await db.execute(sql`vacuum analyze`);
  return { token, whitelist };
}

/** Runs the what-if of `rule` `runs` times over the seeded token: the times (ms, sorted) and the last answer. */
export async function timeSimulation(
  db: Database,
  seeded: { token: string; whitelist: string },
  rule: Parameters<typeof simulateRules>[1]['rule'],
  runs: number,
) {
  const base = {
    contractAddress: seeded.token,
    whitelistAddress: seeded.whitelist,
    projectId: 1,
    symbol: 'TK1',
    now: 1_700_000_000,
    block: 1,
  };
  const times: number[] = [];
  let answer: Awaited<ReturnType<typeof simulateRules>> | undefined;
  for (let i = 0; i < runs; i++) {
    const at = performance.now();
    answer = await simulateRules(db, { ...base, rule });
    times.push(performance.now() - at);
  }
  return { times: times.sort((a, b) => a - b), answer: answer! };
}
