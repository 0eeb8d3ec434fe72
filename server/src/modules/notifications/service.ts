import {
  type NotificationPreferences,
  notificationKinds,
  type updateNotificationPreferencesSchema,
} from '@tranche/api';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';
import { crashPoint } from '../../jobs/crashPoints.ts';
import type { JobHandler, JobRunner } from '../../jobs/runner.ts';
import { mailOf } from './mailText.ts';
import { findUnrecorded } from './scan.ts';
import { notificationEvents, notificationPreferences } from './schema.ts';

/** The durable job that sends one recorded notice (retried by the runner). */
export const notifyMailJobKind = 'notify.mail';
/** The durable job that sends one account's daily digest. */
export const notifyDigestJobKind = 'notify.digest';

const defaults: NotificationPreferences = {
  kinds: { dtxStarted: true, dtxFinished: true, draftDeployed: true, bulkFinished: true },
  dailyDigest: false,
};

export async function preferencesOf(db: Database, accountId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.accountId, accountId))
    .limit(1);
  if (!row) return defaults;
  const kinds = { ...defaults.kinds };
  for (const kind of notificationKinds)
    if (typeof row.kinds[kind] === 'boolean') kinds[kind] = row.kinds[kind];
  return { kinds, dailyDigest: row.dailyDigest };
}

/** PUT /notifications/preferences: what is given changes, the rest stays. */
export async function updatePreferences(
  db: Database,
  accountId: number,
  change: z.output<typeof updateNotificationPreferencesSchema>,
): Promise<NotificationPreferences> {
  const current = await preferencesOf(db, accountId);
  const next: NotificationPreferences = {
    kinds: { ...current.kinds, ...change.kinds },
    dailyDigest: change.dailyDigest ?? current.dailyDigest,
  };
  await db
    .insert(notificationPreferences)
    .values({ accountId, kinds: next.kinds, dailyDigest: next.dailyDigest })
    .onConflictDoUpdate({
      target: notificationPreferences.accountId,
      set: { kinds: next.kinds, dailyDigest: next.dailyDigest, updatedOn: new Date() },
    });
  return next;
}

/**
 * Records the mail owed for what happened since the last look, each once (unique event key), and queues a mail
 * job for each in the same database transaction. A kind the recipient turned off is recorded as settled; with the
 * daily digest on it waits for the digest. Returns how many were recorded.
 */
export async function recordNotices(ctx: AppContext, runner: JobRunner): Promise<number> {
  const notices = await findUnrecorded(ctx.db);
  const preferences = new Map<number, NotificationPreferences>();
  let recorded = 0;
  for (const notice of notices) {
    let wanted = preferences.get(notice.accountId);
    if (!wanted) {
      wanted = await preferencesOf(ctx.db, notice.accountId);
      preferences.set(notice.accountId, wanted);
    }
    const mail = mailOf(notice, ctx.publicUrl());
    const on = wanted.kinds[notice.kind];
    const digest = wanted.dailyDigest;
    const inserted = await ctx.db.transaction((tx) =>
      recordMail(tx as unknown as Database, runner, { ...notice, ...mail }, { on, digest }),
    );
    if (inserted) recorded += 1;
  }
  return recorded;
}

export type RecordedMail = {
  eventKey: string;
  kind: string;
  accountId: number;
  subject: string;
  text: string;
};

/**
 * Records one mail under its unique event key and queues the durable mail job that sends it (retried by the
 * runner), both in the caller's transaction `db`: the mail is sent once the caller's change commits, even after a
 * crash. A mail turned off (`on` false) is recorded as settled; one for the daily digest waits for it. False when
 * the key was recorded already.
 */
export async function recordMail(
  db: Database,
  runner: JobRunner,
  mail: RecordedMail,
  options: { on: boolean; digest: boolean } = { on: true, digest: false },
): Promise<boolean> {
  const [row] = await db
    .insert(notificationEvents)
    .values({
      eventKey: mail.eventKey,
      kind: mail.kind,
      accountId: mail.accountId,
      subject: mail.subject,
      text: mail.text,
      sentOn: options.on ? null : new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: notificationEvents.id });
  if (!row || !options.on || options.digest) return Boolean(row);
  const job = await runner.enqueue(notifyMailJobKind, { eventId: row.id }, db);
  await db.update(notificationEvents).set({ jobId: job.id }).where(eq(notificationEvents.id, row.id));
  return true;
}

async function emailOf(db: Database, accountId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ email: accounts.emailAddress })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.email;
}

/**
 * Sends one recorded notice unless it was marked sent already. Crash points: notify:sending (nothing sent: the
 * restart sends it) and notify:sent (the mail left, not marked: the restart sends it again — at least once).
 */
export function createNotifyMailHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const [event] = await ctx.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.id, Number(job.payload.eventId)))
      .limit(1);
    if (!event || event.sentOn) return;
    crashPoint('notify:sending');
    const to = await emailOf(ctx.db, event.accountId);
    if (to) await ctx.mailer.send({ to, subject: event.subject, text: event.text });
    crashPoint('notify:sent');
    await ctx.db
      .update(notificationEvents)
      .set({ sentOn: new Date() })
      .where(eq(notificationEvents.id, event.id));
  };
}

/** Sends an account's waiting notices as one mail and marks them sent. */
export function createDigestHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    const accountId = Number(job.payload.accountId);
    const waiting = await ctx.db
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.accountId, accountId), isNull(notificationEvents.sentOn)))
      .orderBy(asc(notificationEvents.id));
    if (waiting.length === 0) return;
    const to = await emailOf(ctx.db, accountId);
    if (to)
      await ctx.mailer.send({
        to,
        subject: `Tranche: your daily digest (${waiting.length})`,
        text: waiting.map((event) => `${event.subject}\n${event.text}`).join('\n\n---\n\n'),
      });
    await ctx.db
      .update(notificationEvents)
      .set({ sentOn: new Date() })
      .where(
        and(
          eq(notificationEvents.accountId, accountId),
          isNull(notificationEvents.sentOn),
          sql`${notificationEvents.id} <= ${waiting[waiting.length - 1]?.id ?? 0}`,
        ),
      );
  };
}

/** Queues the day's digest of each account that chose it and has notices waiting (once a day: unique key). */
export async function queueDigests(ctx: AppContext, runner: JobRunner, day: string): Promise<void> {
  const due = await ctx.db
    .select({ accountId: notificationPreferences.accountId })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.dailyDigest, true));
  for (const { accountId } of due) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notificationEvents)
        .values({
          eventKey: `digest:${accountId}:${day}`,
          kind: 'digest',
          accountId,
          subject: 'daily digest',
          text: '',
          sentOn: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: notificationEvents.id });
      if (row) await runner.enqueue(notifyDigestJobKind, { accountId }, tx as unknown as Database);
    });
  }
}
