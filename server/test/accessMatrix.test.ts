import { apiPrefix, type RouteId, routes } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { encodeBytes32String, id, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountReviewItems } from '../src/db/schema.ts';
import { jobs } from '../src/jobs/schema.ts';
import { bulkJobKind } from '../src/modules/bulk/job.ts';
import { createTestUser, type TestUser } from '../src/modules/credentials/testing.ts';
import { insertDtx } from '../src/modules/dtx/repository.ts';
import { insertKeyWithShares } from '../src/modules/sharding/repository.ts';
import { keyShares } from '../src/modules/sharding/schema.ts';
import { seedLocalDistributions } from '../src/modules/distributions/service.ts';
import { indexerOf } from '../src/modules/tokens/routes.ts';
import { deploySchemeAndWhitelist, deployTestToken, devWallets } from '../src/modules/tokens/testing.ts';
import { recordUserTransaction } from '../src/modules/transactions/service.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/modules/webhooks/schema.ts';
import {
  findWhitelist,
  insertWhitelist,
  saveAddresses,
  setExpiries,
} from '../src/modules/whitelists/repository.ts';
import { createTestApp, startTestChain, type TestApp, testProvider } from './helpers.ts';

/**
 * The access matrix, generated from the route table (api/src/routes.ts): every route without a session, and every
 * route that takes another account's resource, asked as an account that has nothing to do with it. The matrix
 * is printed.
 */

let chain: DevChain;
let t: TestApp;
let provider: JsonRpcProvider;
let owner: TestUser;
let other: TestUser;
const resource = {
  token: 'MATRIX',
  partition: 'CLASS-A',
  whitelist: '',
  holder: '',
  txHash: '',
  keyAddress: Wallet.createRandom().address.toLowerCase(),
  dtxId: 0,
  snapshotId: 0,
  webhookId: 0,
  deliveryId: 0,
  bulkJobId: 0,
  devAccount: '',
  distributionId: 0,
};

/** A value of the right shape for each path parameter, so the route itself answers (not validation). */
function sample(name: string): string {
  const values: Record<string, string> = {
    address: resource.holder || `0x${'1'.repeat(40)}`,
    contractAddress: `0x${'2'.repeat(40)}`,
    whitelistAddress: resource.whitelist || `0x${'3'.repeat(40)}`,
    asset: `0x${'4'.repeat(64)}`,
    hash: resource.txHash || `0x${'5'.repeat(64)}`,
    symbol: resource.token,
    code: resource.token,
    partition: resource.partition,
    page: '1',
    id: '1',
    type: '1',
    block: '1',
    blockNumber: '1',
    fromTimestamp: '0',
    toTimestamp: '4102444800',
  };
  return values[name] ?? 'x';
}

function urlOf(path: string, values: Record<string, string> = {}): string {
  return `${apiPrefix}${path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? sample(name)))}`;
}

async function call(
  user: TestUser | undefined,
  routeId: RouteId,
  options: { params?: Record<string, string>; body?: unknown; query?: string } = {},
) {
  const route = routes[routeId];
  const response = await t.app.inject({
    method: route.method,
    url: `${urlOf(route.path, options.params)}${options.query ?? ''}`,
    headers: {
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.statusCode,
    body: response.json() as { data?: unknown; error?: { message: string } },
  };
}

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
  provider = testProvider(chain);
  owner = await createTestUser(t, 'owner');
  other = await createTestUser(t, 'other');
  const wallets = devWallets(provider);
  const setup = await deploySchemeAndWhitelist(wallets);
  resource.whitelist = setup.whitelistAddress;
  await insertWhitelist(t.ctx.db, {
    chainId: chain.chainId,
    address: setup.whitelistAddress,
    name: 'Test whitelist',
    schemeAddress: setup.schemeAddress,
    codebaseId: 2,
    ownerAddress: wallets.owner.address,
    accountId: owner.accountId,
  });
  const token = await deployTestToken(t.ctx.db, wallets, setup, {
    symbol: resource.token,
    name: 'Matrix token',
    accountId: owner.accountId,
  });
  const holder = wallets.holders[0];
  if (!holder) throw new Error('no holder wallet');
  resource.holder = holder.address;
  const issued = await token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
    encodeBytes32String(resource.partition),
    [holder.address],
    [1000n],
    '0x',
  );
  const receipt = await issued.wait();
  resource.txHash = (receipt?.hash ?? '').toLowerCase();
  await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 20_000);
  const row = await findWhitelist(t.ctx.db, chain.chainId, setup.whitelistAddress);
  if (!row) throw new Error('no whitelist row');
  await saveAddresses(t.ctx.db, row.id, owner.accountId, resource.txHash, [
    {
      publicAddress: holder.address,
      legalName: 'Secret Investor Ltd',
      contactDetails: {},
      salt: 's',
      hash: id('x'),
    },
  ]);
  // A KYC expiring tomorrow, so the expiring list has a record whose name the other account must not see.
  const block = await provider.getBlock('latest');
  await setExpiries(t.ctx.db, row.id, [
    { address: holder.address, expiresAt: (block?.timestamp ?? 0) + 86_400 },
  ]);
  await recordUserTransaction(t.ctx, {
    accountId: owner.accountId,
    hash: resource.txHash,
    txType: 1,
    contractAddress: token.target as string,
    publicAddress: wallets.owner.address,
  });
  // The owner's record-date register of the token (issue 21): the holder's name only for those the rules allow.
  const register = await owner.client.call('createSnapshot', {
    body: { symbol: resource.token, blockNumber: receipt?.blockNumber ?? 0 },
  });
  resource.snapshotId = register.id;
  // The owner's distribution over it (issue 33): issued by a wallet the owner registered, paid in the local tUSD.
  const tusd = await seedLocalDistributions(t.ctx, wallets.owner.address.toLowerCase());
  await owner.client.call('registerCredentials', {
    body: { publicKey: wallets.owner.address, privateKey: wallets.owner.key },
  });
  const distribution = await owner.client.call('createDistribution', {
    body: {
      snapshotId: register.id,
      accountAddress: wallets.owner.address,
      asset: tusd,
      amount: '1000',
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  resource.distributionId = distribution.id;
  // The owner's draft, sharded key (an active key the owner alone signs for) and distributed transaction.
  await owner.client.call('createDraft', {
    body: {
      bulk: {
        tokens: [
          {
            symbol: 'ODRAFT',
            name: 'Owner draft',
            exchangeRate: 1,
            currency: 'EUR',
            codebaseId: 1,
            whitelistAddress: setup.whitelistAddress,
            controllerAddress: '0x0000000000000000000000000000000000000000',
            investors: [{ publicAddress: holder.address, investmentAmount: 10 }],
          },
        ],
      },
    },
  });
  const key = await insertKeyWithShares(
    t.ctx.db,
    { address: resource.keyAddress, name: 'Owner key', threshold: 1, total: 1, createdBy: owner.accountId },
    (keyId) => [
      {
        keyId,
        generation: 1,
        accountId: owner.accountId,
        sealedShare: 'sealed',
        kdfSalt: 'salt',
        shareDigest: 'digest',
        pdfPasswordHash: 'hash',
      },
    ],
  );
  if (!key) throw new Error('no key');
  const [share] = await t.ctx.db.select().from(keyShares);
  const dtx = await insertDtx(
    t.ctx.db,
    {
      keyId: key.id,
      generation: key.generation,
      txType: 1,
      txData: {},
      startedBy: owner.accountId,
      requiredApprovers: 2,
    },
    () => ({ accountId: owner.accountId, shareId: share?.id ?? 0, sealedShare: null }),
  );
  if ('pending' in dtx) throw new Error(`the key has a pending transaction already (${dtx.pending.id})`);
  resource.dtxId = dtx.id;
  // The owner's webhook endpoint with one delivery, and a finished bulk job of the owner's (issue 23, 22).
  const [endpoint] = await t.ctx.db
    .insert(webhookEndpoints)
    .values({
      accountId: owner.accountId,
      url: 'https://hooks.example.com/a',
      events: ['token.issued'],
      sealedSecret: 'x',
    })
    .returning();
  const [event] = await t.ctx.db
    .insert(webhookEvents)
    .values({ eventKey: 'matrix:1', messageId: 'msg_matrix_1', type: 'token.issued', payload: {} })
    .returning();
  const [delivery] = await t.ctx.db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint?.id as number, eventId: event?.id as number, state: 'delivered' })
    .returning();
  resource.webhookId = endpoint?.id ?? 0;
  // The owner's webhook waits for review after a password reset (issue 33).
  await t.ctx.db
    .insert(accountReviewItems)
    .values({ accountId: owner.accountId, kind: 'webhook', itemId: resource.webhookId });
  resource.deliveryId = delivery?.id ?? 0;
  const [bulk] = await t.ctx.db
    .insert(jobs)
    .values({
      kind: bulkJobKind,
      state: 'done',
      payload: {
        symbol: resource.token,
        operation: 'issue',
        accountAddress: wallets.owner.address.toLowerCase(),
        accountId: owner.accountId,
        contractAddress: resource.holder,
      },
    })
    .returning();
  resource.bulkJobId = bulk?.id ?? 0;
  // The owner's own local development account (issue 34).
  resource.devAccount = (await owner.client.call('localDevAccount')).address;
}, 180_000);

afterAll(async () => {
  provider?.destroy();
  await t?.close();
  await chain?.stop();
});

describe('access matrix', () => {
  it('answers 401 to every route without a session, public ones excepted', async () => {
    const rows: { route: string; access: string; status: number }[] = [];
    for (const [routeId, route] of Object.entries(routes) as [RouteId, (typeof routes)[RouteId]][]) {
      const { status } = await call(undefined, routeId, {
        body: route.method === 'GET' ? undefined : {},
      });
      rows.push({ route: `${route.method} ${route.path}`, access: route.access, status });
      if (route.access === 'user') expect(status, `${route.method} ${route.path}`).toBe(401);
      else expect(status, `${route.method} ${route.path}`).not.toBe(401);
    }
    console.info('Without a session:');
    console.table(rows);
  });

  it("answers another account 403/404 or the redacted view for the owner's resources", async () => {
    const key = resource.keyAddress;
    const deny = [403, 404];
    const cases: {
      route: RouteId;
      resource: string;
      params?: Record<string, string>;
      body?: unknown;
      query?: string;
      /** What the other account must get: denied (403/404), or a check of the answer's data (redacted, not listed). */
      expect: 'denied' | ((data: unknown) => boolean);
      /** Why the other account's answer is what it is, when not denied, redacted or unlisted (printed). */
      note?: string;
    }[] = [
      { route: 'getDraft', resource: 'draft', params: { symbol: 'ODRAFT' }, expect: 'denied' },
      { route: 'deleteDraft', resource: 'draft', params: { symbol: 'ODRAFT' }, expect: 'denied' },
      {
        route: 'deployDraft',
        resource: 'draft',
        body: { txMode: 2, symbol: 'ODRAFT', accountAddress: resource.holder, ownerAddress: resource.holder },
        expect: 'denied',
      },
      { route: 'getProject', resource: 'draft', params: { code: 'ODRAFT' }, expect: 'denied' },
      {
        route: 'searchProjects',
        resource: 'draft',
        query: '?term=ODRAFT',
        expect: (data) => (data as { totalRows: number }).totalRows === 0,
      },
      {
        route: 'getTransaction',
        resource: 'transaction',
        params: { hash: resource.txHash },
        expect: 'denied',
      },
      {
        route: 'listAccountTransactions',
        resource: 'transaction',
        params: { page: '1' },
        expect: (data) => !JSON.stringify(data).includes(resource.txHash),
      },
      {
        route: 'getSnapshot',
        resource: "register's names",
        params: { id: String(resource.snapshotId) },
        expect: (data) => {
          const register = data as {
            namesVisible: boolean;
            rowsPage: { pagedResults: { legalName: string | null }[] };
          };
          const rows = register.rowsPage.pagedResults;
          return !register.namesVisible && rows.length === 1 && rows[0]?.legalName === null;
        },
      },
      {
        route: 'listHolders',
        resource: "holders' names",
        params: { code: resource.token, partition: resource.partition },
        expect: (data) => {
          const rows = (data as { pagedResults: { legalName: string | null; balance: string }[] })
            .pagedResults;
          return rows.length === 1 && rows[0]?.legalName === null && rows[0]?.balance === '1000';
        },
      },
      {
        route: 'reportCapTable',
        resource: "cap table's names",
        params: { code: resource.token },
        expect: (data) => {
          const table = data as {
            namesVisible: boolean;
            holders: { legalName: string | null; total: string }[];
          };
          return (
            !table.namesVisible &&
            table.holders.length === 1 &&
            table.holders[0]?.legalName === null &&
            table.holders[0]?.total === '1000'
          );
        },
      },
      {
        route: 'listWhitelistAddresses',
        resource: 'whitelist records',
        params: { whitelistAddress: resource.whitelist, page: '1' },
        expect: (data) => {
          const rows = (data as { pagedResults: { legalName: string | null }[] }).pagedResults;
          return rows.length === 1 && rows[0]?.legalName === null;
        },
      },
      {
        route: 'whitelistRegistry',
        resource: 'whitelist records',
        params: { whitelistAddress: resource.whitelist },
        expect: (data) => {
          const page = data as {
            recordsVisible: boolean;
            countries: string[];
            pagedResults: { legalName: string | null; country: string | null }[];
          };
          const rows = page.pagedResults;
          return (
            !page.recordsVisible &&
            page.countries.length === 0 &&
            rows.length === 1 &&
            rows[0]?.legalName === null &&
            rows[0]?.country === null
          );
        },
      },
      {
        route: 'listExpiringRecords',
        resource: 'whitelist records',
        params: { whitelistAddress: resource.whitelist },
        expect: (data) => {
          const records = (data as { records: { publicAddress: string; legalName: string | null }[] })
            .records;
          return records.length === 1 && records[0]?.legalName === null;
        },
      },
      {
        route: 'whitelistTokens',
        resource: 'whitelist (tokens using it)',
        params: { whitelistAddress: resource.whitelist },
        expect: (data) =>
          (data as { projectCode: string }[]).some((token) => token.projectCode === resource.token),
        note: 'listed: which deployed tokens use a whitelist is public on-chain (each token names its whitelist)',
      },
      {
        route: 'whitelistRevokeTx',
        resource: 'whitelist records',
        body: { accountAddress: key, whitelistAddress: resource.whitelist, publicAddress: resource.holder },
        expect: 'denied',
      },
      {
        route: 'whitelistRevoked',
        resource: 'whitelist records',
        body: { whitelistAddress: resource.whitelist, publicAddress: resource.holder },
        expect: 'denied',
      },
      {
        route: 'listShardedKeys',
        resource: 'sharded key',
        expect: (data) => !JSON.stringify(data).includes(key),
      },
      {
        route: 'shardOpened',
        resource: 'sharded key',
        body: { publicKey: key, emailAddress: 'other@tranche.test', pdfPassword: 'x' },
        expect: 'denied',
      },
      {
        route: 'declineShardedKey',
        resource: 'sharded key',
        body: { publicKey: key },
        expect: 'denied',
      },
      {
        route: 'commitShardedKey',
        resource: 'sharded key',
        body: { publicKey: key, accessCode: 'AAAA-AAAA-AAAA-AAAA' },
        expect: 'denied',
      },
      {
        route: 'reshard',
        resource: 'sharded key',
        body: {
          accountAddress: key,
          accessCode: 'AAAA-AAAA-AAAA-AAAA',
          minimum: 2,
          recipients: ['a@tranche.test', 'b@tranche.test'],
        },
        expect: 'denied',
      },
      {
        route: 'startDtx',
        resource: 'sharded key',
        body: { symbol: resource.token, accountAddress: key, accessCode: 'AAAA-AAAA-AAAA-AAAA', txType: 1 },
        expect: 'denied',
      },
      {
        route: 'getDtx',
        resource: 'distributed transaction',
        params: { id: String(resource.dtxId) },
        expect: 'denied',
      },
      {
        route: 'listDtx',
        resource: 'distributed transaction',
        params: { page: '1' },
        expect: (data) => (data as { totalRows: number }).totalRows === 0,
      },
      {
        route: 'pendingDtx',
        resource: 'distributed transaction',
        expect: (data) => !JSON.stringify(data).includes(`"id":${resource.dtxId}`),
      },
      {
        route: 'listApprovals',
        resource: 'distributed transaction',
        expect: (data) => !JSON.stringify(data).includes(`"txId":${resource.dtxId}`),
      },
      {
        route: 'approveDtx',
        resource: 'distributed transaction',
        body: { id: resource.dtxId, accountAddress: key, accessCode: 'AAAA-AAAA-AAAA-AAAA' },
        expect: 'denied',
      },
      {
        route: 'cancelDtx',
        resource: 'distributed transaction',
        body: { id: resource.dtxId, accountAddress: key, accessCode: 'AAAA-AAAA-AAAA-AAAA' },
        expect: 'denied',
      },
      {
        route: 'deleteWebhook',
        resource: 'webhook',
        params: { id: String(resource.webhookId) },
        expect: 'denied',
      },
      {
        route: 'listWebhookDeliveries',
        resource: 'webhook',
        params: { id: String(resource.webhookId), page: '1' },
        expect: 'denied',
      },
      {
        route: 'replayWebhookDelivery',
        resource: 'webhook',
        params: { id: String(resource.webhookId), deliveryId: String(resource.deliveryId) },
        expect: 'denied',
      },
      {
        route: 'listWebhooks',
        resource: 'webhook',
        expect: (data) => !JSON.stringify(data).includes('hooks.example.com'),
      },
      {
        route: 'accountReview',
        resource: 'review after a reset',
        expect: (data) => !JSON.stringify(data).includes('hooks.example.com'),
      },
      {
        route: 'keepReviewItem',
        resource: 'review after a reset',
        body: { kind: 'webhook', id: resource.webhookId },
        expect: 'denied',
      },
      {
        route: 'removeReviewItem',
        resource: 'review after a reset',
        body: { kind: 'webhook', id: resource.webhookId },
        expect: 'denied',
      },
      {
        route: 'getBulk',
        resource: 'bulk job',
        params: { jobId: String(resource.bulkJobId) },
        expect: 'denied',
      },
      {
        route: 'localDevAccount',
        resource: 'development account',
        expect: (data) => {
          const account = data as { address: string };
          return account.address !== resource.devAccount && account.address.startsWith('0x');
        },
      },
      // Corporate actions (README 'Corporate actions'): registers and distributions are made by the token's owner,
      // controller or an OP of its scheme, from a wallet they control; a distribution is seen by them and its creator.
      {
        route: 'createSnapshot',
        resource: 'register (make)',
        body: { symbol: resource.token, blockNumber: 1 },
        expect: 'denied',
      },
      {
        route: 'listSnapshots',
        resource: 'registers',
        params: { symbol: resource.token },
        expect: (data) => (data as { id: number }[]).some((r) => r.id === resource.snapshotId),
        note: 'listed: balances and the Merkle root are public on-chain; names only in getSnapshot for the allowed',
      },
      {
        route: 'createDistribution',
        resource: 'distribution (make)',
        body: {
          snapshotId: resource.snapshotId,
          accountAddress: resource.holder,
          asset: resource.holder,
          amount: '1',
          deadline: '2099-01-01T00:00:00Z',
        },
        expect: 'denied',
      },
      {
        route: 'listDistributions',
        resource: 'distribution',
        params: { symbol: resource.token },
        expect: (data) => !(data as { id: number }[]).some((d) => d.id === resource.distributionId),
      },
      {
        route: 'getDistribution',
        resource: 'distribution',
        params: { id: String(resource.distributionId) },
        expect: 'denied',
      },
      {
        route: 'distributionFundTx',
        resource: 'distribution',
        params: { id: String(resource.distributionId) },
        expect: 'denied',
      },
      {
        route: 'pushDistribution',
        resource: 'distribution',
        params: { id: String(resource.distributionId) },
        body: { txMode: 2 },
        expect: 'denied',
      },
      {
        route: 'reclaimDistribution',
        resource: 'distribution',
        params: { id: String(resource.distributionId) },
        body: { txMode: 1 },
        expect: 'denied',
      },
      {
        route: 'cancelDistribution',
        resource: 'distribution',
        params: { id: String(resource.distributionId) },
        expect: 'denied',
      },
      {
        route: 'listClaims',
        resource: "an address's claims",
        params: { address: resource.holder },
        expect: (data) => Array.isArray(data),
        note: 'open: what an address is owed and its proof are public once claimed (the claim transaction carries them)',
      },
    ];
    const matrix: { route: string; resource: string; owner: number | string; other: string }[] = [];
    const failures: string[] = [];
    for (const c of cases) {
      const route = routes[c.route];
      const options = { params: c.params, body: c.body, query: c.query };
      // The other account first; the owner only reads (its own writes would change what the other sees).
      const theirs = await call(other, c.route, options);
      const mine = route.method === 'GET' ? (await call(owner, c.route, options)).status : '-';
      const ok =
        c.expect === 'denied'
          ? deny.includes(theirs.status)
          : theirs.status === 200 && c.expect(theirs.body.data);
      matrix.push({
        route: `${route.method} ${route.path}`,
        resource: c.resource,
        owner: mine,
        other: `${theirs.status} ${c.expect === 'denied' ? 'denied' : (c.note ?? 'redacted/not listed')}${ok ? '' : ' FAILED'}`,
      });
      if (!ok) failures.push(`${c.route}: ${theirs.status} ${JSON.stringify(theirs.body)}`);
    }
    console.info("Another account's resources:");
    console.table(matrix);
    expect(failures).toEqual([]);
    // The owner still reads what is theirs (the rules deny the other account, not everyone).
    expect((await call(owner, 'getDraft', { params: { symbol: 'ODRAFT' } })).status).toBe(200);
    const named = await call(owner, 'listHolders', {
      params: { code: resource.token, partition: resource.partition },
    });
    expect(JSON.stringify(named.body.data)).toContain('Secret Investor Ltd');
  });
});
