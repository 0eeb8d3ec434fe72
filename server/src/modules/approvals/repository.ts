import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { projects } from '../projects/schema.ts';

type ProjectRow = typeof projects.$inferSelect;
import { tokenBalances } from '../tokens/schema.ts';
import { whitelistAddresses, whitelists } from '../whitelists/schema.ts';

/** The tokens of the listed operations, by id (one query). */
export async function projectsById(db: Database, ids: number[]): Promise<Map<number, ProjectRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(projects).where(inArray(projects.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export type TokenFigures = { supply: bigint; holders: number };

/** Total supply and holders (non-zero balance in any partition) of each token, from the indexed balances. */
export async function tokenFigures(db: Database, contracts: string[]): Promise<Map<string, TokenFigures>> {
  if (contracts.length === 0) return new Map();
  const rows = await db
    .select({
      contract: tokenBalances.contractAddress,
      supply: sql<string>`coalesce(sum(${tokenBalances.balance}), 0)::text`,
      holders: sql<number>`count(distinct ${tokenBalances.holder})::int`,
    })
    .from(tokenBalances)
    .where(and(inArray(tokenBalances.contractAddress, contracts), gt(tokenBalances.balance, '0')))
    .groupBy(tokenBalances.contractAddress);
  return new Map(
    rows.map((row) => [row.contract, { supply: BigInt(row.supply), holders: Number(row.holders) }]),
  );
}

/** Non-zero balances of some holders in some tokens: `contract holder` → partition → balance. */
export async function holderBalances(
  db: Database,
  contracts: string[],
  holders: string[],
): Promise<Map<string, Map<string, bigint>>> {
  const balances = new Map<string, Map<string, bigint>>();
  if (contracts.length === 0 || holders.length === 0) return balances;
  const rows = await db
    .select({
      contract: tokenBalances.contractAddress,
      holder: tokenBalances.holder,
      partition: tokenBalances.partition,
      balance: sql<string>`${tokenBalances.balance}::text`,
    })
    .from(tokenBalances)
    .where(
      and(
        inArray(tokenBalances.contractAddress, contracts),
        inArray(tokenBalances.holder, holders),
        gt(tokenBalances.balance, '0'),
      ),
    );
  for (const row of rows) {
    const key = `${row.contract} ${row.holder}`;
    const partitions = balances.get(key) ?? new Map<string, bigint>();
    partitions.set(row.partition, BigInt(row.balance));
    balances.set(key, partitions);
  }
  return balances;
}

/** Legal names of whitelist records: `whitelist holder` → name. */
export async function legalNames(
  db: Database,
  whitelistAddressList: string[],
  holders: string[],
): Promise<Map<string, string>> {
  if (whitelistAddressList.length === 0 || holders.length === 0) return new Map();
  const rows = await db
    .select({
      whitelist: whitelists.address,
      holder: whitelistAddresses.publicAddress,
      legalName: whitelistAddresses.legalName,
    })
    .from(whitelistAddresses)
    .innerJoin(whitelists, sql`${whitelists.id} = ${whitelistAddresses.whitelistId}`)
    .where(
      and(
        inArray(whitelists.address, whitelistAddressList),
        inArray(whitelistAddresses.publicAddress, holders),
      ),
    );
  return new Map(rows.map((row) => [`${row.whitelist} ${row.holder}`, row.legalName]));
}
