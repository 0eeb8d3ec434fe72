import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { decryptSecretText, encryptSecret } from '../../crypto/aesGcm.ts';
import type { Database } from '../../db/database.ts';
import { type JobHandler, type JobRow, type JobRunner, PermanentJobError } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';

/** The job kind of the durable mail outbox (password mails of new shares, at creation and at a reshard). */
export const shareMailJobKind = 'sharding.mail';
/** Tries of one mail before it is given up (the runner's default attempts; 1 s, 2 s, 4 s, 8 s apart). */
const mailAttempts = 5;

export type ShareMail = { to: string; subject: string; text: string };

export function mailBinding(to: string, keyId: number, generation: number): string {
  return `mail:${to}:${keyId}:${generation}`;
}

/**
 * Queues the password mails of a generation's new shares in `tx` (the database transaction that stores the shares),
 * their text sealed under the master key. 'enqueue' leaves them to the job runner; 'adopt' claims them for this
 * process, which tries each once at once with {@link sendAdoptedMails} after the transaction commits.
 */
export async function queueShareMails(
  ctx: Pick<AppContext, 'masterKey'>,
  runner: JobRunner,
  tx: Database,
  target: { keyId: number; generation: number; mails: ShareMail[]; mode: 'enqueue' | 'adopt' },
): Promise<JobRow[]> {
  const queued: JobRow[] = [];
  for (const mail of target.mails) {
    const payload = {
      to: mail.to,
      subject: mail.subject,
      keyId: target.keyId,
      generation: target.generation,
      sealed: encryptSecret(ctx.masterKey, mail.text, mailBinding(mail.to, target.keyId, target.generation)),
    };
    queued.push(
      await (target.mode === 'adopt'
        ? runner.adopt(shareMailJobKind, payload, tx)
        : runner.enqueue(shareMailJobKind, payload, tx)),
    );
  }
  return queued;
}

/**
 * Tries each adopted mail once now, one after the other; a refused one stays queued and the job runner tries it
 * again (the share waits, nothing is lost), exactly as after a crash.
 */
export async function sendAdoptedMails(
  ctx: Pick<AppContext, 'db' | 'masterKey' | 'mailer'>,
  runner: JobRunner,
  queued: JobRow[],
): Promise<void> {
  const send = createShareMailHandler(ctx);
  for (const job of queued) await runner.runAdopted(job, (tools) => send(job, tools)).catch(() => undefined);
}

/**
 * Sends one queued password mail. A refused mail is tried again by the job runner (the share waits, nothing is
 * lost); once sent, or given up, its sealed text is erased from the database.
 */
export function createShareMailHandler(ctx: Pick<AppContext, 'db' | 'masterKey' | 'mailer'>): JobHandler {
  return async (job) => {
    const payload = job.payload as {
      to: string;
      subject: string;
      keyId: number;
      generation: number;
      sealed?: string;
    };
    if (!payload.sealed) return;
    const erase = async (state: string) => {
      const { sealed: _sealed, ...rest } = payload;
      await ctx.db
        .update(jobs)
        .set({ payload: { ...rest, [state]: new Date().toISOString() } })
        .where(eq(jobs.id, job.id));
    };
    const text = decryptSecretText(
      ctx.masterKey,
      payload.sealed,
      mailBinding(payload.to, payload.keyId, payload.generation),
    );
    try {
      await ctx.mailer.send({ to: payload.to, subject: payload.subject, text });
    } catch (error) {
      if (job.attempts < mailAttempts) throw error;
      await erase('givenUpOn');
      throw new PermanentJobError(`The mail to ${payload.to} could not be sent: ${(error as Error).message}`);
    }
    await erase('sentOn');
  };
}
