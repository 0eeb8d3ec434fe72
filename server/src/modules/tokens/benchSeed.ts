import { sql } from 'drizzle-orm';
import { encodeBytes32String, JsonRpcProvider } from 'ethers';
import type { Database } from '../../db/database.ts';
import { deploySchemeAndWhitelist, deployTokenContract, devWallets } from './testing.ts';

/**
 * Seeds the tables the token reads use, as the indexer would have filled them (bench/tokens.bench.ts):
 * `tokenCount` deployed tokens TK1..TKn, `holderCount` holders of TK1's CLASS-A partition with their whitelist
 * verifications and legal names, and a history of `historyEvents` balance changes of one holder.
 */
export async function seedTokenReads(
  db: Database,
  {
    tokenCount,
    holderCount,
    historyEvents,
  }: { tokenCount: number; holderCount: number; historyEvents: number },
): Promise<{ token: string; historyHolder: string }> {
  const partition = encodeBytes32String('CLASS-A');
  const hex40 = (n: string) => sql.raw(`lpad(to_hex(${n}), 40, '0')`);
  // Token i has the contract 0x…i; token 1 (TK1) is the one with 100,000 holders.
  await db.execute(sql`
    insert into projects (project_code, project_name, status, contract_address, owner_address, controller_address,
      whitelist_address, whitelist_name, security_scheme_address, deploy_block)
    select 'TK' || i, 'Bench token ' || i || ' ' || md5(i::text), 2, '0x' || ${hex40('i')}, '0x' || ${hex40('i + 100000000')},
      case when i % 2 = 0 then '0x' || ${hex40('i + 200000000')} end, '0x' || ${hex40('300000000')}, 'Bench whitelist',
      '0x' || ${hex40('400000000')}, 1
    from generate_series(1, ${tokenCount}) as i`);
  const token = `0x${'1'.padStart(40, '0')}`;
  const whitelist = `0x${(300000000).toString(16).padStart(40, '0')}`;
  await db.execute(sql`
    insert into indexer_cursors (contract_address, kind, last_block) values (${token}, 'token', 1000000)`);
  await db.execute(sql`
    insert into token_balances (contract_address, partition, holder, balance, legal_name)
    select ${token}, ${partition}, '0x' || ${hex40('i + 500000000')}, (1 + (i * 7919) % 1000000)::numeric,
      'Investor ' || md5(i::text)
    from generate_series(1, ${holderCount}) as i`);
  await db.execute(sql`
    insert into whitelist_verifications (whitelist_address, account, verified, verification_hash, transaction_hash, block_number)
    select ${whitelist}, '0x' || ${hex40('i + 500000000')}, true, '0x' || md5(i::text), '0x' || md5(i::text) || md5(i::text), i
    from generate_series(1, ${holderCount}) as i`);
  await db.execute(sql`
    insert into partition_holder_counts (contract_address, partition, holders)
    select contract_address, partition, count(*) from token_balances where balance > 0
    group by contract_address, partition`);
  const historyHolder = `0x${(500000001).toString(16).padStart(40, '0')}`;
  await db.execute(sql`
    insert into balance_changes (contract_address, holder, partition, block_number, log_index, block_timestamp,
      transaction_hash, delta, balance)
    select ${token}, ${historyHolder}, ${partition}, i, 0, 1700000000 + i * 12, '0x' || md5(i::text) || md5(i::text), 1, i
    from generate_series(1, ${historyEvents}) as i`);
  await db.execute(sql`
    insert into holder_change_counts (contract_address, holder, changes, first_timestamp, last_timestamp)
    select contract_address, holder, count(*), min(block_timestamp), max(block_timestamp)
    from balance_changes group by contract_address, holder`);
  // As autovacuum leaves a table some time after a bulk load: statistics and visibility map up to date.
  await db.execute(sql`vacuum analyze`);
  return { token, historyHolder };
}

/**
 * Deploys one real token (with its scheme and whitelist) on the chain at `rpcUrl` with the dev accounts
 * (bench/lighthouse.bench.ts: a page reading a token's live state needs a contract on the chain); then
 * `recordTestToken` (testing.ts) records it in the database.
 */
export async function deployBenchToken(rpcUrl: string, symbol: string, name: string) {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    const wallets = devWallets(provider);
    return await deployTokenContract(wallets, await deploySchemeAndWhitelist(wallets), { symbol, name });
  } finally {
    provider.destroy();
  }
}
