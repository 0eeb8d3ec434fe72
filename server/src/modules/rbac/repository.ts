import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { deployedContracts } from '../../db/schema.ts';
import { tokenEvents } from '../tokens/schema.ts';
import { whitelistAddresses, whitelists } from '../whitelists/schema.ts';
import { securitySchemes } from './schema.ts';

export type SchemeRow = typeof securitySchemes.$inferSelect;

export async function listSchemes(db: Database, chainId: number): Promise<SchemeRow[]> {
  return db
    .select()
    .from(securitySchemes)
    .where(eq(securitySchemes.chainId, chainId))
    .orderBy(asc(securitySchemes.createdOn), asc(securitySchemes.id));
}

export async function findScheme(
  db: Database,
  chainId: number,
  address: string,
): Promise<SchemeRow | undefined> {
  const [row] = await db
    .select()
    .from(securitySchemes)
    .where(and(eq(securitySchemes.chainId, chainId), eq(securitySchemes.address, address.toLowerCase())))
    .limit(1);
  return row;
}

/** Inserts the scheme and its deployed-contracts row (checked at start); answers false when it was there. */
export async function insertScheme(
  db: Database,
  values: typeof securitySchemes.$inferInsert,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(securitySchemes)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: securitySchemes.id });
    await tx
      .insert(deployedContracts)
      .values({
        chainId: values.chainId,
        address: values.address,
        kind: 'securityScheme',
        name: values.schemeName,
        transactionHash: values.transactionHash ?? null,
      })
      .onConflictDoNothing();
    return rows.length === 1;
  });
}

/**
 * Gives a registered scheme to the account that controls its deployer or owner (access.contractRegistration), as
 * that account registers it.
 */
export async function takeOverScheme(
  db: Database,
  id: number,
  values: Omit<typeof securitySchemes.$inferInsert, 'id' | 'chainId' | 'address' | 'createdOn'>,
): Promise<void> {
  await db.update(securitySchemes).set(values).where(eq(securitySchemes.id, id));
}

/** The scheme's owner as the chain now holds it (after a version 2 scheme changed hands). */
export async function setSchemeOwner(db: Database, id: number, ownerAddress: string): Promise<void> {
  await db.update(securitySchemes).set({ ownerAddress }).where(eq(securitySchemes.id, id));
}

/** The registered whitelists of a scheme (their records' names fill the scheme's role table). */
export async function whitelistsOfScheme(
  db: Database,
  chainId: number,
  schemeAddress: string,
): Promise<(typeof whitelists.$inferSelect)[]> {
  return db
    .select()
    .from(whitelists)
    .where(and(eq(whitelists.chainId, chainId), eq(whitelists.schemeAddress, schemeAddress.toLowerCase())));
}

/** The legal names of `addresses` in the whitelists `whitelistIds` (the first record found for each address). */
export async function legalNamesIn(
  db: Database,
  whitelistIds: number[],
  addresses: string[],
): Promise<Map<string, string>> {
  if (whitelistIds.length === 0 || addresses.length === 0) return new Map();
  const rows = await db
    .select({ address: whitelistAddresses.publicAddress, legalName: whitelistAddresses.legalName })
    .from(whitelistAddresses)
    .where(
      and(
        inArray(whitelistAddresses.whitelistId, whitelistIds),
        inArray(whitelistAddresses.publicAddress, addresses),
      ),
    )
    .orderBy(asc(whitelistAddresses.id));
  const names = new Map<string, string>();
  for (const row of rows) if (!names.has(row.address)) names.set(row.address, row.legalName);
  return names;
}

/** A scheme's indexed events (grants, revocations, ownership), in chain order. */
export async function schemeEvents(
  db: Database,
  address: string,
): Promise<(typeof tokenEvents.$inferSelect)[]> {
  return db
    .select()
    .from(tokenEvents)
    .where(eq(tokenEvents.contractAddress, address.toLowerCase()))
    .orderBy(asc(tokenEvents.blockNumber), asc(tokenEvents.logIndex));
}
