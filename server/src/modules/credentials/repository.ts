import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { credentials } from './schema.ts';

export type CredentialRow = typeof credentials.$inferSelect;

export async function findCredentialByAddress(
  db: Database,
  address: string,
): Promise<CredentialRow | undefined> {
  const [row] = await db
    .select()
    .from(credentials)
    .where(eq(credentials.address, address.toLowerCase()))
    .limit(1);
  return row;
}

/**
 * Inserts the key of `address` for `accountId`, or replaces it when the same account registered it before.
 * Answers false when another account holds the address (nothing is written).
 */
export async function upsertCredential(
  db: Database,
  values: { accountId: number; address: string; encryptedKey: string },
): Promise<boolean> {
  const inserted = await db
    .insert(credentials)
    .values(values)
    .onConflictDoNothing({ target: credentials.address })
    .returning({ id: credentials.id });
  if (inserted.length === 1) return true;
  const updated = await db
    .update(credentials)
    .set({ encryptedKey: values.encryptedKey, updatedOn: new Date() })
    .where(and(eq(credentials.address, values.address), eq(credentials.accountId, values.accountId)))
    .returning({ id: credentials.id });
  return updated.length === 1;
}
