import { whitelistRegistryMessages } from '@tranche/api';
import { type DevChain, devAccountKeys } from '@tranche/contracts';
import { Contract, type Wallet, Wallet as EthersWallet, ZeroHash } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
} from '../../../test/helpers.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { projects, projectStatus } from '../projects/schema.ts';
import { chainWallet, schemeWithRights, whitelistOf } from '../rbac/testing.ts';
import { whitelistInterface } from './service.ts';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

/** A failed call's status and message. */
async function failure(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await failureOf(promise);
  return [error.statusCode, error.message];
}

const investors = [
  { legalName: 'Alice Martin', country: 'de' },
  { legalName: 'Bruno Stone', country: 'FR' },
  { legalName: 'Carla Martin', country: 'DE' },
  { legalName: 'Dmitri 100%_Sure', country: 'LU' },
];

describe.each(databaseKinds)('the investor registry of a whitelist on %s', (kind) => {
  let t: TestApp;
  let issuer: TestUser;
  let outsider: TestUser;
  let issuerWallet: Wallet;
  let issuerAddress: string;
  let whitelist: string;
  let otherWhitelist: string;
  const holders = investors.map(() => EthersWallet.createRandom().address.toLowerCase());

  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    issuer = await createTestUser(t, 'issuer');
    outsider = await createTestUser(t, 'outsider');
    issuerWallet = chainWallet(chain, devAccountKeys[3]);
    issuerAddress = issuerWallet.address.toLowerCase();
    await issuer.client.call('registerCredentials', {
      body: { publicKey: issuerAddress, privateKey: devAccountKeys[3] },
    });
    const scheme = await schemeWithRights(issuer, issuerWallet, `Registry scheme ${kind}`);
    whitelist = await whitelistOf(issuer, issuerWallet, scheme.address, 'Registry');
    otherWhitelist = await whitelistOf(issuer, issuerWallet, scheme.address, 'Another');
    const answer = await issuer.client.call('whitelistBulk', {
      body: {
        txMode: 2,
        accountAddress: issuerAddress,
        whitelistAddress: whitelist,
        asset: scheme.asset,
        addresses: investors.map((investor, i) => ({
          targetAddress: holders[i] ?? '',
          legalName: investor.legalName,
          contactDetails: { emailAddress: `investor${i}@example.com`, country: investor.country },
        })),
      },
    });
    expect(answer.errorMessages).toEqual([]);
    await t.ctx.db.insert(projects).values([
      {
        projectCode: `REG${kind.length}`,
        projectName: 'Registry Bond',
        status: projectStatus.deployed,
        contractAddress: EthersWallet.createRandom().address.toLowerCase(),
        whitelistAddress: whitelist,
        whitelistName: 'Registry',
      },
      {
        projectCode: `DRF${kind.length}`,
        projectName: 'Undeployed draft',
        status: projectStatus.draft,
        whitelistAddress: whitelist,
        whitelistName: 'Registry',
      },
      {
        projectCode: `OTH${kind.length}`,
        projectName: 'Other whitelist',
        status: projectStatus.deployed,
        contractAddress: EthersWallet.createRandom().address.toLowerCase(),
        whitelistAddress: otherWhitelist,
        whitelistName: 'Another',
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const registry = (user: TestUser, query: { term?: string; country?: string; page?: number } = {}) =>
    user.client.call('whitelistRegistry', { params: { whitelistAddress: whitelist }, query });
  const names = (page: { pagedResults: { legalName: string | null }[] }) =>
    page.pagedResults.map((row) => row.legalName);

  it('lists every verified address with its KYC record and the countries for the picker', async () => {
    const page = await registry(issuer);
    expect(page.totalRows).toBe(4);
    expect(page.recordsVisible).toBe(true);
    expect(page.countries).toEqual(['DE', 'FR', 'LU']);
    expect(names(page)).toEqual(investors.map((investor) => investor.legalName));
    const [first] = page.pagedResults;
    expect(first).toMatchObject({ publicAddress: holders[0], country: 'DE' });
    expect(first?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(first?.investor).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(Number.isNaN(Date.parse(first?.verifiedOn ?? ''))).toBe(false);
  });

  it('searches by legal name or address on the server, any case, with LIKE characters taken literally', async () => {
    expect(names(await registry(issuer, { term: 'martin' }))).toEqual(['Alice Martin', 'Carla Martin']);
    expect(names(await registry(issuer, { term: '100%_' }))).toEqual(['Dmitri 100%_Sure']);
    expect(names(await registry(issuer, { term: '%' }))).toEqual(['Dmitri 100%_Sure']);
    const address = holders[1] ?? '';
    expect(names(await registry(issuer, { term: address.slice(2, 12).toUpperCase() }))).toEqual([
      'Bruno Stone',
    ]);
    const none = await registry(issuer, { term: 'nobody' });
    expect(none).toMatchObject({ totalRows: 0, totalPages: 1, pagedResults: [] });
  });

  it('filters by country, alone and with a search', async () => {
    expect(names(await registry(issuer, { country: 'de' }))).toEqual(['Alice Martin', 'Carla Martin']);
    expect(names(await registry(issuer, { country: 'DE', term: 'carla' }))).toEqual(['Carla Martin']);
    expect((await registry(issuer, { country: 'FR', term: 'martin' })).totalRows).toBe(0);
    expect(await failure(registry(issuer, { country: 'Germany' }))).toEqual([
      400,
      whitelistRegistryMessages.countryInvalid,
    ]);
  });

  it('hides names and countries from an account that may not see the records, and does not search them', async () => {
    const page = await registry(outsider);
    expect(page.recordsVisible).toBe(false);
    expect(page.countries).toEqual([]);
    expect(page.totalRows).toBe(4);
    expect(page.pagedResults.every((row) => row.legalName === null && row.country === null)).toBe(true);
    expect(page.pagedResults.every((row) => row.investor === null)).toBe(true);
    expect((await registry(outsider, { term: 'martin' })).totalRows).toBe(0);
    // A country filter would tell the records: ignored.
    expect((await registry(outsider, { country: 'FR' })).totalRows).toBe(4);
    const address = holders[2] ?? '';
    expect(
      (await registry(outsider, { term: address })).pagedResults.map((row) => row.publicAddress),
    ).toEqual([address]);
  });

  it('names the deployed tokens that use the whitelist, not drafts nor other whitelists', async () => {
    expect(
      await outsider.client.call('whitelistTokens', { params: { whitelistAddress: whitelist } }),
    ).toEqual([
      { projectCode: `REG${kind.length}`, projectName: 'Registry Bond', contractAddress: expect.any(String) },
    ]);
    const unknown = `0x${'7'.repeat(40)}`;
    expect(
      (await failure(issuer.client.call('whitelistTokens', { params: { whitelistAddress: unknown } })))[0],
    ).toBe(404);
  });

  it('revokes a record: the wallet removes it on-chain, then the server drops it from the registry', async () => {
    const target = holders[1] ?? '';
    const body = { accountAddress: issuerAddress, whitelistAddress: whitelist, publicAddress: target };
    expect(await failure(outsider.client.call('whitelistRevokeTx', { body }))).toEqual([
      403,
      whitelistRegistryMessages.recordsNotAllowed,
    ]);
    const stranger = EthersWallet.createRandom().address.toLowerCase();
    expect(
      await failure(issuer.client.call('whitelistRevokeTx', { body: { ...body, publicAddress: stranger } })),
    ).toEqual([404, whitelistRegistryMessages.notVerified(stranger)]);
    // Too early: the chain still verifies the address.
    expect(
      await failure(
        issuer.client.call('whitelistRevoked', {
          body: { whitelistAddress: whitelist, publicAddress: target },
        }),
      ),
    ).toEqual([409, whitelistRegistryMessages.stillVerified(target)]);

    const { txData } = await issuer.client.call('whitelistRevokeTx', { body });
    expect(txData.to).toBe(whitelist);
    const sent = await issuerWallet.sendTransaction({ to: txData.to, data: txData.data });
    expect((await sent.wait())?.status).toBe(1);
    const onChain = new Contract(whitelist, whitelistInterface, issuerWallet.provider);
    expect(await onChain.getFunction('verificationHash')(target)).toBe(ZeroHash);

    expect(
      await failure(
        outsider.client.call('whitelistRevoked', {
          body: { whitelistAddress: whitelist, publicAddress: target },
        }),
      ),
    ).toEqual([403, whitelistRegistryMessages.recordsNotAllowed]);
    await issuer.client.call('whitelistRevoked', {
      body: { whitelistAddress: whitelist, publicAddress: target },
    });
    const page = await registry(issuer);
    expect(page.totalRows).toBe(3);
    expect(names(page)).not.toContain('Bruno Stone');
    expect(page.countries).toEqual(['DE', 'LU']);
  });
});
