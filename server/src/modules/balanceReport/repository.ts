import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { partitions } from '../partitions/schema.ts';
import { tokenBalances } from '../tokens/schema.ts';

/** Descriptive names of the partitions the platform knows, by their bytes32 value (lower-cased hex). */
export async function partitionDescriptions(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ value: partitions.value, description: partitions.description })
    .from(partitions);
  return new Map(rows.map((row) => [row.value.toLowerCase(), row.description]));
}

/**
 * The indexed balances of a holder in the given tokens, keyed `contract:partition` (lower-cased), each with whether
 * it changed in a block from `fromBlock` on (not final yet), in one query.
 */
export async function indexedBalances(
  db: Database,
  input: { contractAddresses: string[]; holder: string; fromBlock: number },
): Promise<Map<string, { balance: bigint; recent: boolean }>> {
  if (input.contractAddresses.length === 0) return new Map();
  const rows = await db
    .select({
      contractAddress: tokenBalances.contractAddress,
      partition: tokenBalances.partition,
      balance: tokenBalances.balance,
      // Qualified by hand: drizzle names the columns of a one-table select without their table.
      recent: sql<boolean>`exists (
        select 1 from balance_changes bc
        where bc.contract_address = token_balances.contract_address and bc.holder = token_balances.holder
          and bc.partition = token_balances.partition and bc.block_number >= ${input.fromBlock}
      )`,
    })
    .from(tokenBalances)
    .where(
      and(
        inArray(tokenBalances.contractAddress, input.contractAddresses),
        eq(tokenBalances.holder, input.holder),
      ),
    );
  return new Map(
    rows.map((row) => [
      `${row.contractAddress.toLowerCase()}:${row.partition.toLowerCase()}`,
      { balance: BigInt(row.balance), recent: row.recent === true },
    ]),
  );
}
