import { readFileSync } from 'node:fs';
import { distributorArtifact, registerRoot } from '@tranche/contracts';
import type { DevChain } from '@tranche/contracts';
import { txTypes } from '@tranche/api';
import {
  Contract,
  encodeBytes32String,
  getAddress,
  Interface,
  id,
  type JsonRpcProvider,
  NonceManager,
  Wallet,
} from 'ethers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { indexerOf } from '../tokens/routes.ts';
import {
  deploySchemeAndWhitelist,
  deployTestStableToken,
  deployTestToken,
  devWallets,
  type DevWallets,
} from '../tokens/testing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { cachedTrees, treeCacheEntries } from './distributor.ts';
import { insertDistribution, pushJobKind, setPushJob } from './repository.ts';

/** The backfill of migration 0024 (its statements after the column is added). */
function backfillStatements(): string[] {
  const text = readFileSync(
    new URL('../../../drizzle/0024_i34_transaction_token.sql', import.meta.url),
    'utf8',
  );
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.includes('UPDATE'));
}

async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const content = await (await document.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

describe.each(databaseKinds)('registers and distributions on %s', (kind) => {
  let chain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let wallets: DevWallets;
  let issuer: TestUser;
  let outsider: TestUser;
  let token: Contract;
  let stable: Contract;
  const partition = encodeBytes32String('CLASS-A');
  let recordBlock = 0;

  async function mined(tx: Promise<{ hash: string; wait: () => Promise<unknown> }>) {
    const sent = await tx;
    const receipt = await t.ctx.chain.waitForReceipt(sent.hash, { timeoutMs: 30_000 });
    expect(receipt?.status).toBe(1);
    await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 20_000);
    return receipt!;
  }
  const stableBalance = async (address: string): Promise<bigint> => stable.getFunction('balanceOf')(address);
  /** A claim deadline an hour after the chain's clock. */
  const inAnHour = async () =>
    new Date(((await provider.getBlock('latest'))!.timestamp + 3600) * 1000).toISOString();
  /** The issuer's distribution of `amount` (base units), issued by its registered wallet, over register `snapshotId`. */
  const issuerDistribution = async (snapshotId: number, amount: string) =>
    issuer.client.call('createDistribution', {
      body: {
        snapshotId,
        accountAddress: wallets.owner.address,
        asset: await stable.getAddress(),
        amount,
        deadline: await inAnHour(),
      },
    });
  /** The distribution's own escrow, which holds its funds (the Distributor holds none). */
  const escrowOf = async (distributorAddress: string, distributionId: string): Promise<string> =>
    new Contract(distributorAddress, distributorArtifact.abi, provider).getFunction('escrowOf')(
      distributionId,
    );

  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ kind, chain });
    provider = testProvider(chain);
    wallets = devWallets(provider);
    issuer = await createTestUser(t, 'issuer');
    outsider = await createTestUser(t, 'outsider');
    await issuer.client.call('registerCredentials', {
      body: { publicKey: wallets.owner.address, privateKey: wallets.owner.key },
    });
    const setup = await deploySchemeAndWhitelist(wallets);
    token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'DIVI',
      name: 'Dividend shares',
      accountId: issuer.accountId,
    });
    const issue = token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)');
    const [a, b, c, d] = wallets.holders;
    const receipt = await mined(
      issue(partition, [a!.address, b!.address, c!.address], [100n, 200n, 300n], '0x'),
    );
    recordBlock = receipt.blockNumber;
    // After the record block: a sells half to b, d is issued to. The distribution must not see either.
    const asA = token.connect(a!.signer) as Contract;
    await mined(asA.getFunction('transferByPartition')(partition, b!.address, 50n, '0x'));
    await mined(issue(partition, [d!.address], [1000n], '0x'));
    stable = await deployTestStableToken(wallets, 1_000_000_000n);
  }, 180_000);

  afterAll(async () => {
    provider?.destroy();
    await t?.close();
    await chain?.stop();
  });

  it('keeps the register at the record block, exports it, and pays by it: claim, push, reclaim', async () => {
    const [a, b, c, d] = wallets.holders;
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'DIVI', blockNumber: recordBlock },
    });
    const expectedRows = [
      { address: a!.address, partition, balance: 100n },
      { address: b!.address, partition, balance: 200n },
      { address: c!.address, partition, balance: 300n },
    ].sort((x, y) => (x.address < y.address ? -1 : 1));
    expect(snapshot).toMatchObject({ blockNumber: recordBlock, holders: 3, rows: 3, total: '600' });
    expect(snapshot.merkleRoot).toBe(registerRoot(expectedRows));
    const listed = await issuer.client.call('listSnapshots', { params: { symbol: 'DIVI' } });
    expect(listed.map((s) => s.id)).toEqual([snapshot.id]);

    const detail = await issuer.client.call('getSnapshot', {
      params: { id: snapshot.id },
      query: { pageSize: 2 },
    });
    expect(detail.namesVisible).toBe(true);
    expect(detail.rowsPage.totalRows).toBe(3);
    expect(detail.rowsPage.pagedResults.map((r) => [r.holderAddress, r.balance])).toEqual(
      expectedRows.slice(0, 2).map((r) => [r.address, String(r.balance)]),
    );
    const hidden = await outsider.client.call('getSnapshot', { params: { id: snapshot.id }, query: {} });
    expect(hidden.namesVisible).toBe(false);
    expect(hidden.rowsPage.pagedResults.every((r) => r.legalName === null)).toBe(true);

    const base = await baseUrlOf(t);
    const csv = await fetch(`${base}/api/snapshots/${snapshot.id}/csv`, {
      headers: { authorization: `Bearer ${issuer.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).trim().split('\n')).toEqual([
      'address,partition,partitionName,balance,legalName',
      ...expectedRows.map((r) => `${r.address},${partition},CLASS-A,${r.balance},`),
    ]);
    const pdf = await fetch(`${base}/api/snapshots/${snapshot.id}/pdf`, {
      headers: { authorization: `Bearer ${issuer.token}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pages = await pdfPages(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages[0]).toContain('Total balance: 600');
    expect(pages[0]).toContain(`Record block: ${recordBlock}`);
    for (const page of pages) expect(page).toContain(`digest ${snapshot.merkleRoot}`);
    for (const row of expectedRows) expect(pages.join('\n')).toContain(row.address);

    // 1,001 units over 600 tokens: floor(1001 × 100 / 600) = 166, 333, 500; remainder 2.
    const deadline = await inAnHour();
    const created = await issuer.client.call('createDistribution', {
      body: {
        snapshotId: snapshot.id,
        accountAddress: wallets.owner.address,
        asset: await stable.getAddress(),
        amount: '1001',
        deadline,
      },
    });
    const owed = new Map([
      [a!.address, 166n],
      [b!.address, 333n],
      [c!.address, 500n],
    ]);
    expect(created.remainder).toBe('2');
    expect(created.amount).toBe('1001');
    expect(created.perHolder.map((p) => [p.holderAddress, BigInt(p.amount)])).toEqual(
      expectedRows.map((r) => [r.address, owed.get(r.address)]),
    );
    expect(created.funded).toBe(false);
    expect(
      (await failureOf(issuer.client.call('pushDistribution', { params: { id: created.id }, body: {} })))
        .message,
    ).toBe('This distribution is not funded yet');

    const fund = await issuer.client.call('distributionFundTx', { params: { id: created.id } });
    // The server deployed the Distributor with the same dev account (local mode): fresh nonces.
    const owner = new Wallet(wallets.owner.key, provider);
    const approved = await owner.sendTransaction({ to: fund.approveTx.to, data: fund.approveTx.data });
    await approved.wait();
    const funded = await owner.sendTransaction({ to: fund.fundTx.to, data: fund.fundTx.data });
    await funded.wait();
    // The console records both wallet-signed calls in the issuer's My transactions (issue 34).
    for (const [sent, to, txType] of [
      [approved, fund.approveTx.to, txTypes.paymentApproval],
      [funded, fund.fundTx.to, txTypes.distributionFunding],
    ] as const) {
      await issuer.client.call('recordAccountTransaction', {
        body: {
          transactionHash: sent.hash,
          contractAddress: to,
          publicAddress: wallets.owner.address,
          txType,
        },
      });
    }
    const escrow = await escrowOf(created.distributorAddress, created.distributionId);
    expect(await stableBalance(escrow)).toBe(1001n);
    expect(await stableBalance(created.distributorAddress)).toBe(0n);

    // b claims with its own wallet from its open claims.
    const claims = await outsider.client.call('listClaims', { params: { address: b!.address } });
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ id: created.id, amount: '333' });
    const bWallet = new NonceManager(new Wallet(b!.key, provider));
    const claimed = await bWallet.sendTransaction({
      to: claims[0]!.claimTx.to,
      data: claims[0]!.claimTx.data,
    });
    await claimed.wait();
    // The holder's account (its key registered) records its claim as the console does.
    const claimant = await createTestUser(t, 'claimant');
    await claimant.client.call('registerCredentials', {
      body: { publicKey: b!.address, privateKey: b!.key },
    });
    await claimant.client.call('recordAccountTransaction', {
      body: {
        transactionHash: claimed.hash,
        contractAddress: claims[0]!.claimTx.to,
        publicAddress: b!.address,
        txType: txTypes.distributionClaim,
      },
    });
    const claimRows = (await claimant.client.call('listAccountTransactions', { params: { page: '1' } }))
      .pageData;
    expect(claimRows.map((row) => [row.typeDescription, row.status, row.effect.what])).toEqual([
      ['Distribution claimed', 'mined', 'Claimed 0.000333 tUSD'],
    ]);
    expect(await stableBalance(b!.address)).toBe(333n);
    expect(await outsider.client.call('listClaims', { params: { address: b!.address } })).toEqual([]);
    expect(await outsider.client.call('listClaims', { params: { address: d!.address } })).toEqual([]);

    // The issuer pushes the rest (durable job), then reclaims the remainder after the deadline.
    const { jobId } = await issuer.client.call('pushDistribution', { params: { id: created.id }, body: {} });
    expect(jobId).toBeGreaterThan(0);
    await jobRunnerOf(t.app, t.ctx).idle();
    expect(await stableBalance(a!.address)).toBe(166n);
    expect(await stableBalance(c!.address)).toBe(500n);
    expect(await stableBalance(d!.address)).toBe(0n);
    const paid = await issuer.client.call('getDistribution', { params: { id: created.id } });
    expect(paid).toMatchObject({
      funded: true,
      claimed: '333',
      pushed: '666',
      remaining: '2',
      paidHolders: 3,
    });
    expect(paid.pushJob?.state).toBe('done');
    // The server-signed push shows in the issuer's My transactions (the durable sender records it), not the outsider's.
    const payout = (row: { typeDescription: string }) => row.typeDescription === 'Distribution payout';
    const mine = await issuer.client.call('listAccountTransactions', { params: { page: '1' } });
    expect(mine.pageData.filter(payout)).toEqual([
      expect.objectContaining({ contractAddress: created.distributorAddress.toLowerCase() }),
    ]);
    const theirs = await outsider.client.call('listAccountTransactions', { params: { page: '1' } });
    expect(theirs.pageData.filter(payout)).toEqual([]);

    expect(
      (
        await failureOf(
          issuer.client.call('reclaimDistribution', { params: { id: created.id }, body: { txMode: 2 } }),
        )
      ).message,
    ).toBe('The claim deadline has not passed yet');
    expect(paid.deadlinePassed).toBe(false);
    await provider.send('evm_increaseTime', [3601]);
    await provider.send('evm_mine', []);
    // By the chain's clock, not the server's: the wall clock is still before the deadline.
    expect((await issuer.client.call('getDistribution', { params: { id: created.id } })).deadlinePassed).toBe(
      true,
    );
    const ownerBefore = await stableBalance(wallets.owner.address);
    const reclaimed = await issuer.client.call('reclaimDistribution', {
      params: { id: created.id },
      body: { txMode: 2 },
    });
    expect(reclaimed.transactionHash).toMatch(/^0x/);
    expect(await stableBalance(wallets.owner.address)).toBe(ownerBefore + 2n);
    expect(await stableBalance(escrow)).toBe(0n);
    expect(await stableBalance(created.distributorAddress)).toBe(0n);
    const done = await issuer.client.call('getDistribution', { params: { id: created.id } });
    expect(done).toMatchObject({
      reclaimed: true,
      remaining: '0',
      claimed: '333',
      pushed: '666',
      remainder: '2',
    });
    // My transactions: every step the issuer caused, wallet- or server-signed, decoded in the asset's units; the
    // holder's claim is not among them, and the outsider sees none of them (issue 34).
    // Each sits under the token it concerns, DIVI, not under the Distributor it called (issue 34).
    const tokenAddress = (await token.getAddress()).toLowerCase();
    const history = await issuer.client.call('listAccountTransactions', {
      params: { page: '1' },
      query: { token: tokenAddress },
    });
    const distributor = getAddress(created.distributorAddress);
    const distributionRows = (page: typeof history) =>
      page.pageData
        .filter((row) => row.typeDescription.startsWith('Distribution'))
        .map((row) => [row.typeDescription, row.status, row.effect.what, row.tokenSymbol, row.tokenAddress]);
    expect(distributionRows(history)).toEqual([
      ['Distribution reclaimed', 'mined', 'Reclaimed 0.000002 tUSD', 'DIVI', tokenAddress],
      ['Distribution payout', 'mined', 'Paid 0.000666 tUSD to 2 holders', 'DIVI', tokenAddress],
      ['Distribution funded', 'mined', 'Funded a distribution with 0.001001 tUSD', 'DIVI', tokenAddress],
    ]);
    const underDistributor = await issuer.client.call('listAccountTransactions', {
      params: { page: '1' },
      query: { token: created.distributorAddress.toLowerCase() },
    });
    expect(underDistributor.totalRows).toBe(0);
    expect(history.contracts.map((contract) => contract.address)).toContain(tokenAddress);
    expect(history.contracts.map((contract) => contract.address)).not.toContain(
      created.distributorAddress.toLowerCase(),
    );
    // The holder's claim too, in the claimant's history.
    const claimedUnderToken = await claimant.client.call('listAccountTransactions', {
      params: { page: '1' },
      query: { token: tokenAddress },
    });
    expect(distributionRows(claimedUnderToken)).toEqual([
      ['Distribution claimed', 'mined', 'Claimed 0.000333 tUSD', 'DIVI', tokenAddress],
    ]);
    // Rows recorded before the token was (migration 0024) get it back from the distributions, where it can be derived.
    await t.ctx.db.execute(sql`update account_transactions set token_address = null`);
    for (const statement of backfillStatements()) await t.ctx.db.execute(sql.raw(statement));
    expect(
      distributionRows(
        await issuer.client.call('listAccountTransactions', {
          params: { page: '1' },
          query: { token: tokenAddress },
        }),
      ).map((row) => row[0]),
    ).toEqual(['Distribution reclaimed', 'Distribution payout', 'Distribution funded']);
    expect(
      distributionRows(
        await claimant.client.call('listAccountTransactions', {
          params: { page: '1' },
          query: { token: tokenAddress },
        }),
      ).map((row) => row[0]),
    ).toEqual(['Distribution claimed']);
    const approval = await issuer.client.call('listAccountTransactions', {
      params: { page: '1' },
      query: { kind: String(txTypes.paymentApproval) },
    });
    expect(approval.pageData.map((row) => row.effect)).toEqual([
      {
        what: `Allowed 0.001001 tUSD to ${distributor}`,
        amount: '0.001001 tUSD',
        counterparty: distributor,
        counterpartyName: '',
        partition: '',
      },
    ]);
    expect(history.pageData.map((row) => row.transactionHash)).not.toContain(claimed.hash.toLowerCase());
    const outsiders = await outsider.client.call('listAccountTransactions', { params: { page: '1' } });
    expect(outsiders.totalRows).toBe(0);

    // A push that stopped says why (the job's last error, a sentence), not only 'push again'.
    const runner = jobRunnerOf(t.app, t.ctx);
    const failed = await runner.enqueue(pushJobKind, {
      distributionId: 999_999,
      accountId: issuer.accountId,
    });
    await runner.idle();
    await setPushJob(t.ctx.db, created.id, failed.id);
    const stopped = await issuer.client.call('getDistribution', { params: { id: created.id } });
    expect(stopped.pushJob).toMatchObject({ state: 'failed', error: 'This distribution does not exist' });
  }, 180_000);

  it("lets only the token's managers make registers and distributions from their own wallets, and lists only theirs", async () => {
    const [a, b, c] = wallets.holders;
    const asset = await stable.getAddress();
    const deadline = await inAnHour();
    // A stranger may not make a register of the issuer's token, nor a distribution "issued" by the issuer's wallet.
    const notManager =
      'Only the owner or controller of DIVI, or a Security Manager (OP) of its scheme, may make its registers and distributions. Ask one of them to do it.';
    const register = await failureOf(
      outsider.client.call('createSnapshot', { body: { symbol: 'DIVI', blockNumber: recordBlock } }),
    );
    expect([register.statusCode, register.message]).toEqual([403, notManager]);
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'DIVI', blockNumber: recordBlock },
    });
    const allButA = {
      snapshotId: snapshot.id,
      asset,
      amount: '600',
      deadline,
      excluded: [b!.address, c!.address],
    };
    const stranger = await failureOf(
      outsider.client.call('createDistribution', {
        body: { ...allButA, accountAddress: wallets.owner.address },
      }),
    );
    expect([stranger.statusCode, stranger.message]).toEqual([403, notManager]);
    // The issuer's own distribution is issued by a wallet the issuer controls (here a holder's: refused).
    const notYours = await failureOf(
      issuer.client.call('createDistribution', { body: { ...allButA, accountAddress: a!.address } }),
    );
    expect([notYours.statusCode, notYours.message]).toEqual([
      403,
      `The wallet ${a!.address.toLowerCase()} is not one of yours: register its key (My keys) or connect and prove it, then try again.`,
    ]);
    const mine = await issuer.client.call('createDistribution', {
      body: { ...allButA, accountAddress: wallets.owner.address },
    });
    expect([mine.creator, mine.excluded]).toEqual([
      'issuer',
      [b!.address.toLowerCase(), c!.address.toLowerCase()],
    ]);
    // One a stranger made before these rules (written as the old route wrote it) is neither listed nor readable.
    const planted = await insertDistribution(
      t.ctx.db,
      {
        snapshotId: snapshot.id,
        accountId: outsider.accountId,
        chainId: chain.chainId,
        issuer: wallets.owner.address.toLowerCase(),
        asset,
        assetSymbol: 'tUSD',
        assetDecimals: 6,
        distributorAddress: mine.distributorAddress,
        amount: '600',
        amountPerToken: null,
        remainder: '0',
        deadline: Math.floor(Date.parse(deadline) / 1000),
        merkleRoot: mine.merkleRoot,
        holders: 1,
        excluded: [b!.address.toLowerCase(), c!.address.toLowerCase()],
      },
      () => ({ onchainId: id('planted') }),
      [],
    );
    const listed = await issuer.client.call('listDistributions', { params: { symbol: 'DIVI' } });
    expect(listed.map((d) => d.id)).toContain(mine.id);
    expect(listed.map((d) => d.id)).not.toContain(planted.id);
    expect(listed.every((d) => d.creator === 'issuer')).toBe(true);
    const hidden = await failureOf(issuer.client.call('getDistribution', { params: { id: planted.id } }));
    expect([hidden.statusCode, hidden.message]).toEqual([404, 'This distribution does not exist']);
    // The stranger sees none of the issuer's.
    expect(
      (await outsider.client.call('listDistributions', { params: { symbol: 'DIVI' } })).map((d) => d.id),
    ).toEqual([planted.id]);
    for (const route of ['getDistribution', 'distributionFundTx'] as const) {
      const denied = await failureOf(outsider.client.call(route, { params: { id: mine.id } }));
      expect([route, denied.statusCode]).toEqual([route, 404]);
    }
  }, 120_000);

  it("reads the pushed total without scanning the chain's logs, and keeps a bounded number of payment trees", async () => {
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'DIVI', blockNumber: recordBlock },
    });
    const logs = vi.spyOn(t.ctx.chain.provider, 'getLogs');
    try {
      for (let n = 0; n < 20; n += 1) {
        await issuerDistribution(snapshot.id, String(600 + n));
      }
      const listed = await issuer.client.call('listDistributions', { params: { symbol: 'DIVI' } });
      expect(listed.length).toBeGreaterThanOrEqual(20);
      expect(logs).not.toHaveBeenCalled();
    } finally {
      logs.mockRestore();
    }
    // 20 new trees (and the earlier ones): the cache holds its bound, no more.
    expect([cachedTrees(), treeCacheEntries]).toEqual([16, 16]);
  }, 120_000);

  it('shows a distribution funded with less than its amount as underfunded until the escrow holds it all', async () => {
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'DIVI', blockNumber: recordBlock },
    });
    const created = await issuerDistribution(snapshot.id, '600');
    const fund = await issuer.client.call('distributionFundTx', { params: { id: created.id } });
    // The issuer's wallet funds 599 of the 600 (the Distributor accepts any amount).
    const distributor = new Interface(distributorArtifact.abi);
    const [terms] = distributor.decodeFunctionData('fund', fund.fundTx.data);
    const owner = new NonceManager(new Wallet(wallets.owner.key, provider));
    await (await owner.sendTransaction({ to: fund.approveTx.to, data: fund.approveTx.data })).wait();
    await (
      await owner.sendTransaction({
        to: fund.fundTx.to,
        data: distributor.encodeFunctionData('fund', [terms, 599n]),
      })
    ).wait();
    const short = await issuer.client.call('getDistribution', { params: { id: created.id } });
    const escrow = await escrowOf(created.distributorAddress, created.distributionId);
    expect(short).toMatchObject({
      funded: false,
      underfunded: true,
      shortfall: '1',
      escrowAddress: escrow.toLowerCase(),
      remaining: '599',
    });
    const push = await failureOf(
      issuer.client.call('pushDistribution', { params: { id: created.id }, body: {} }),
    );
    expect([push.statusCode, push.message]).toEqual([
      409,
      'This distribution was funded with less than its amount: 1 base units of tUSD are missing. Send them to its escrow, then try again.',
    ]);
    // The missing unit sent to the escrow completes it.
    await (await (stable.connect(owner) as Contract).getFunction('transfer')(escrow, 1n)).wait();
    expect(await issuer.client.call('getDistribution', { params: { id: created.id } })).toMatchObject({
      funded: true,
      underfunded: false,
      shortfall: '0',
      escrowAddress: null,
    });
  }, 120_000);

  it('checks the issuer balance before funding and says what is missing in words (issue 34)', async () => {
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'DIVI', blockNumber: recordBlock },
    });
    const held = (await stable.getFunction('balanceOf')(wallets.owner.address)) as bigint;
    const created = await issuerDistribution(snapshot.id, (held + 1n).toString());
    const refused = await failureOf(issuer.client.call('distributionFundTx', { params: { id: created.id } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.message).toMatch(
      /^The issuer wallet 0x[0-9a-fA-F]{40} holds [\d,]+\.\d+ tUSD, and this distribution needs [\d,]+\.\d+ tUSD\. Send the missing amount/,
    );
    expect(refused.message).not.toMatch(/execution reverted|0xe450d38c/);
  }, 120_000);

  it('cancels a distribution nobody funded, and keeps one the Distributor holds funds for (issue 34)', async () => {
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'DIVI', blockNumber: recordBlock },
    });
    const unfunded = await issuerDistribution(snapshot.id, '600');
    expect(await issuer.client.call('cancelDistribution', { params: { id: unfunded.id } })).toBeNull();
    const gone = await failureOf(issuer.client.call('getDistribution', { params: { id: unfunded.id } }));
    expect(gone.statusCode).toBe(404);

    const funded = await issuerDistribution(snapshot.id, '600');
    const fund = await issuer.client.call('distributionFundTx', { params: { id: funded.id } });
    const owner = new NonceManager(new Wallet(wallets.owner.key, provider));
    await (await owner.sendTransaction({ to: fund.approveTx.to, data: fund.approveTx.data })).wait();
    await (await owner.sendTransaction({ to: fund.fundTx.to, data: fund.fundTx.data })).wait();
    const kept = await failureOf(issuer.client.call('cancelDistribution', { params: { id: funded.id } }));
    expect([kept.statusCode, kept.message]).toEqual([
      409,
      'This distribution holds funds on the chain, so it cannot be cancelled: reclaim what is unpaid after its claim deadline instead.',
    ]);
  }, 120_000);

  it("judges claim deadlines by the chain's clock, which GET /health answers, not the wall clock (issue 34)", async () => {
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'DIVI', blockNumber: recordBlock },
    });
    const created = await issuerDistribution(snapshot.id, '600');
    const latest = async () => (await provider.getBlock('latest'))!.timestamp;
    expect(Date.parse((await issuer.client.call('health')).chainTime)).toBe((await latest()) * 1000);
    // The dev chain's clock moves two hours ahead: past the deadline by the chain, not by the wall clock.
    await provider.send('evm_increaseTime', [7200]);
    await provider.send('evm_mine', []);
    const moved = await issuer.client.call('health');
    expect(Date.parse(moved.chainTime)).toBe((await latest()) * 1000);
    expect(Date.parse(moved.chainTime)).toBeGreaterThan(Date.parse(created.deadline));
    expect((await issuer.client.call('getDistribution', { params: { id: created.id } })).deadlinePassed).toBe(
      true,
    );
    // Funding would be refused by the Distributor (its deadline is past by block time): the server says so first.
    const refused = await failureOf(issuer.client.call('distributionFundTx', { params: { id: created.id } }));
    expect([refused.statusCode, refused.message]).toEqual([400, 'The claim deadline must be in the future']);
  }, 120_000);

  it('refuses a register of a block the indexer has not read, and bad distribution input', async () => {
    const far = (await provider.getBlockNumber()) + 1000;
    expect(
      (await failureOf(issuer.client.call('createSnapshot', { body: { symbol: 'DIVI', blockNumber: far } })))
        .message,
    ).toBe('The record block is in the future');
    const failure = await failureOf(
      issuer.client.call('createDistribution', {
        body: {
          snapshotId: 1,
          accountAddress: wallets.owner.address,
          asset: await stable.getAddress(),
          amount: '10',
          amountPerToken: '1',
          deadline: new Date(Date.now() + 3_600_000).toISOString(),
        },
      }),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.message).toBe('Give either a total amount or an amount per token, not both');
  });
});
