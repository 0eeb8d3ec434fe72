import { whitelistServerMessages } from '@tranche/api';
import { codebases, type DevChain, devAccountKeys, whitelistV2Artifact } from '@tranche/contracts';
import { Contract, type Wallet, Wallet as EthersWallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
} from '../../../test/helpers.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { chainWallet, schemeWithRights, whitelistOf } from '../rbac/testing.ts';

/** Issue 36: KYC expiry of whitelist records, WhitelistV2 being whitelist codebase 2. */

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

const failure = async (promise: Promise<unknown>) => {
  const error = await failureOf(promise);
  return [error.statusCode, error.message];
};

const day = 86_400;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const address = (tag: number, i: number) =>
  `0x${tag.toString(16).padStart(8, '0')}${i.toString(16).padStart(32, '0')}`;

describe.each(databaseKinds)('whitelist record expiry on %s', (kind) => {
  let t: TestApp;
  let issuer: TestUser;
  let outsider: TestUser;
  let issuerWallet: Wallet;
  let issuerAddress: string;
  let scheme: { address: string; asset: string };
  let v1: string;
  let v2: string;
  let onChain: Contract;
  const tag = kind === 'pglite' ? 0x360001 : 0x360002;
  const [a, b, c] = [address(tag, 1), address(tag, 2), address(tag, 3)];

  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    issuer = await createTestUser(t, 'issuer');
    outsider = await createTestUser(t, 'outsider');
    issuerWallet = chainWallet(chain, devAccountKeys[3]);
    issuerAddress = issuerWallet.address.toLowerCase();
    await issuer.client.call('registerCredentials', {
      body: { publicKey: issuerAddress, privateKey: devAccountKeys[3] },
    });
    const outsiderAddress = new EthersWallet(devAccountKeys[4]).address.toLowerCase();
    await outsider.client.call('registerCredentials', {
      body: { publicKey: outsiderAddress, privateKey: devAccountKeys[4] },
    });
    scheme = await schemeWithRights(issuer, issuerWallet, `Expiry scheme ${kind}`);
    v1 = await whitelistOf(issuer, issuerWallet, scheme.address, 'Plain', 1);
    v2 = await whitelistOf(issuer, issuerWallet, scheme.address, 'Expiring', 2);
    onChain = new Contract(v2, whitelistV2Artifact.abi, issuerWallet.provider);
    // Two deployments and a scheme's rights: slow on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  const bulk = (
    whitelist: string,
    entries: { targetAddress: string; legalName: string; expiresAt?: string | null }[],
  ) =>
    issuer.client.call('whitelistBulk', {
      body: { txMode: 2, accountAddress: issuerAddress, whitelistAddress: whitelist, addresses: entries },
    });
  const chainNow = () => t.ctx.chain.now();
  const expiryOf = async (account: string) => Number(await onChain.getFunction('expiryOf')(account));
  const listed = async (viewer: TestUser = issuer) =>
    (
      await viewer.client.call('listWhitelistAddresses', { params: { whitelistAddress: v2, page: 1 } })
    ).pagedResults.map((row) => [row.publicAddress, row.expiresAt]);
  const expiring = async (viewer: TestUser = issuer) =>
    (await viewer.client.call('listExpiringRecords', { params: { whitelistAddress: v2 } })).records;

  it('offers WhitelistV2 as whitelist codebase 2, the newest', async () => {
    const list = await issuer.client.call('listCodebases', { params: { type: 2 } });
    expect(list.map((c) => c.id)).toEqual([1, 2]);
    expect(list[1]?.description).toBe(codebases[2][1].description);
    expect(list[1]?.description).toMatch(/records may expire/);
    expect((await issuer.client.call('listWhitelists')).map((w) => [w.name, w.codebaseId])).toEqual([
      ['Plain', 1],
      ['Expiring', 2],
    ]);
  });

  it('refuses an expiry that is not a date, and any expiry on a version 1 whitelist, in words', async () => {
    const [status, message] = await failure(
      bulk(v2, [{ targetAddress: a, legalName: 'Ada', expiresAt: '12/12/2026' }]),
    );
    expect(status).toBe(400);
    expect(message).toContain(whitelistServerMessages.expiresAtInvalid);
    expect(
      await failure(bulk(v2, [{ targetAddress: a, legalName: 'Ada', expiresAt: '2026-02-30' }])),
    ).toEqual([400, expect.stringContaining(whitelistServerMessages.expiresAtInvalid)]);
    const future = iso((await chainNow()) + 12 * day);
    expect(await failure(bulk(v1, [{ targetAddress: a, legalName: 'Ada', expiresAt: future }]))).toEqual([
      400,
      whitelistServerMessages.expiryNotSupported,
    ]);
    // Without an expiry a version 1 whitelist saves as before.
    expect((await bulk(v1, [{ targetAddress: a, legalName: 'Ada' }])).saved).toBe(1);
  });

  it('writes new records with their expiry in one transaction and refuses a past one for its address', async () => {
    const now = await chainNow();
    const past = await bulk(v2, [
      { targetAddress: a, legalName: 'Ada', expiresAt: iso(now + 12 * day) },
      { targetAddress: c, legalName: 'Cy', expiresAt: iso(now - day) },
    ]);
    expect(past.saved).toBe(0);
    expect(past.errorMessages).toEqual([{ legend: c, reason: whitelistServerMessages.expiryNotInFuture }]);
    expect(await onChain.getFunction('verificationHash')(a)).toMatch(/^0x0+$/);

    const expiresAt = now + 12 * day;
    const answer = await bulk(v2, [
      { targetAddress: a, legalName: 'Ada', expiresAt: iso(expiresAt) },
      { targetAddress: b, legalName: 'Bo' },
    ]);
    expect(answer.errorMessages).toEqual([]);
    expect(answer.saved).toBe(2);
    expect(answer.transactionHashes.insertions).toHaveLength(1);
    expect(await expiryOf(a)).toBe(expiresAt);
    expect(await expiryOf(b)).toBe(0);
    expect(await onChain.getFunction('isVerified')(a)).toBe(true);
    expect(await listed()).toEqual([
      [a, iso(expiresAt)],
      [b, null],
    ]);
    // Within 30 days: listed as expiring, named for the issuer, not for an outsider.
    expect(await expiring()).toEqual([{ publicAddress: a, legalName: 'Ada', expiresAt: iso(expiresAt) }]);
    expect(await expiring(outsider)).toEqual([
      { publicAddress: a, legalName: null, expiresAt: iso(expiresAt) },
    ]);
  });

  it('renews an expiry (a date alone is its 00:00 UTC), removes it with null, and leaves it when left out', async () => {
    const later = new Date(((await chainNow()) + 90 * day) * 1000).toISOString().slice(0, 10);
    const renewed = await bulk(v2, [
      { targetAddress: a, legalName: 'Ada', expiresAt: later },
      { targetAddress: b, legalName: 'Bo' },
    ]);
    expect(renewed).toMatchObject({ saved: 1, unchanged: 1, errorMessages: [] });
    expect(renewed.transactionHashes.updates).toHaveLength(1);
    expect(await expiryOf(a)).toBe(Date.parse(`${later}T00:00:00Z`) / 1000);
    expect(await expiring()).toEqual([]);

    // Details changed, expiry left out: the record is updated and keeps its expiry.
    const moved = await bulk(v2, [{ targetAddress: a, legalName: 'Ada Lovelace' }]);
    expect(moved).toMatchObject({ saved: 1, unchanged: 0 });
    expect(await expiryOf(a)).toBe(Date.parse(`${later}T00:00:00Z`) / 1000);

    const removed = await bulk(v2, [{ targetAddress: a, legalName: 'Ada Lovelace', expiresAt: null }]);
    expect(removed).toMatchObject({ saved: 1, unchanged: 0, errorMessages: [] });
    expect(await expiryOf(a)).toBe(0);
    expect(await listed()).toEqual([
      [a, null],
      [b, null],
    ]);
  });

  it('lists a record whose expiry has passed on the chain as expired, no longer verified', async () => {
    const expiresAt = (await chainNow()) + day;
    expect((await bulk(v2, [{ targetAddress: b, legalName: 'Bo', expiresAt: iso(expiresAt) }])).saved).toBe(
      1,
    );
    await t.ctx.chain.provider.send('evm_increaseTime', [2 * day]);
    await t.ctx.chain.provider.send('evm_mine', []);
    expect(await onChain.getFunction('isVerified')(b)).toBe(false);
    const answer = await issuer.client.call('listExpiringRecords', { params: { whitelistAddress: v2 } });
    expect(answer.records).toEqual([{ publicAddress: b, legalName: 'Bo', expiresAt: iso(expiresAt) }]);
    expect(Date.parse(answer.chainTime)).toBeGreaterThan(expiresAt * 1000);
  });
});
