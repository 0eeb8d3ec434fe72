import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { deployedContracts } from '../../db/schema.ts';
import { type ContactDetails, whitelistAddresses, whitelists } from './schema.ts';
import { refreshHolderLegalNames } from '../holders/repository.ts';

export type WhitelistRow = typeof whitelists.$inferSelect;
export type WhitelistAddressRow = typeof whitelistAddresses.$inferSelect;

export async function listWhitelists(db: Database, chainId: number): Promise<WhitelistRow[]> {
  return db
    .select()
    .from(whitelists)
    .where(eq(whitelists.chainId, chainId))
    .orderBy(asc(whitelists.createdOn), asc(whitelists.id));
}

export async function findWhitelist(
  db: Database,
  chainId: number,
  address: string,
): Promise<WhitelistRow | undefined> {
  const [row] = await db
    .select()
    .from(whitelists)
    .where(and(eq(whitelists.chainId, chainId), eq(whitelists.address, address.toLowerCase())))
    .limit(1);
  return row;
}

/** Inserts the whitelist and its deployed-contracts row; answers false when it was there. */
export async function insertWhitelist(
  db: Database,
  values: typeof whitelists.$inferInsert,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(whitelists)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: whitelists.id });
    await tx
      .insert(deployedContracts)
      .values({
        chainId: values.chainId,
        address: values.address,
        kind: 'whitelist',
        name: values.name,
        transactionHash: values.transactionHash ?? null,
      })
      .onConflictDoNothing();
    return rows.length === 1;
  });
}

export async function findAddresses(
  db: Database,
  whitelistId: number,
  addresses: string[],
): Promise<WhitelistAddressRow[]> {
  if (addresses.length === 0) return [];
  return db
    .select()
    .from(whitelistAddresses)
    .where(
      and(
        eq(whitelistAddresses.whitelistId, whitelistId),
        inArray(whitelistAddresses.publicAddress, addresses),
      ),
    );
}

export type AddressRecord = {
  publicAddress: string;
  legalName: string;
  contactDetails: ContactDetails;
  salt: string;
  hash: string;
};

/** Saves the records of one mined batch (inserts new rows, replaces the details of known ones). */
export async function saveAddresses(
  db: Database,
  whitelistId: number,
  accountId: number,
  transactionHash: string,
  records: AddressRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const chunk = 1000;
  await db.transaction(async (tx) => {
    for (let i = 0; i < records.length; i += chunk) {
      const part = records.slice(i, i + chunk);
      await tx
        .insert(whitelistAddresses)
        .values(part.map((record) => ({ ...record, whitelistId, accountId, transactionHash })))
        .onConflictDoUpdate({
          target: [whitelistAddresses.whitelistId, whitelistAddresses.publicAddress],
          set: {
            legalName: sql`excluded.legal_name`,
            contactDetails: sql`excluded.contact_details`,
            salt: sql`excluded.salt`,
            hash: sql`excluded.hash`,
            transactionHash: sql`excluded.transaction_hash`,
            accountId: sql`excluded.account_id`,
            updatedOn: sql`now()`,
          },
        });
      // The holders of the tokens that use this whitelist show (and sort by) these legal names.
      const addresses = part.map((record) => sql`${record.publicAddress}`);
      await refreshHolderLegalNames(
        tx,
        sql`w.id = ${whitelistId} and wa.public_address in (${sql.join(addresses, sql`, `)})`,
      );
    }
  });
}

export async function pageOfAddresses(
  db: Database,
  whitelistId: number,
  page: number,
  pageSize: number,
): Promise<{ totalRows: number; rows: WhitelistAddressRow[] }> {
  const [total] = await db
    .select({ n: count() })
    .from(whitelistAddresses)
    .where(eq(whitelistAddresses.whitelistId, whitelistId));
  const rows = await db
    .select()
    .from(whitelistAddresses)
    .where(eq(whitelistAddresses.whitelistId, whitelistId))
    .orderBy(asc(whitelistAddresses.createdOn), asc(whitelistAddresses.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { totalRows: total?.n ?? 0, rows };
}
