import { and, asc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { outboxBinding } from '../mail/mailer.ts';
import { credentials } from '../modules/credentials/schema.ts';
import { associatedData } from '../modules/credentials/service.ts';
import { dtxApprovals } from '../modules/dtx/schema.ts';
import { approvalBinding, pdfBinding, shareBinding } from '../modules/sharding/keyMaterial.ts';
import { mailBinding, shareMailJobKind } from '../modules/sharding/mail.ts';
import { keyShares, shardedKeys } from '../modules/sharding/schema.ts';
import { secretBinding } from '../modules/webhooks/deliver.ts';
import { webhookEndpoints } from '../modules/webhooks/schema.ts';

/**
 * Every value sealed under the master key (crypto/aesGcm.ts), where it is kept and the associated data it was sealed
 * with: what a MASTER_KEY rotation (crypto/rotation.ts) re-seals. A new sealed column belongs here.
 */
export type Sealed = { sealed: string; binding: string };
type SealedRow = { id: number; values: Sealed[]; write: (db: Database, resealed: string[]) => Promise<void> };

/** Every place a value sealed under the master key is kept, with the associated data it was sealed with. */
export const sealedColumns: {
  name: string;
  rows: (db: Database, afterId: number, limit: number) => Promise<SealedRow[]>;
}[] = [
  {
    name: 'registered keys (credentials.encrypted_key)',
    rows: async (db, afterId, limit) =>
      (
        await db
          .select()
          .from(credentials)
          .where(gt(credentials.id, afterId))
          .orderBy(asc(credentials.id))
          .limit(limit)
      ).map((row) => ({
        id: row.id,
        values: [{ sealed: row.encryptedKey, binding: associatedData(row.accountId, row.address) }],
        write: async (tx, [encryptedKey]) => {
          await tx.update(credentials).set({ encryptedKey }).where(eq(credentials.id, row.id));
        },
      })),
  },
  {
    name: 'sharded key shares and PDFs (key_shares.sealed_share, sealed_pdf)',
    rows: async (db, afterId, limit) =>
      (
        await db
          .select({ share: keyShares, address: shardedKeys.address })
          .from(keyShares)
          .innerJoin(shardedKeys, eq(shardedKeys.id, keyShares.keyId))
          .where(
            and(
              gt(keyShares.id, afterId),
              or(isNotNull(keyShares.sealedShare), isNotNull(keyShares.sealedPdf)),
            ),
          )
          .orderBy(asc(keyShares.id))
          .limit(limit)
      ).map(({ share, address }) => {
        const fields = (['sealedShare', 'sealedPdf'] as const).filter((field) => share[field] !== null);
        const binding = (field: (typeof fields)[number]) =>
          (field === 'sealedShare' ? shareBinding : pdfBinding)(address, share.generation, share.accountId);
        return {
          id: share.id,
          values: fields.map((field) => ({ sealed: share[field] as string, binding: binding(field) })),
          write: async (tx: Database, resealed: string[]) => {
            await tx
              .update(keyShares)
              .set(Object.fromEntries(fields.map((field, i) => [field, resealed[i]])))
              .where(eq(keyShares.id, share.id));
          },
        };
      }),
  },
  {
    name: 'approval shares of pending distributed transactions (dtx_approvals.sealed_share)',
    rows: async (db, afterId, limit) =>
      (
        await db
          .select()
          .from(dtxApprovals)
          .where(and(gt(dtxApprovals.id, afterId), isNotNull(dtxApprovals.sealedShare)))
          .orderBy(asc(dtxApprovals.id))
          .limit(limit)
      ).map((row) => ({
        id: row.id,
        values: [{ sealed: row.sealedShare as string, binding: approvalBinding(row.dtxId, row.accountId) }],
        write: async (tx, [sealedShare]) => {
          await tx.update(dtxApprovals).set({ sealedShare }).where(eq(dtxApprovals.id, row.id));
        },
      })),
  },
  {
    name: 'webhook secrets (webhook_endpoints.sealed_secret)',
    rows: async (db, afterId, limit) =>
      (
        await db
          .select()
          .from(webhookEndpoints)
          .where(gt(webhookEndpoints.id, afterId))
          .orderBy(asc(webhookEndpoints.id))
          .limit(limit)
      ).map((row) => ({
        id: row.id,
        values: [{ sealed: row.sealedSecret, binding: secretBinding(row.accountId) }],
        write: async (tx, [sealedSecret]) => {
          await tx.update(webhookEndpoints).set({ sealedSecret }).where(eq(webhookEndpoints.id, row.id));
        },
      })),
  },
  {
    name: 'local outbox mail (mail_outbox.text, html, attachments)',
    rows: async (db, afterId, limit) =>
      (
        await db
          .select()
          .from(mailOutbox)
          .where(gt(mailOutbox.id, afterId))
          .orderBy(asc(mailOutbox.id))
          .limit(limit)
      ).map((row) => ({
        id: row.id,
        values: [
          { sealed: row.text, binding: outboxBinding(row.to, 'text') },
          ...(row.html === null ? [] : [{ sealed: row.html, binding: outboxBinding(row.to, 'html') }]),
          ...row.attachments.map((attachment, i) => ({
            sealed: attachment.contentBase64,
            binding: outboxBinding(row.to, `attachment:${i}`),
          })),
        ],
        write: async (tx, resealed) => {
          const [text, ...rest] = resealed as [string, ...string[]];
          const html = row.html === null ? null : (rest.shift() as string);
          const attachments = row.attachments.map((attachment, i) => ({
            ...attachment,
            contentBase64: rest[i] as string,
          }));
          await tx.update(mailOutbox).set({ text, html, attachments }).where(eq(mailOutbox.id, row.id));
        },
      })),
  },
  {
    name: 'sharded key password mails not sent yet (jobs sharding.mail payload.sealed)',
    rows: async (db, afterId, limit) =>
      (
        await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, shareMailJobKind), gt(jobs.id, afterId)))
          .orderBy(asc(jobs.id))
          .limit(limit)
      ).map((row) => {
        const payload = row.payload as { to: string; keyId: number; generation: number; sealed?: string };
        return {
          id: row.id,
          values: payload.sealed
            ? [
                {
                  sealed: payload.sealed,
                  binding: mailBinding(payload.to, payload.keyId, payload.generation),
                },
              ]
            : [],
          write: async (tx: Database, [sealed]: string[]) => {
            await tx
              .update(jobs)
              .set({ payload: { ...row.payload, sealed } })
              .where(eq(jobs.id, row.id));
          },
        };
      }),
  },
];

/** Every sealed value, for checks (tests): which key opens each. */
export async function* allSealedValues(db: Database): AsyncGenerator<Sealed & { column: string }> {
  for (const column of sealedColumns) {
    let afterId = 0;
    for (;;) {
      const rows = await column.rows(db, afterId, 200);
      for (const row of rows) for (const value of row.values) yield { ...value, column: column.name };
      if (rows.length < 200) break;
      afterId = rows[rows.length - 1]?.id ?? afterId;
    }
  }
}
