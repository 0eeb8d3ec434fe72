import {
  ApiError,
  contractRegistrationMessages,
  inputMessages,
  keyMessages,
  whitelistMessages,
  whitelistPageSize,
  whitelistServerMessages,
} from '@tranche/api';
import { type DevChain, devAccountKeys, whitelistBatchSize } from '@tranche/contracts';
import { Contract, type Wallet, ZeroHash } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { insertAccount } from '../accounts/repository.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { chainWallet, deployWithWallet, schemeWithRights, whitelistOf } from '../rbac/testing.ts';
import { rightsOf } from '../rbac/service.ts';
import { demoLogin } from '../../seed.ts';
import { insertWhitelist } from './repository.ts';
import { whitelistAddresses, whitelists } from './schema.ts';
import { demoChainKey, seedLocalSecurity } from './seed.ts';
import { createWhitelistService, kycHash, whitelistInterface } from './service.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import { Wallet as EthersWallet } from 'ethers';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

async function failureOf(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return [error.statusCode, error.message];
}

/** `n` distinct addresses derived from a tag (not funded; they only get verified). */
function addresses(n: number, tag: number): string[] {
  return Array.from(
    { length: n },
    (_, i) => `0x${tag.toString(16).padStart(8, '0')}${(i + 1).toString(16).padStart(32, '0')}`,
  );
}

describe.each(databaseKinds)('whitelists on %s', (kind) => {
  let t: TestApp;
  let issuer: TestUser;
  let outsider: TestUser;
  let issuerWallet: Wallet;
  let issuerAddress: string;
  let outsiderAddress: string;
  let scheme: { address: string; asset: string };
  let whitelist: string;
  let onChain: Contract;

  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    issuer = await createTestUser(t, 'issuer');
    outsider = await createTestUser(t, 'outsider');
    issuerWallet = chainWallet(chain, devAccountKeys[3]);
    issuerAddress = issuerWallet.address.toLowerCase();
    outsiderAddress = new EthersWallet(devAccountKeys[4]).address.toLowerCase();
    await issuer.client.call('registerCredentials', {
      body: { publicKey: issuerAddress, privateKey: devAccountKeys[3] },
    });
    await outsider.client.call('registerCredentials', {
      body: { publicKey: outsiderAddress, privateKey: devAccountKeys[4] },
    });
    scheme = await schemeWithRights(issuer, issuerWallet, `Scheme ${kind}`);
    whitelist = await whitelistOf(issuer, issuerWallet, scheme.address, 'Investors');
    onChain = new Contract(whitelist, whitelistInterface, issuerWallet.provider);
  });
  afterAll(async () => {
    await t.close();
  });

  const bulk = (
    user: TestUser,
    account: string,
    entries: { targetAddress: string; legalName: string; contactDetails?: Record<string, string> }[],
  ) =>
    user.client.call('whitelistBulk', {
      body: {
        txMode: 2,
        accountAddress: account,
        whitelistAddress: whitelist,
        asset: scheme.asset,
        addresses: entries,
      },
    });

  it('lists the registered whitelist with its scheme', async () => {
    expect(await outsider.client.call('listWhitelists')).toEqual([
      {
        address: whitelist,
        name: 'Investors',
        scheme: scheme.address,
        codebaseId: 1,
        ownerAddress: issuerAddress,
      },
    ]);
  });

  it('verifies addresses: hash on-chain, contact details in the database, listed with hash and date', async () => {
    const [a, b, c] = addresses(3, 1);
    const entries = [a, b, c].map((address, i) => ({
      targetAddress: address?.toUpperCase().replace('0X', '0x') ?? '',
      legalName: `Investor ${i}`,
      contactDetails: {
        emailAddress: `investor${i}@example.com`,
        phoneNumber: '+44 1',
        comments: 'KYC ok',
        country: i === 0 ? 'de' : 'FR',
      },
    }));
    const answer = await bulk(issuer, issuerAddress, entries);
    expect(answer.errorMessages).toEqual([]);
    expect(answer.transactionHashes.insertions).toHaveLength(1);
    expect(answer.transactionHashes.updates).toEqual([]);
    expect(answer.saved).toBe(3);
    const rows = await t.ctx.db.select().from(whitelistAddresses);
    expect(rows.map((row) => row.publicAddress).sort()).toEqual([a, b, c].sort());
    for (const row of rows) {
      expect(await onChain.getFunction('isVerified')(row.publicAddress)).toBe(true);
      expect(await onChain.getFunction('verificationHash')(row.publicAddress)).toBe(row.hash);
      expect(row.hash).toBe(kycHash(whitelist, row));
      expect(row.contactDetails.emailAddress).toMatch(/@example\.com$/);
      // The country is written on-chain beside the hash (issue 22's country rules).
      const country = row.publicAddress === a ? '0x4445' : '0x4652';
      expect(await onChain.getFunction('countryOf')(row.publicAddress)).toBe(country);
    }
    // the save is listed in the issuer's My transactions as a whitelist update
    const history = await issuer.client.call('listAccountTransactions', { params: { page: 1 } });
    expect(history.pageData).toContainEqual(
      expect.objectContaining({
        transactionHash: answer.transactionHashes.insertions[0]?.toLowerCase(),
        txType: 2,
        contractAddress: whitelist.toLowerCase(),
      }),
    );
    // nothing personal on-chain: the transaction input holds addresses and hashes only
    const tx = await issuerWallet.provider?.getTransaction(answer.transactionHashes.insertions[0] ?? '');
    expect(tx?.data).not.toContain(Buffer.from('Investor').toString('hex'));

    const page = await issuer.client.call('listWhitelistAddresses', {
      params: { whitelistAddress: whitelist, page: 1 },
    });
    expect(page.totalRows).toBe(3);
    expect(page.pageSize).toBe(whitelistPageSize);
    expect(page.pagedResults.map((row) => row.legalName)).toEqual(['Investor 0', 'Investor 1', 'Investor 2']);
    // Another account (its key holds no right in the scheme) sees addresses and hashes, never names.
    const redacted = await outsider.client.call('listWhitelistAddresses', {
      params: { whitelistAddress: whitelist, page: 1 },
    });
    expect(redacted.pagedResults.map((row) => [row.publicAddress, row.legalName])).toEqual(
      page.pagedResults.map((row) => [row.publicAddress, null]),
    );
    expect(redacted.pagedResults.map((row) => row.hash)).toEqual(page.pagedResults.map((row) => row.hash));
    expect(new Date(page.pagedResults[0]?.createdOn ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(page.pagedResults[0]?.hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('writes the records pending before the chain transaction and marks them verified after', async () => {
    const [a, b] = addresses(2, 7);
    const seenBeforeSend: { verifiedOn: Date | null; hash: string }[] = [];
    const service = createWhitelistService(t.ctx, {
      beforeBatch: async () => {
        seenBeforeSend.push(
          ...(await t.ctx.db
            .select({ verifiedOn: whitelistAddresses.verifiedOn, hash: whitelistAddresses.hash })
            .from(whitelistAddresses)
            .where(inArray(whitelistAddresses.publicAddress, [a ?? '', b ?? '']))),
        );
        // Nothing is on the chain yet.
        expect(await onChain.getFunction('isVerified')(a)).toBe(false);
      },
    });
    const answer = await service.bulk(issuer.accountId, {
      accountAddress: issuerAddress,
      whitelistAddress: whitelist,
      addresses: [a, b].map((targetAddress) => ({
        targetAddress: targetAddress ?? '',
        legalName: 'Pending Ltd',
        contactDetails: {},
      })),
    });
    expect(answer.errorMessages).toEqual([]);
    expect(seenBeforeSend.map((row) => row.verifiedOn)).toEqual([null, null]);
    const rows = await t.ctx.db
      .select()
      .from(whitelistAddresses)
      .where(inArray(whitelistAddresses.publicAddress, [a ?? '', b ?? '']));
    for (const row of rows) {
      expect(row.verifiedOn).toBeInstanceOf(Date);
      expect(row.transactionHash).toBe(answer.transactionHashes.insertions[0]?.toLowerCase());
      expect(await onChain.getFunction('verificationHash')(row.publicAddress)).toBe(row.hash);
    }
  });

  it('answers its own message, never SQL, when the records cannot be saved, and sends nothing', async () => {
    const [c] = addresses(1, 8);
    await t.ctx.db.execute(
      sql`alter table whitelist_addresses add constraint no_boom check (legal_name <> 'Boom Ltd')`,
    );
    const storeErrors: unknown[] = [];
    try {
      const answer = await createWhitelistService(t.ctx, {
        onStoreError: (error) => storeErrors.push(error),
      }).bulk(issuer.accountId, {
        accountAddress: issuerAddress,
        whitelistAddress: whitelist,
        addresses: [{ targetAddress: c ?? '', legalName: 'Boom Ltd', contactDetails: {} }],
      });
      expect(answer.errorMessages).toEqual([
        { legend: c, reason: whitelistServerMessages.batchFailed(whitelistServerMessages.recordsNotSaved) },
      ]);
      expect(storeErrors).toHaveLength(1);
    } finally {
      await t.ctx.db.execute(sql`alter table whitelist_addresses drop constraint no_boom`);
    }
    expect(await onChain.getFunction('isVerified')(c)).toBe(false);
  });

  it('updates changed details, leaves unchanged ones, and refuses duplicates in one request', async () => {
    const [a, b] = addresses(2, 1);
    const before = await onChain.getFunction('verificationHash')(a);
    const answer = await bulk(issuer, issuerAddress, [
      {
        targetAddress: a ?? '',
        legalName: 'Investor 0 Ltd',
        contactDetails: { emailAddress: 'new@example.com' },
      },
      {
        targetAddress: b ?? '',
        legalName: 'Investor 1',
        contactDetails: {
          emailAddress: 'investor1@example.com',
          phoneNumber: '+44 1',
          comments: 'KYC ok',
          country: 'FR',
        },
      },
    ]);
    expect(answer.transactionHashes.updates).toHaveLength(1);
    expect(answer.transactionHashes.insertions).toEqual([]);
    expect([answer.saved, answer.unchanged]).toEqual([1, 1]);
    expect(await onChain.getFunction('verificationHash')(a)).not.toBe(before);
    const [row] = await t.ctx.db
      .select()
      .from(whitelistAddresses)
      .where(eq(whitelistAddresses.publicAddress, a ?? ''));
    expect(row?.legalName).toBe('Investor 0 Ltd');

    const [fresh] = addresses(1, 2);
    const duplicate = await bulk(issuer, issuerAddress, [
      { targetAddress: fresh ?? '', legalName: 'One' },
      { targetAddress: (fresh ?? '').toUpperCase().replace('0X', '0x'), legalName: 'Two' },
    ]);
    expect(duplicate.errorMessages).toEqual([{ legend: fresh, reason: whitelistServerMessages.duplicate }]);
    expect(duplicate.transactionHashes).toEqual({ insertions: [], updates: [] });
    expect(await onChain.getFunction('isVerified')(fresh)).toBe(false);
  });

  it('refuses bad input, unknown and non-whitelist contracts, callers without L1 and other accounts keys', async () => {
    const entry = { targetAddress: addresses(1, 3)[0] ?? '', legalName: 'X' };
    const body = {
      txMode: 2 as const,
      accountAddress: issuerAddress,
      whitelistAddress: whitelist,
      addresses: [entry],
    };
    const call = (changes: Record<string, unknown>, user = issuer) =>
      failureOf(user.client.call('whitelistBulk', { body: { ...body, ...changes } as typeof body }));
    expect(await call({ addresses: [] })).toEqual([400, whitelistMessages.addressesRequired]);
    expect(await call({ addresses: [{ targetAddress: '0xabc', legalName: 'X' }] })).toEqual([
      400,
      whitelistMessages.publicAddressInvalid,
    ]);
    expect(await call({ addresses: [{ targetAddress: entry.targetAddress, legalName: ' ' }] })).toEqual([
      400,
      whitelistServerMessages.legalNameRequired,
    ]);
    expect(await call({ whitelistAddress: 'whitelist' })).toEqual([400, whitelistMessages.whitelistInvalid]);
    expect(await call({ whitelistAddress: scheme.address })).toEqual([
      400,
      whitelistServerMessages.notAWhitelist(scheme.address),
    ]);
    const nowhere = '0x00000000000000000000000000000000000c0ffe';
    expect(await call({ whitelistAddress: nowhere })).toEqual([
      404,
      whitelistServerMessages.unknownWhitelist(nowhere),
    ]);
    expect(await call({ asset: ZeroHash })).toEqual([400, whitelistServerMessages.assetMismatch]);
    // no Access Level 1, even calling the API directly
    expect(await call({ accountAddress: outsiderAddress }, outsider)).toEqual([
      403,
      whitelistServerMessages.notLevel1,
    ]);
    // the issuer's key belongs to the issuer's account
    expect(await call({}, outsider)).toEqual([403, keyMessages.notRegistered(issuerAddress)]);
    expect(await onChain.getFunction('isVerified')(entry.targetAddress)).toBe(false);
    // a registered whitelist must be a Whitelist of the scheme given
    expect(
      await failureOf(
        issuer.client.call('registerWhitelist', {
          body: {
            whitelistAddress: scheme.address,
            whitelistName: 'No',
            securitySchemeAddress: scheme.address,
            codebaseId: 1,
          },
        }),
      ),
    ).toEqual([400, whitelistServerMessages.notAWhitelist(scheme.address)]);
    const unknownScheme = '0x0000000000000000000000000000000000000bad';
    expect(
      await failureOf(
        issuer.client.call('whitelistDeployTx', {
          body: {
            txMode: 1,
            accountAddress: issuerAddress,
            whitelistName: 'W',
            securitySchemeAddress: unknownScheme,
            codebaseId: 1,
            ownerAddress: issuerAddress,
          },
        }),
      ),
    ).toEqual([404, `The security scheme ${unknownScheme} is not registered on this platform`]);
    expect(
      await failureOf(
        issuer.client.call('listWhitelistAddresses', { params: { whitelistAddress: nowhere, page: 1 } }),
      ),
    ).toEqual([404, whitelistServerMessages.unknownWhitelist(nowhere)]);
  });

  it('batches 5,000 addresses into several transactions and loses nothing when one batch fails', async () => {
    const size = whitelistBatchSize();
    const targets = addresses(5000, 4);
    const entries = targets.map((targetAddress, i) => ({
      targetAddress,
      legalName: `Holder ${i}`,
      contactDetails: { emailAddress: `h${i}@example.com` },
    }));
    // Someone verifies an address of the second batch behind the server's back once the first batch is mined:
    // the second batch then reverts on-chain ("account is already verified").
    const intruder = targets[size + 5] ?? '';
    const progress: number[] = [];
    const service = createWhitelistService(t.ctx, {
      beforeBatch: async (index) => {
        if (index !== 1) return;
        const contract = new Contract(whitelist, whitelistInterface, issuerWallet);
        await (await contract.getFunction('addVerified')(intruder, `0x${'11'.repeat(32)}`)).wait();
      },
      onProgress: (done) => progress.push(done),
    });
    const started = performance.now();
    const answer = await service.bulk(issuer.accountId, {
      accountAddress: issuerAddress,
      whitelistAddress: whitelist,
      addresses: entries,
    });
    const seconds = (performance.now() - started) / 1000;
    const batches = Math.ceil(5000 / size);
    expect(batches).toBeGreaterThan(1);
    expect(answer.transactionHashes.insertions).toHaveLength(batches - 1);
    expect(answer.errorMessages).toHaveLength(size);
    expect(answer.errorMessages[0]?.reason).toContain('account is already verified');
    expect(answer.saved).toBe(5000 - size);
    expect(progress.at(-1)).toBe(5000);
    expect(progress).toHaveLength(batches);
    const failed = new Set(answer.errorMessages.map((e) => e.legend));
    expect(failed.has(intruder)).toBe(true);
    const pageCount = await issuer.client.call('listWhitelistAddresses', {
      params: { whitelistAddress: whitelist, page: 1 },
    });
    expect(pageCount.totalRows).toBe(5 + 5000 - size);

    // sending the same request again completes the failed batch: the intruder's entry becomes an update
    const again = await issuer.client.call('whitelistBulk', {
      body: { txMode: 2, accountAddress: issuerAddress, whitelistAddress: whitelist, addresses: entries },
    });
    expect(again.errorMessages).toEqual([]);
    expect([again.saved, again.unchanged]).toEqual([size, 5000 - size]);
    expect(again.transactionHashes.updates).toHaveLength(1);
    const verified = await Promise.all(
      [targets[0], targets[size], intruder, targets[4999]].map((a) => onChain.getFunction('isVerified')(a)),
    );
    expect(verified).toEqual([true, true, true, true]);
    const total = await issuer.client.call('listWhitelistAddresses', {
      params: { whitelistAddress: whitelist, page: 2 },
    });
    expect([total.totalRows, total.currentPage, total.totalPages]).toEqual([
      5005,
      2,
      Math.ceil(5005 / whitelistPageSize),
    ]);
    console.info(`5,000-address bulk: ${batches} batches of up to ${size} in ${seconds.toFixed(1)} s`);
  });

  it('belongs to the account controlling its deployer or owner, never to the first to register it (issue 33)', async () => {
    const { txData } = await issuer.client.call('whitelistDeployTx', {
      body: {
        txMode: 1,
        accountAddress: issuerAddress,
        whitelistName: 'Fresh',
        securitySchemeAddress: scheme.address,
        codebaseId: 1,
        ownerAddress: issuerAddress,
      },
    });
    const deployed = await deployWithWallet(issuerWallet, txData);
    const body = {
      whitelistAddress: deployed.address,
      whitelistName: 'Fresh',
      securitySchemeAddress: scheme.address,
      codebaseId: 1,
    };
    // Another account cannot register it, with or without its deployment's hash (the sender is the issuer's).
    for (const registration of [body, { ...body, transactionHash: deployed.hash }])
      expect(await failureOf(outsider.client.call('registerWhitelist', { body: registration }))).toEqual([
        403,
        contractRegistrationMessages.notYours('whitelist'),
      ]);
    // A hash that did not create this contract proves nothing.
    const { hash: otherDeployment } = await deployWithWallet(issuerWallet, txData);
    expect(
      await failureOf(
        issuer.client.call('registerWhitelist', { body: { ...body, transactionHash: otherDeployment } }),
      ),
    ).toEqual([400, contractRegistrationMessages.notItsDeployment('whitelist')]);
    expect((await outsider.client.call('listWhitelists')).map((w) => w.address)).not.toContain(
      deployed.address,
    );

    // A squatter's row from before this rule: the issuer's registration takes the whitelist over.
    await insertWhitelist(t.ctx.db, {
      chainId: chain.chainId,
      address: deployed.address,
      name: 'Squatted',
      schemeAddress: scheme.address,
      codebaseId: 1,
      ownerAddress: issuerAddress,
      accountId: outsider.accountId,
    });
    await issuer.client.call('registerWhitelist', { body: { ...body, transactionHash: deployed.hash } });
    const [row] = await t.ctx.db.select().from(whitelists).where(eq(whitelists.address, deployed.address));
    expect([row?.accountId, row?.name, row?.transactionHash]).toEqual([
      issuer.accountId,
      'Fresh',
      deployed.hash,
    ]);
    // The issuer registering again changes nothing; the outsider still cannot take it back.
    await issuer.client.call('registerWhitelist', { body });
    expect(await failureOf(outsider.client.call('registerWhitelist', { body }))).toEqual([
      403,
      contractRegistrationMessages.notYours('whitelist'),
    ]);
    const [investor] = addresses(1, 77);
    const saved = await issuer.client.call('whitelistBulk', {
      body: {
        txMode: 2,
        accountAddress: issuerAddress,
        whitelistAddress: deployed.address,
        addresses: [{ targetAddress: investor ?? '', legalName: 'Ida Investor' }],
      },
    });
    expect(saved.saved).toBe(1);
    const page = (user: TestUser) =>
      user.client.call('listWhitelistAddresses', { params: { whitelistAddress: deployed.address, page: 1 } });
    expect((await page(issuer)).pagedResults.map((r) => r.legalName)).toEqual(['Ida Investor']);
    expect((await page(outsider)).pagedResults.map((r) => r.legalName)).toEqual([null]);
  });

  it('refuses a legal name with a right-to-left override or a zero-width space, before anything is sent', async () => {
    const [target] = addresses(1, 78);
    for (const legalName of ['Evil\u202eCorp', 'Zero\u200bWidth']) {
      expect(
        await failureOf(bulk(issuer, issuerAddress, [{ targetAddress: target ?? '', legalName }])),
      ).toEqual([400, inputMessages.formatCharacters]);
    }
    expect(await onChain.getFunction('isVerified')(target)).toBe(false);
  });

  it('seeds the local demo account with a scheme, rights and a whitelist, once', async () => {
    expect(await seedLocalSecurity(t.ctx)).toBeUndefined();
    await insertAccount(t.ctx.db, {
      loginName: demoLogin,
      emailAddress: demoLogin,
      profileName: 'Demo',
      passwordHash: 'x',
      confirmedOn: new Date(),
    });
    const seeded = await seedLocalSecurity(t.ctx);
    expect(seeded).toBeDefined();
    const demoAddress = new EthersWallet(demoChainKey).address;
    expect(await rightsOf(t.ctx, seeded?.scheme ?? '', demoAddress)).toEqual({
      isOwner: true,
      isOperator: true,
      level1: true,
      level2: true,
    });
    expect(await seedLocalSecurity(t.ctx)).toEqual(seeded);
    const lists = await outsider.client.call('listWhitelists');
    expect(lists.filter((w) => w.address === seeded?.whitelist)).toHaveLength(1);
    // On the newest codebase, WhitelistV2 (records with an expiry), as the New Whitelist form's default.
    expect(lists.find((w) => w.address === seeded?.whitelist)?.codebaseId).toBe(2);
    // The demo's seeded key is the shared local signer on every server-signed route, as for a draft deployment or a
    // bulk issue (one rule: credentials' signingKeyFor asks the access module): another account verifies with it.
    const verify = (user: TestUser, accountAddress: string, tag: number) =>
      user.client.call('whitelistBulk', {
        body: {
          txMode: 2,
          accountAddress,
          whitelistAddress: seeded?.whitelist ?? '',
          addresses: addresses(1, tag).map((targetAddress) => ({
            targetAddress,
            legalName: 'Shared signer',
          })),
        },
      });
    expect((await verify(outsider, demoAddress, 0x5eed)).saved).toBe(1);
    // A dev key another account registered stays its own, on this route as on the others.
    expect(await failureOf(verify(issuer, outsiderAddress, 0x5eee))).toEqual([
      403,
      keyMessages.notRegistered(outsiderAddress),
    ]);
  });
});
