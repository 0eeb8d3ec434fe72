import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { decryptSecretText, encryptSecret } from '../crypto/aesGcm.ts';
import type { Database } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

export type Mailer = {
  /**
   * 'smtp' sends through SMTP_URL; 'outbox' keeps mail in the database, sealed (GET /api/local/outbox in local
   * mode); 'disabled' (MAIL=disabled) sends nothing and keeps nothing.
   */
  kind: 'smtp' | 'outbox' | 'disabled';
  send: (message: MailMessage) => Promise<void>;
  close: () => Promise<void>;
};

export const defaultMailFrom = 'Tranche <no-reply@tranche.local>';

/** Mail through nodemailer's SMTP transport (`smtp://user:pass@host:587`, `smtps://...`). */
export function createSmtpMailer(smtpUrl: string, from = defaultMailFrom): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
    close: async () => transport.close(),
  };
}

/** MAIL=disabled: mail is dropped (nothing is sent, nothing is kept). */
export function createDisabledMailer(): Mailer {
  return { kind: 'disabled', send: async () => undefined, close: async () => undefined };
}

type OutboxKeys = { db: Database; masterKey: Buffer };

/** Binds a sealed part of an outbox mail to its recipient and field (aesGcm associated data). */
export const outboxBinding = (to: string, field: string) => `mail-outbox:${to}:${field}`;

/**
 * Mail kept in the mail_outbox table, its text, html and attachments sealed under the master key: the codes and
 * PDF passwords it carries are never at rest in plaintext (only {@link listOutbox} opens them).
 */
export function createOutboxMailer({ db, masterKey }: OutboxKeys): Mailer {
  const seal = (to: string, field: string, content: string | Uint8Array) =>
    encryptSecret(masterKey, content, outboxBinding(to, field));
  return {
    kind: 'outbox',
    send: async (message) => {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: seal(message.to, 'text', message.text),
        html: message.html === undefined ? null : seal(message.to, 'html', message.html),
        attachments: (message.attachments ?? []).map((attachment, index) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          contentBase64: seal(message.to, `attachment:${index}`, attachment.content),
        })),
      });
    },
    close: async () => undefined,
  };
}

/** The outbox, newest first: all of it, or the mail to one address, opened. */
export async function listOutbox(
  { db, masterKey }: OutboxKeys,
  options: { to?: string; limit?: number } = {},
) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(options.to === undefined ? undefined : eq(mailOutbox.to, options.to))
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit ?? 100);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: decryptSecretText(masterKey, row.text, outboxBinding(row.to, 'text')),
    createdOn: row.createdOn.toISOString(),
    attachments: row.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
  }));
}
