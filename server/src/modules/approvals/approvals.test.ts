import {
  type ApprovalsResponse,
  createApiClient,
  ruleMessages,
  type ShardedKeyResult,
  tokenOperationMessages,
} from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { asc, eq } from 'drizzle-orm';
import { type Contract, getAddress, parseEther } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, failureOf, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { accounts } from '../../db/schema.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { listOutbox } from '../../mail/mailer.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { accessCodeInPdf, mailedPdfPassword } from '../sharding/testing.ts';
import { deploySchemeAndWhitelist, deployTestToken, type DevWallets, devWallets } from '../tokens/testing.ts';
import { recordDataEvents } from '../webhooks/record.ts';
import { webhookDeliveries, webhookEvents } from '../webhooks/schema.ts';
import { insertTestEndpoint } from '../webhooks/testing.ts';
import { whitelistAddresses, whitelists } from '../whitelists/schema.ts';

/**
 * The approvals inbox on a real chain and database: three accounts share a 2-of-3 key; a started issue waits for
 * the two others with its decoded effect and pre-check, then leaves every inbox once approved and executed.
 */

let chain: DevChain;
let t: TestApp;
let baseUrl: string;
const users: TestUser[] = [];
const emails: string[] = [];
const codes = new Map<string, string>();
let keyAddress = '';
let wallets: DevWallets;
let scheme: Contract;
const symbol = 'APRV';

function call(user: TestUser) {
  return createApiClient({ baseUrl, getToken: () => user.token }).call as (
    id: string,
    input?: object,
  ) => Promise<unknown>;
}

const inbox = (user: TestUser) => call(user)('listApprovals') as Promise<ApprovalsResponse>;
const codeOf = (i: number) => codes.get(emails[i] as string) as string;

/** The subjects of the notification mail to signer i (the outbox, once the notices are recorded and sent). */
async function noticesTo(i: number, count: number): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const subjects = (await listOutbox(t.ctx, { to: emails[i] as string }))
      .map((mail) => mail.subject)
      .filter((subject) => subject.startsWith('Tranche: #'));
    if (subjects.length >= count || Date.now() > deadline) return subjects.reverse();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
  baseUrl = await baseUrlOf(t);
  for (let i = 0; i < 3; i += 1) {
    const user = await createTestUser(t, `signer${i}`);
    users.push(user);
    const [row] = await t.ctx.db
      .select({ email: accounts.emailAddress })
      .from(accounts)
      .where(eq(accounts.id, user.accountId));
    emails.push(row?.email as string);
  }
  wallets = devWallets(t.ctx.chain.provider);
  const setup = await deploySchemeAndWhitelist(wallets);
  scheme = setup.scheme;
  await deployTestToken(t.ctx.db, wallets, setup, { symbol, name: 'Approval Co', controller: null });
  const [list] = await t.ctx.db
    .insert(whitelists)
    .values({
      chainId: 31337,
      address: setup.whitelistAddress,
      name: 'Test whitelist',
      schemeAddress: setup.schemeAddress,
      codebaseId: 1,
      ownerAddress: wallets.owner.address,
    })
    .returning();
  await t.ctx.db.insert(whitelistAddresses).values({
    whitelistId: list?.id as number,
    publicAddress: wallets.holders[0]?.address as string,
    legalName: 'Investor 12',
    salt: '00',
    hash: '00',
    verifiedOn: new Date(),
  });
  const first = users[0] as TestUser;
  const created = (await call(first)('createShardedKey', {
    body: { recipients: emails, minimum: 2 },
  })) as ShardedKeyResult;
  keyAddress = created.publicAddress;
  await jobRunnerOf(t.app, t.ctx).idle();
  for (const share of created.shares) {
    const password = await mailedPdfPassword(t.ctx, share.emailAddress);
    codes.set(share.emailAddress, await accessCodeInPdf(share.pdf, password));
    await call(first)('shardOpened', {
      body: { publicKey: keyAddress, emailAddress: share.emailAddress, pdfPassword: password },
    });
  }
  await call(first)('commitShardedKey', { body: { publicKey: keyAddress, accessCode: codeOf(0) } });
  await (await scheme.getFunction('grantLevel2')(keyAddress)).wait();
  await (await wallets.owner.signer.sendTransaction({ to: keyAddress, value: parseEther('1') })).wait();
}, 180_000);

afterAll(async () => {
  await t?.app.close();
  t?.ctx.chain.close();
  await t?.database.close();
  await chain?.stop();
});

it('lists a started issue for the two other signers with its effect and pre-check, and drops it once executed', async () => {
  const [first, second, third] = users as [TestUser, TestUser, TestUser];
  const holder = wallets.holders[0]?.address as string;
  const started = (await call(first)('startDtx', {
    body: {
      symbol,
      accountAddress: keyAddress,
      accessCode: codeOf(0),
      txType: 4,
      txData: { holderAddress: holder, amount: '1000', partition: 'default' },
    },
  })) as { id: number };

  // The start mails the two other signers (not the starter, whose approval counts).
  const started1 = `Tranche: #${started.id} Issue tokens of ${symbol} needs your approval`;
  expect(await noticesTo(1, 1)).toEqual([started1]);
  expect(await noticesTo(2, 1)).toEqual([started1]);

  const mine = await inbox(second);
  expect(mine.waiting).toEqual([]);
  expect(mine.needsYou).toHaveLength(1);
  const item = mine.needsYou[0];
  expect(item?.txId).toBe(started.id);
  expect(item?.key.address).toBe(keyAddress);
  expect(item?.effect).toBe(
    // The recipient in full, checksummed (issue 33): a shortened one hides the characters a look-alike differs in.
    `Issue 1,000 ${symbol} to ${getAddress(holder)} (Investor 12) on partition default: total supply 0 → 1,000; holders 0 → 1`,
  );
  // The compliance pre-check of POST /token/precheck, in its words.
  expect(item?.precheck).toEqual({ ok: true, reason: ruleMessages.passes });
  expect(item?.approvals.map((a) => a.signedBy)).toEqual(['signer0']);
  expect(item?.secondsLeft).toBeGreaterThan(3600);

  const starter = await inbox(first);
  expect(starter.needsYou).toEqual([]);
  expect(starter.waiting.map((w) => w.txId)).toEqual([started.id]);

  // Without Level 2 the key could not issue: the pre-check says so, and why.
  await (await scheme.getFunction('revokeLevel2')(keyAddress)).wait();
  const failing = (await inbox(third)).needsYou[0];
  expect(failing?.precheck.ok).toBe(false);
  expect(failing?.precheck.reason).toBe(tokenOperationMessages.notAllowedToIssue);
  // The missing right on its own readiness line, before anyone approves (issue 34): on the card, in the pre-check
  // of the start dialog, and at the start, which is refused with it.
  const missing = ruleMessages.missingLevel2(getAddress(keyAddress), getAddress(await scheme.getAddress()));
  expect(failing?.precheck.readiness).toEqual([missing]);
  expect(
    await call(first)('precheckOperation', {
      body: {
        operation: 'issue',
        symbol,
        accountAddress: keyAddress,
        holderAddress: holder,
        amount: '5',
        partition: 'default',
      },
    }),
  ).toMatchObject({ ok: false, reason: tokenOperationMessages.notAllowedToIssue, readiness: [missing] });
  for (const txType of [1, 4]) {
    const refused = await failureOf(
      call(third)('startDtx', {
        body: {
          symbol,
          accountAddress: keyAddress,
          accessCode: codeOf(2),
          txType,
          txData: txType === 4 ? { holderAddress: holder, amount: '5', partition: 'default' } : {},
        },
      }),
    );
    expect([refused.statusCode, refused.message]).toEqual([400, missing]);
  }
  await (await scheme.getFunction('grantLevel2')(keyAddress)).wait();
  expect((await inbox(third)).needsYou[0]?.precheck.readiness).toBeUndefined();

  const approved = (await call(second)('approveDtx', {
    body: { id: started.id, accountAddress: keyAddress, accessCode: codeOf(1) },
  })) as { txStatusName: string };
  expect(approved.txStatusName).toBe('Completed');
  expect(await inbox(third)).toMatchObject({ needsYou: [], waiting: [] });
  expect(await inbox(first)).toMatchObject({ needsYou: [], waiting: [] });
  // It moves to the finished operations, with its transaction and block (issue 37).
  expect((await inbox(third)).finished[0]?.outcome).toMatchObject({
    txStatusName: 'Completed',
    failure: null,
  });
  // Executed: all three are mailed, each once.
  const executed = `Tranche: #${started.id} Issue tokens of ${symbol} was executed`;
  expect(await noticesTo(0, 1)).toEqual([executed]);
  expect(await noticesTo(1, 2)).toEqual([started1, executed]);
  expect(await noticesTo(2, 2)).toEqual([started1, executed]);
  expect(
    (await listOutbox(t.ctx, { to: emails[0] as string })).filter((m) => m.subject === started1),
  ).toEqual([]);
});

it("a distributed transaction's webhooks: started, each approval and executed, recorded once, for its signers only", async () => {
  const [first, second, third] = users as [TestUser, TestUser, TestUser];
  const outsider = await createTestUser(t, 'outsider');
  const dtxEvents = ['dtx.started', 'dtx.approved', 'dtx.executed', 'dtx.failed'] as const;
  // An endpoint per account, subscribed to the dtx events, before the transaction starts.
  const endpointOf = new Map<number, number>();
  for (const user of [first, third, outsider]) {
    endpointOf.set(user.accountId, await insertTestEndpoint(t.ctx, user.accountId, [...dtxEvents]));
  }
  const started = (await call(first)('startDtx', {
    body: { symbol, accountAddress: keyAddress, accessCode: codeOf(0), txType: 1, txData: {} },
  })) as { id: number };
  const approved = (await call(second)('approveDtx', {
    body: { id: started.id, accountAddress: keyAddress, accessCode: codeOf(1) },
  })) as { txStatusName: string };
  expect(approved.txStatusName).toBe('Completed');
  const runner = jobRunnerOf(t.app, t.ctx);
  await recordDataEvents(t.ctx, runner);
  // Nothing new the second time: each event is recorded once.
  expect(await recordDataEvents(t.ctx, runner)).toBe(0);

  const events = await t.ctx.db
    .select({ id: webhookEvents.id, key: webhookEvents.eventKey, type: webhookEvents.type })
    .from(webhookEvents)
    .orderBy(asc(webhookEvents.id));
  const ofThis = events.filter((event) => event.key.split(':')[1] === String(started.id));
  expect(ofThis.map((event) => event.key)).toEqual([
    `dtx.started:${started.id}`,
    `dtx.approved:${started.id}:${second.accountId}`,
    `dtx.executed:${started.id}`,
  ]);
  const deliveries = await t.ctx.db
    .select({ endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries);
  const typesFor = (accountId: number) =>
    deliveries
      .filter((d) => d.endpointId === endpointOf.get(accountId))
      .map((d) => ofThis.find((event) => event.id === d.eventId)?.type)
      .filter((type) => type !== undefined)
      .sort();
  // The starter and a signer who did not approve each get all three; an account outside the key gets none.
  expect(typesFor(first.accountId)).toEqual(['dtx.approved', 'dtx.executed', 'dtx.started']);
  expect(typesFor(third.accountId)).toEqual(['dtx.approved', 'dtx.executed', 'dtx.started']);
  expect(typesFor(outsider.accountId)).toEqual([]);
});
