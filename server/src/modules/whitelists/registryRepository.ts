import { and, asc, count, eq, ilike, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { projects, projectStatus } from '../projects/schema.ts';
import { whitelistAddresses } from './schema.ts';

/** Issue 37: the investor registry's reads (verified records of one whitelist) and the removal of a revoked record. */

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type RegistryFilter = {
  /** Matches the address, and the legal name when `names` (the viewer may see the records). */
  term: string;
  /** Two capitals, or '' for every country. */
  country: string;
  names: boolean;
};

export type RegistryRow = Pick<
  typeof whitelistAddresses.$inferSelect,
  | 'publicAddress'
  | 'legalName'
  | 'country'
  | 'hash'
  | 'investor'
  | 'verifiedOn'
  | 'transactionHash'
  | 'expiresAt'
>;

/** The verified (mined) records of a whitelist that match the filter: a page of them and how many match. */
export async function registryPage(
  db: Database,
  whitelistId: number,
  filter: RegistryFilter,
  page: number,
  pageSize: number,
): Promise<{ totalRows: number; rows: RegistryRow[] }> {
  const conditions: SQL[] = [
    eq(whitelistAddresses.whitelistId, whitelistId),
    isNotNull(whitelistAddresses.verifiedOn),
  ];
  if (filter.term !== '') {
    const pattern = `%${escapeLike(filter.term)}%`;
    const byAddress = ilike(whitelistAddresses.publicAddress, pattern);
    conditions.push(
      filter.names ? (or(byAddress, ilike(whitelistAddresses.legalName, pattern)) ?? byAddress) : byAddress,
    );
  }
  if (filter.country !== '') conditions.push(eq(whitelistAddresses.country, filter.country));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(whitelistAddresses).where(where);
  const rows = await db
    .select({
      publicAddress: whitelistAddresses.publicAddress,
      legalName: whitelistAddresses.legalName,
      country: whitelistAddresses.country,
      hash: whitelistAddresses.hash,
      investor: whitelistAddresses.investor,
      verifiedOn: whitelistAddresses.verifiedOn,
      transactionHash: whitelistAddresses.transactionHash,
      expiresAt: whitelistAddresses.expiresAt,
    })
    .from(whitelistAddresses)
    .where(where)
    .orderBy(asc(whitelistAddresses.createdOn), asc(whitelistAddresses.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { totalRows: total?.n ?? 0, rows };
}

/** The countries of a whitelist's verified records, A to Z (the registry's country picker). */
export async function registryCountries(db: Database, whitelistId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: whitelistAddresses.country })
    .from(whitelistAddresses)
    .where(
      and(
        eq(whitelistAddresses.whitelistId, whitelistId),
        isNotNull(whitelistAddresses.verifiedOn),
        ne(whitelistAddresses.country, ''),
      ),
    )
    .orderBy(asc(whitelistAddresses.country));
  return rows.flatMap((row) => (row.country ? [row.country] : []));
}

/** The deployed tokens whose whitelist is `address`, by symbol. */
export async function tokensUsingWhitelist(db: Database, address: string) {
  return db
    .select({
      projectCode: projects.projectCode,
      projectName: projects.projectName,
      contractAddress: projects.contractAddress,
    })
    .from(projects)
    .where(and(eq(projects.whitelistAddress, address), eq(projects.status, projectStatus.deployed)))
    .orderBy(asc(projects.projectCode));
}

/**
 * Removes the record of an address the chain no longer verifies, and its legal name from the holders of the tokens
 * that use the whitelist. Answers whether there was a record.
 */
export async function removeRevokedRecord(
  db: Database,
  whitelist: { id: number; address: string },
  publicAddress: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(whitelistAddresses)
      .where(
        and(
          eq(whitelistAddresses.whitelistId, whitelist.id),
          eq(whitelistAddresses.publicAddress, publicAddress),
        ),
      )
      .returning({ id: whitelistAddresses.id });
    await tx.execute(sql`
      update token_balances tb set legal_name = null
      from projects p
      where p.whitelist_address = ${whitelist.address} and tb.contract_address = p.contract_address
        and tb.holder = ${publicAddress} and tb.legal_name is not null`);
    return removed.length > 0;
  });
}
