import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { deployedContracts } from '../../db/schema.ts';
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
