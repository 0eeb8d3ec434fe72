import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
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
  /** 'smtp' sends through SMTP_URL; 'outbox' keeps mail in the database (GET /api/local/outbox in local mode). */
  kind: 'smtp' | 'outbox';
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

/** Mail kept in the mail_outbox table. */
export function createOutboxMailer(db: Database): Mailer {
  return {
    kind: 'outbox',
    send: async (message) => {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        attachments: (message.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          contentBase64: attachment.content.toString('base64'),
        })),
      });
    },
    close: async () => undefined,
  };
}

/** The outbox, newest first: all of it, or the mail to one address. */
export async function listOutbox(db: Database, options: { to?: string; limit?: number } = {}) {
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
    text: row.text,
    createdOn: row.createdOn.toISOString(),
    attachments: row.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
  }));
}
