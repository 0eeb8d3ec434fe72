import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
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

/**
 * Gives a registered whitelist to the account that controls its deployer or owner (access.contractRegistration), as
 * that account registers it.
 */
export async function takeOverWhitelist(
  db: Database,
  id: number,
  values: Omit<typeof whitelists.$inferInsert, 'id' | 'chainId' | 'address' | 'createdOn'>,
): Promise<void> {
  await db.update(whitelists).set(values).where(eq(whitelists.id, id));
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

type RecordRow = typeof whitelistAddresses.$inferInsert;

async function upsertRows(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  rows: RecordRow[],
) {
  const chunk = 1000;
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insert(whitelistAddresses)
      .values(rows.slice(i, i + chunk))
      .onConflictDoUpdate({
        target: [whitelistAddresses.whitelistId, whitelistAddresses.publicAddress],
        set: {
          legalName: sql`excluded.legal_name`,
          contactDetails: sql`excluded.contact_details`,
          salt: sql`excluded.salt`,
          hash: sql`excluded.hash`,
          transactionHash: sql`excluded.transaction_hash`,
          verifiedOn: sql`excluded.verified_on`,
          accountId: sql`excluded.account_id`,
          updatedOn: sql`now()`,
        },
      });
  }
}

/**
 * Writes the records of one batch as pending (verifiedOn null), before its chain transaction is sent: a crash
 * after the transaction then leaves records whose hash the chain holds, never a chain entry without its record.
 */
export async function savePendingAddresses(
  db: Database,
  whitelistId: number,
  accountId: number,
  records: AddressRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await upsertRows(
    db,
    records.map((record) => ({ ...record, whitelistId, accountId, transactionHash: null, verifiedOn: null })),
  );
}

/** Marks the pending records of a mined batch verified, and shows their legal names on the holders of its tokens. */
export async function markAddressesVerified(
  db: Database,
  whitelistId: number,
  transactionHash: string,
  addresses: string[],
): Promise<void> {
  if (addresses.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(whitelistAddresses)
      .set({ transactionHash, verifiedOn: sql`now()`, updatedOn: sql`now()` })
      .where(
        and(
          eq(whitelistAddresses.whitelistId, whitelistId),
          inArray(whitelistAddresses.publicAddress, addresses),
        ),
      );
    const list = addresses.map((address) => sql`${address}`);
    // The holders of the tokens that use this whitelist show (and sort by) these legal names.
    await refreshHolderLegalNames(
      tx,
      sql`w.id = ${whitelistId} and wa.public_address in (${sql.join(list, sql`, `)})`,
    );
  });
}

/**
 * Undoes the pending records of a batch whose transaction failed: new addresses are removed, known ones get their
 * previous (verified) record back.
 */
export async function discardPendingAddresses(
  db: Database,
  whitelistId: number,
  addresses: string[],
  previous: WhitelistAddressRow[],
): Promise<void> {
  if (addresses.length === 0) return;
  const known = new Set(previous.map((row) => row.publicAddress));
  const fresh = addresses.filter((address) => !known.has(address));
  await db.transaction(async (tx) => {
    if (fresh.length > 0)
      await tx
        .delete(whitelistAddresses)
        .where(
          and(
            eq(whitelistAddresses.whitelistId, whitelistId),
            inArray(whitelistAddresses.publicAddress, fresh),
            isNull(whitelistAddresses.verifiedOn),
          ),
        );
    if (previous.length > 0)
      await upsertRows(
        tx,
        previous.map(({ id: _id, ...row }) => row),
      );
  });
}

/** Saves the records of one mined batch as verified (inserts new rows, replaces the details of known ones). */
export async function saveAddresses(
  db: Database,
  whitelistId: number,
  accountId: number,
  transactionHash: string,
  records: AddressRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await savePendingAddresses(db, whitelistId, accountId, records);
  await markAddressesVerified(
    db,
    whitelistId,
    transactionHash,
    records.map((record) => record.publicAddress),
  );
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

/**
 * Records the expiries (unix seconds, 0: none) a mined transaction wrote to the whitelist: one statement for the
 * batch.
 */
export async function setExpiries(
  db: Database,
  whitelistId: number,
  entries: { address: string; expiresAt: number }[],
): Promise<void> {
  if (entries.length === 0) return;
  const values = entries.map(
    (entry) => sql`(${entry.address}::text, ${entry.expiresAt === 0 ? null : entry.expiresAt}::bigint)`,
  );
  await db.execute(sql`
    update whitelist_addresses w
    set expires_at = case when v.seconds is null then null else to_timestamp(v.seconds) end, updated_on = now()
    from (values ${sql.join(values, sql`, `)}) as v(address, seconds)
    where w.whitelist_id = ${whitelistId} and w.public_address = v.address`);
}

/** The verified records of a whitelist whose expiry is at or before `until`, soonest first (at most `limit`). */
export async function expiringAddresses(
  db: Database,
  whitelistId: number,
  until: Date,
  limit: number,
): Promise<WhitelistAddressRow[]> {
  return db
    .select()
    .from(whitelistAddresses)
    .where(
      and(
        eq(whitelistAddresses.whitelistId, whitelistId),
        isNotNull(whitelistAddresses.verifiedOn),
        isNotNull(whitelistAddresses.expiresAt),
        lte(whitelistAddresses.expiresAt, until),
      ),
    )
    .orderBy(asc(whitelistAddresses.expiresAt), asc(whitelistAddresses.id))
    .limit(limit);
}
