import type { AddressInfo } from 'node:net';
import {
  type ApprovalsResponse,
  approvalOutcomeMessages as o,
  dtxCommentMax,
  dtxMessages,
  type ShardedKeyResult,
} from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { type Contract, parseEther } from 'ethers';
import { reasonMessage } from '@tranche/api/chainErrors';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { accounts } from '../../db/schema.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { createSmtpMailer } from '../../mail/mailer.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { accessCodeInPdf } from '../sharding/testing.ts';
import { deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';

/**
 * Approvals with outcomes (issue 37) on a real chain and database, the mail through a real SMTP listener: the
 * initiator's comment and the signers who have not approved on the card and in the mail, the key's readiness (its
 * ETH for gas, Access Level 2), and after execution the transaction and block, or the failure in words.
 */

/** The text of a received message, quoted-printable decoded. */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';

describe.each(databaseKinds)('approvals with outcomes on %s', (kind) => {
  let chain: DevChain;
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string; subject: string; text: string }[] = [];
  const users: TestUser[] = [];
  const emails: string[] = [];
  const codes: string[] = [];
  let keyAddress = '';
  let scheme: Contract;
  const symbol = 'OUTC';

  const inbox = (user: TestUser) => user.client.call('listApprovals') as Promise<ApprovalsResponse>;

  /** The mail to `to` whose subject is `subject` (waits for the notice to be recorded and sent). */
  async function mailTo(to: string, subject: string): Promise<string> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = received.find((mail) => mail.to === to && mail.subject === subject);
      if (found) return found.text;
      if (Date.now() > deadline) throw new Error(`no mail '${subject}' to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          for (const recipient of session.envelope.rcptTo)
            received.push({ to: recipient.address, subject: subjectOf(raw), text: bodyOf(raw) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    chain = await startTestChain();
    const base = await createTestApp({ kind, chain });
    await base.app.close();
    const ctx = { ...base.ctx, mailer: createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`) };
    const app = await buildApp({ ...ctx, logger: false, consoleDir: null });
    await app.ready();
    t = { ...base, app, ctx };
    expect(await baseUrlOf(t)).toMatch(/^http/);
    for (const name of ['alice', 'bob', 'carol']) {
      const user = await createTestUser(t, name);
      users.push(user);
      const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, user.accountId));
      emails.push(row?.emailAddress as string);
    }
    const wallets = devWallets(t.ctx.chain.provider);
    const setup = await deploySchemeAndWhitelist(wallets);
    scheme = setup.scheme;
    await deployTestToken(t.ctx.db, wallets, setup, { symbol, name: 'Outcome Co', controller: null });
    const [alice] = users as [TestUser];
    const created = (await alice.client.call('createShardedKey', {
      body: { recipients: emails, minimum: 2 },
    })) as ShardedKeyResult;
    keyAddress = created.publicAddress;
    await jobRunnerOf(t.app, t.ctx).idle();
    const passwordOf = (email: string) => {
      const mail = [...received]
        .reverse()
        .find((m) => m.to === email && /opens with this password: /.test(m.text));
      return mail?.text.match(/opens with this password: (\S+)/)?.[1] as string;
    };
    for (const email of emails) {
      const share = created.shares.find((s) => s.emailAddress === email);
      codes.push(await accessCodeInPdf(share?.pdf as string, passwordOf(email)));
      await alice.client.call('shardOpened', {
        body: { publicKey: keyAddress, emailAddress: email, pdfPassword: passwordOf(email) },
      });
    }
    await alice.client.call('commitShardedKey', {
      body: { publicKey: keyAddress, accessCode: codes[0] as string },
    });
    await (await scheme.getFunction('grantLevel2')(keyAddress)).wait();
    await (await wallets.owner.signer.sendTransaction({ to: keyAddress, value: parseEther('1') })).wait();
  }, 420_000);

  afterAll(async () => {
    await t?.app.close();
    t?.ctx.chain.close();
    await t?.database.close();
    await chain?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('a comment too long is refused in words before anything starts', async () => {
    const [alice] = users as [TestUser];
    await expect(
      alice.client.call('startDtx', {
        body: {
          symbol,
          accountAddress: keyAddress,
          accessCode: codes[0] as string,
          txType: 1,
          txData: {},
          comment: 'x'.repeat(dtxCommentMax + 1),
        },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining(dtxMessages.commentTooLong(dtxCommentMax)),
    });
    expect((await inbox(alice)).waiting).toEqual([]);
  });

  it('names who has not approved, shows the comment and the readiness, and after execution the transaction and block', async () => {
    const [alice, bob, carol] = users as [TestUser, TestUser, TestUser];
    const comment = 'Board resolution 12: halt trading during the audit';
    const { id } = await alice.client.call('startDtx', {
      body: {
        symbol,
        accountAddress: keyAddress,
        accessCode: codes[0] as string,
        txType: 1,
        txData: {},
        comment,
      },
    });
    const card = (await inbox(bob)).needsYou[0];
    expect(card?.txId).toBe(id);
    expect(card?.comment).toBe(comment);
    expect(card?.notApproved).toEqual([
      { name: 'bob', emailAddress: emails[1] },
      { name: 'carol', emailAddress: emails[2] },
    ]);
    expect(card?.readiness).toEqual({
      gas: { ok: true, text: o.gasReady('1.00 ETH') },
      rights: { ok: true, text: o.rightHeld(o.level2) },
    });
    expect(card?.outcome).toBeNull();

    // The start's mail to a signer who has not approved: the comment and who has not approved yet.
    const started = await mailTo(
      emails[2] as string,
      `Tranche: #${id} Pause trading of ${symbol} needs your approval`,
    );
    expect(started).toContain(`${o.comment}: ${comment}`);
    expect(started).toContain(`${o.notApprovedYet}: bob <${emails[1]}>, carol <${emails[2]}>`);

    const done = await bob.client.call('approveDtx', {
      body: { id, accountAddress: keyAddress, accessCode: codes[1] as string },
    });
    expect(done.txStatusName).toBe('Completed');
    const receipt = await t.ctx.chain.provider.getTransactionReceipt(done.txHash as string);
    const after = await inbox(carol);
    expect(after.needsYou).toEqual([]);
    const finished = after.finished.find((item) => item.txId === id);
    expect(finished?.comment).toBe(comment);
    expect(finished?.notApproved).toEqual([]);
    expect(finished?.outcome).toMatchObject({
      txStatusName: 'Completed',
      txHash: done.txHash,
      blockNumber: receipt?.blockNumber,
      failure: null,
    });
    const executed = await mailTo(
      emails[2] as string,
      `Tranche: #${id} Pause trading of ${symbol} was executed`,
    );
    expect(executed).toContain(`${o.executedIn(receipt?.blockNumber as number)}.`);
    expect(executed).toContain(`Transaction: ${done.txHash}`);
    expect(executed).toContain(`${o.comment}: ${comment}`);
  });

  it('a key that lost its right reads so on the card, and the failure is mailed and shown in words', async () => {
    const [alice, bob, carol] = users as [TestUser, TestUser, TestUser];
    const { id } = await alice.client.call('startDtx', {
      body: { symbol, accountAddress: keyAddress, accessCode: codes[0] as string, txType: 2, txData: {} },
    });
    await (await scheme.getFunction('revokeLevel2')(keyAddress)).wait();
    const card = (await inbox(carol)).needsYou.find((item) => item.txId === id);
    expect(card?.comment).toBeNull();
    expect(card?.readiness.rights).toEqual({ ok: false, text: o.rightMissing(o.level2) });
    expect(card?.precheck.ok).toBe(false);

    const answer = await bob.client.call('approveDtx', {
      body: { id, accountAddress: keyAddress, accessCode: codes[1] as string },
    });
    expect(answer.txStatusName).toBe('Failed');
    const finished = (await inbox(carol)).finished.find((item) => item.txId === id);
    const failure = finished?.outcome?.failure as string;
    expect(finished?.outcome?.txStatusName).toBe('Failed');
    // The contract's reason in the product's words, never the node's text.
    expect(failure).toBe(reasonMessage('caller is not allowed to resume token trading'));
    expect(failure).not.toMatch(/revert|0x/i);
    const mail = await mailTo(emails[2] as string, `Tranche: #${id} Resume trading of ${symbol} failed`);
    expect(mail).toContain(`${o.failed}: ${failure}`);
    await (await scheme.getFunction('grantLevel2')(keyAddress)).wait();
  });
});
