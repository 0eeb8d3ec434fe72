import { sql } from 'drizzle-orm';
import { encodeBytes32String, type JsonRpcProvider } from 'ethers';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';
import { findWhitelist, insertWhitelist } from '../whitelists/repository.ts';
import { appendAudit } from './log.ts';

/**
 * Seeds bench/audit.bench.ts: a real token PACK on the chain whose index holds `holders` holders and `movements`
 * movements (rows inserted straight into the indexer's tables, as the indexer would have stored them at the head
 * block), `holders` whitelist records and 1,000 operations-log entries. Answers the owner and the head block.
 */
export async function seedAuditPack(
  t: TestApp,
  provider: JsonRpcProvider,
  chainId: number,
  { holders, movements }: { holders: number; movements: number },
): Promise<{ owner: TestUser; head: number }> {
  const wallets = devWallets(provider);
  const owner = await createTestUser(t, 'bench-owner');
  const setup = await deploySchemeAndWhitelist(wallets);
  await insertWhitelist(t.ctx.db, {
    chainId: chainId,
    address: setup.whitelistAddress,
    name: 'Bench whitelist',
    schemeAddress: setup.schemeAddress,
    codebaseId: 1,
    ownerAddress: wallets.owner.address,
    accountId: owner.accountId,
  });
  const whitelist = await findWhitelist(t.ctx.db, chainId, setup.whitelistAddress);
  const token = await deployTestToken(t.ctx.db, wallets, setup, {
    symbol: 'PACK',
    name: 'Pack bench',
    accountId: owner.accountId,
  });
  const contract = String(token.target).toLowerCase();
  const whitelistAddress = setup.whitelistAddress.toLowerCase();
  const head = await provider.getBlockNumber();
  const time = (await provider.getBlock(head))?.timestamp ?? 0;
  const partition = encodeBytes32String('CLASS-A');
  const seedStart = performance.now();
  const holder = (n: string) => sql.raw(`'0x' || lpad(to_hex(${n} + 700000000), 40, '0')`);
  const db = t.ctx.db;
  await db.execute(sql`
    insert into whitelist_addresses (whitelist_id, public_address, legal_name, contact_details, salt, hash, verified_on)
    select ${whitelist?.id ?? 0}, ${holder('i')}, 'Investor ' || md5(i::text), '{}'::jsonb, 's', '0x' || md5(i::text), now()
    from generate_series(0, ${holders - 1}) as i`);
  await db.execute(sql`
    insert into whitelist_verifications (whitelist_address, account, verified, verification_hash, transaction_hash, block_number)
    select ${whitelistAddress}, ${holder('i')}, true, '0x' || md5(i::text) || md5(i::text), '0x' || md5(i::text) || md5(i::text), ${head}
    from generate_series(0, ${holders - 1}) as i`);
  // Movement i: the first `holders` issue 1 to each holder, the others move 1 from holder i-1 to holder i.
  await db.execute(sql`
    insert into token_events (contract_address, block_number, log_index, block_timestamp, transaction_hash, event,
      partition, operator, from_address, to_address, amount, details)
    select ${contract}, ${head}, 100000 + i, ${time}, '0x' || md5(i::text) || md5((i + 1)::text),
      case when i < ${holders} then 'IssuedByPartition' else 'TransferByPartition' end, ${partition},
      ${wallets.owner.address.toLowerCase()},
      case when i < ${holders} then null else ${holder(`((i - 1) % ${holders})`)} end,
      ${holder(`(i % ${holders})`)}, 1, '{"data":"0x"}'::jsonb
    from generate_series(0, ${movements - 1}) as i`);
  await db.execute(sql`
    insert into balance_changes (contract_address, holder, partition, block_number, log_index, block_timestamp,
      transaction_hash, delta, balance)
    select ${contract}, ${holder(`(i % ${holders})`)}, ${partition}, ${head}, 100000 + i, ${time},
      '0x' || md5(i::text) || md5((i + 1)::text), 1, 1 + i / ${holders}
    from generate_series(0, ${movements - 1}) as i`);
  await db.execute(sql`
    insert into indexer_cursors (contract_address, kind, last_block) values (${contract}, 'token', ${head})
    on conflict (contract_address) do update set last_block = greatest(indexer_cursors.last_block, ${head})`);
  for (let i = 0; i < 10; i += 1)
    await appendAudit(
      db,
      Array.from({ length: 100 }, (_, j) => ({
        accountId: owner.accountId,
        actor: 'bench-owner',
        requestId: `bench-${i}-${j}`,
        symbol: j % 2 === 0 ? 'PACK' : 'OTHER',
        object: contract,
        action: 'export.register',
        after: { n: i * 100 + j },
      })),
    );
  console.info(
    `seeded ${holders.toLocaleString('en')} holders, ${movements.toLocaleString('en')} movements, 1,000 log entries on ${t.ctx.databaseKind} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  return { owner, head };
}

/** The seconds each step of a pack's job took (the job's last progress). */
export async function packTimings(db: TestApp['ctx']['db'], packId: number): Promise<unknown> {
  const result = await db.execute(
    sql`select j.progress -> 'timings' as timings from audit_packs p join jobs j on j.id = p.job_id where p.id = ${packId}`,
  );
  return (result as unknown as { rows: { timings: unknown }[] }).rows[0]?.timings ?? null;
}
