import type { AddressInfo } from 'node:net';
import { dtxStatuses, type ShardedKeyResult, type ShardedKeyStatus } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { accounts } from '../../db/schema.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { createSmtpMailer } from '../../mail/mailer.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { accessCodeInPdf } from './testing.ts';

/**
 * A reshard while the SMTP server refuses mail (a real SMTP listener answering 451 to the first tries): the reshard
 * is stored at once, the password mails are tried again from the durable outbox, and once mail works every new
 * signer opens their PDF and the new generation is activated. The same for a new key's mails. Nothing is lost.
 */

let chain: DevChain;
let t: TestApp;
let smtp: SMTPServer;
let refuse = 0;
let refused = 0;
const received: { to: string; text: string }[] = [];

const isPasswordMail = (text: string) => /opens with this password: /.test(text);

/** The text of a received message, quoted-printable decoded. */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = bodyOf(Buffer.concat(chunks).toString('utf8'));
        // Only password mails are refused and counted (notifications of the key's transactions go through).
        const password = isPasswordMail(text);
        if (password && refused < refuse) {
          refused += 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        if (password)
          for (const recipient of session.envelope.rcptTo) received.push({ to: recipient.address, text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  chain = await startTestChain();
  const base = await createTestApp({ kind: 'pglite', chain });
  // The same database and context, mail through the SMTP listener.
  await base.app.close();
  const ctx = { ...base.ctx, mailer: createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`) };
  const app = await buildApp({ ...ctx, logger: false, consoleDir: null });
  await app.ready();
  t = { ...base, app, ctx };
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  t?.ctx.chain.close();
  await t?.database.close();
  await chain?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const passwordOf = (email: string) => {
  const mail = [...received].reverse().find((m) => m.to === email);
  const match = mail?.text.match(/opens with this password: (\S+)/);
  if (!match?.[1]) throw new Error(`no password mailed to ${email}`);
  return match[1];
};

it('completes a reshard once mail works: the refused mails are retried, nothing is lost', async () => {
  const users: TestUser[] = [];
  const emails: string[] = [];
  for (const name of ['alice', 'bob', 'carol']) {
    const user = await createTestUser(t, name);
    // The app was rebuilt: its clients call the rebuilt app.
    users.push(user);
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    emails.push(row?.emailAddress as string);
  }
  expect(await baseUrlOf(t)).toMatch(/^http/);
  const [alice, bob, carol] = users as [TestUser, TestUser, TestUser];
  const created = (await alice.client.call('createShardedKey', {
    body: { recipients: emails.slice(0, 2), minimum: 2 },
  })) as ShardedKeyResult;
  const code = async (share: { emailAddress: string; pdf: string }) =>
    accessCodeInPdf(share.pdf, passwordOf(share.emailAddress));
  const first = new Map<string, string>();
  for (const share of created.shares) first.set(share.emailAddress, await code(share));
  for (const share of created.shares) {
    await alice.client.call('shardOpened', {
      body: {
        publicKey: created.publicAddress,
        emailAddress: share.emailAddress,
        pdfPassword: passwordOf(share.emailAddress),
      },
    });
  }
  await alice.client.call('commitShardedKey', {
    body: { publicKey: created.publicAddress, accessCode: first.get(emails[0] as string) as string },
  });

  // The SMTP server refuses the next 4 tries.
  refuse = 4;
  const before = received.length;
  const { id } = await alice.client.call('reshard', {
    body: {
      accountAddress: created.publicAddress,
      accessCode: first.get(emails[0] as string) as string,
      minimum: 2,
      recipients: emails,
    },
  });
  const done = await bob.client.call('approveDtx', {
    body: { id, accountAddress: created.publicAddress, accessCode: first.get(emails[1] as string) as string },
  });
  expect(done.txStatus).toBe(dtxStatuses.done);
  await jobRunnerOf(t.app, t.ctx).idle();
  expect(refused).toBe(4);
  expect(
    received
      .slice(before)
      .map((m) => m.to)
      .sort(),
  ).toEqual([...emails].sort());

  // Each new signer fetches their own PDF and opens it with the mail that finally arrived.
  const fresh = new Map<string, string>();
  for (const [index, user] of users.entries()) {
    const pdf = await user.client.call('myShardPdf', { params: { address: created.publicAddress } });
    expect(pdf.emailAddress).toBe(emails[index]);
    fresh.set(pdf.emailAddress, await code(pdf));
    await user.client.call('shardOpened', {
      body: {
        publicKey: created.publicAddress,
        emailAddress: pdf.emailAddress,
        pdfPassword: passwordOf(pdf.emailAddress),
      },
    });
  }
  const status = (await carol.client.call('commitShardedKey', {
    body: { publicKey: created.publicAddress, accessCode: fresh.get(emails[2] as string) as string },
  })) as ShardedKeyStatus;
  expect(status).toMatchObject({ active: true, reshardPending: false, minimum: 2, total: 3 });
  // carol's new code opens her share: she starts (and aborts) a reshard.
  const next = await carol.client.call('reshard', {
    body: {
      accountAddress: created.publicAddress,
      accessCode: fresh.get(emails[2] as string) as string,
      minimum: 2,
      recipients: emails,
    },
  });
  await carol.client.call('cancelDtx', {
    body: {
      id: next.id,
      accountAddress: created.publicAddress,
      accessCode: fresh.get(emails[2] as string) as string,
    },
  });
}, 180_000);

it('creates a key while mail is refused: the answer comes at once, the mails follow, the key activates', async () => {
  const users: TestUser[] = [];
  const emails: string[] = [];
  for (const name of ['dan', 'erin']) {
    const user = await createTestUser(t, name);
    users.push(user);
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    emails.push(row?.emailAddress as string);
  }
  const [dan] = users as [TestUser, TestUser];
  // The SMTP server refuses the next 3 password mails: both first tries and one retry.
  refuse = refused + 3;
  const refusedBefore = refused;
  const before = received.length;
  const created = (await dan.client.call('createShardedKey', {
    body: { recipients: emails, minimum: 2 },
  })) as ShardedKeyResult;
  expect(created.shares.map((share) => share.emailAddress)).toEqual(emails);
  await jobRunnerOf(t.app, t.ctx).idle();
  expect(refused - refusedBefore).toBe(3);
  expect(
    received
      .slice(before)
      .map((m) => m.to)
      .sort(),
  ).toEqual([...emails].sort());

  // Each signer fetches their own PDF again and opens it with the mail that finally arrived; then the key activates.
  const codes = new Map<string, string>();
  for (const user of users) {
    const pdf = await user.client.call('myShardPdf', { params: { address: created.publicAddress } });
    codes.set(pdf.emailAddress, await accessCodeInPdf(pdf.pdf, passwordOf(pdf.emailAddress)));
    await user.client.call('shardOpened', {
      body: {
        publicKey: created.publicAddress,
        emailAddress: pdf.emailAddress,
        pdfPassword: passwordOf(pdf.emailAddress),
      },
    });
  }
  await dan.client.call('commitShardedKey', {
    body: { publicKey: created.publicAddress, accessCode: codes.get(emails[0] as string) as string },
  });
  const status = await dan.client.call('getShardedKey', { params: { address: created.publicAddress } });
  expect(status).toMatchObject({ active: true, reshardPending: false, minimum: 2, total: 2 });
}, 180_000);
