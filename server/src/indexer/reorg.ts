import { desc, sql } from 'drizzle-orm';
import type { ChainService } from '../chain/chainService.ts';
import type { Database } from '../db/database.ts';
import { indexerBlocks } from '../modules/tokens/schema.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Records the hashes of indexed blocks (in the batch's transaction); a number seen again keeps its first hash. */
export async function recordBlockHashes(tx: Tx, blocks: Map<number, string>): Promise<void> {
  const rows = [...blocks].map(([blockNumber, hash]) => ({ blockNumber, hash }));
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(indexerBlocks)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

/** Forgets recorded hashes below the window (they are final). */
export async function pruneBlockHashes(db: Database, below: number): Promise<void> {
  await db.delete(indexerBlocks).where(sql`${indexerBlocks.blockNumber} < ${below}`);
}

/**
 * The newest recorded block whose hash the chain still has, when the newest recorded one differs (a reorg);
 * undefined when the newest recorded block is still on the chain (or none is recorded). When no recorded block
 * matches, the block before the oldest recorded one (the reorg is deeper than the window: everything recorded is
 * rolled back and read again).
 */
export async function findForkPoint(db: Database, chain: ChainService): Promise<number | undefined> {
  const recorded = await db.select().from(indexerBlocks).orderBy(desc(indexerBlocks.blockNumber)).limit(1024);
  const hashOnChain = async (n: number) => (await chain.provider.getBlock(n))?.hash?.toLowerCase();
  const newest = recorded[0];
  if (!newest || (await hashOnChain(newest.blockNumber)) === newest.hash) return undefined;
  for (const row of recorded.slice(1)) {
    if ((await hashOnChain(row.blockNumber)) === row.hash) return row.blockNumber;
  }
  return (recorded.at(-1)?.blockNumber ?? 0) - 1;
}

/**
 * Undoes everything indexed above `ancestor`, in one transaction: events, balance history, balances (each back
 * to its last remaining change), holder and change counts, whitelist verifications, documents and operators (back
 * to their last remaining event), recorded hashes, and the cursors (moved back to `ancestor`, so the next pass
 * reads those blocks again from the chain as it is now).
 */
export async function rollbackTo(db: Database, ancestor: number): Promise<void> {
  await db.transaction(async (tx) => {
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    // The keys the orphaned blocks touched, before their rows go.
    await run(sql`create temp table reorg_balances on commit drop as
      select distinct contract_address, partition, holder from balance_changes where block_number > ${ancestor}`);
    await run(sql`create temp table reorg_events on commit drop as
      select distinct contract_address, event, partition, operator, from_address, to_address
      from token_events where block_number > ${ancestor}`);
    await run(sql`delete from balance_changes where block_number > ${ancestor}`);
    await run(sql`delete from token_events where block_number > ${ancestor}`);
    await run(sql`update token_balances tb set balance = coalesce((
        select bc.balance from balance_changes bc
        where bc.contract_address = tb.contract_address and bc.partition = tb.partition and bc.holder = tb.holder
        order by bc.block_number desc, bc.log_index desc limit 1), 0)
      from reorg_balances r
      where tb.contract_address = r.contract_address and tb.partition = r.partition and tb.holder = r.holder`);
    await run(sql`update partition_holder_counts pc set holders = (
        select count(*) from token_balances tb
        where tb.contract_address = pc.contract_address and tb.partition = pc.partition and tb.balance > 0)
      where (pc.contract_address, pc.partition) in (select contract_address, partition from reorg_balances)`);
    await run(sql`delete from holder_change_counts hc
      where (hc.contract_address, hc.holder) in (select contract_address, holder from reorg_balances)`);
    await run(sql`insert into holder_change_counts (contract_address, holder, changes, first_timestamp, last_timestamp)
      select bc.contract_address, bc.holder, count(*), min(bc.block_timestamp), max(bc.block_timestamp)
      from balance_changes bc
      where (bc.contract_address, bc.holder) in (select contract_address, holder from reorg_balances)
      group by bc.contract_address, bc.holder`);
    // Latest-state tables: rows written by orphaned events go back to the last remaining event of their key.
    await run(sql`delete from whitelist_verifications wv where wv.block_number > ${ancestor}`);
    await run(sql`insert into whitelist_verifications
        (whitelist_address, account, verified, verification_hash, transaction_hash, block_number)
      select distinct on (e.contract_address, e.to_address) e.contract_address, e.to_address,
        e.event <> 'VerificationRemoved', coalesce(e.details->>'hash', ''), e.transaction_hash, e.block_number
      from token_events e
      where e.event in ('AddressVerified', 'VerificationUpdated', 'VerificationRemoved')
        and (e.contract_address, e.to_address) in (select contract_address, to_address from reorg_events)
      order by e.contract_address, e.to_address, e.block_number desc, e.log_index desc
      on conflict do nothing`);
    await run(sql`delete from token_documents where block_number > ${ancestor}`);
    await run(sql`insert into token_documents (contract_address, name, title, uri, document_hash, block_number, transaction_hash)
      select contract_address, partition,
        convert_from(decode(regexp_replace(substr(partition, 3), '(00)+$', ''), 'hex'), 'UTF8'), details->>'uri', details->>'documentHash', block_number, transaction_hash
      from (select distinct on (e.contract_address, e.partition) e.*
        from token_events e
        where e.event in ('DocumentUpdated', 'DocumentRemoved')
          and (e.contract_address, e.partition) in (select contract_address, partition from reorg_events)
        order by e.contract_address, e.partition, e.block_number desc, e.log_index desc) latest
      where latest.event = 'DocumentUpdated'
      on conflict do nothing`);
    await run(sql`delete from token_operators where block_number > ${ancestor}`);
    await run(sql`delete from indexer_blocks where block_number > ${ancestor}`);
    await run(
      sql`update indexer_cursors set last_block = ${ancestor}, updated_on = now() where last_block > ${ancestor}`,
    );
  });
}
