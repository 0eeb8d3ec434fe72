import type { CapTable } from '@tranche/api';
import { type DevChain, distributorArtifact } from '@tranche/contracts';
import { sql } from 'drizzle-orm';
import { Contract, encodeBytes32String, type JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { indexerOf } from '../tokens/routes.ts';
import {
  type DevWallets,
  deploySchemeAndWhitelist,
  deployTestStableToken,
  deployTestToken,
  devWallets,
} from '../tokens/testing.ts';

/**
 * A token's reports at a block (GET /reports/{code}/...): issued, then transferred; the cap table at the block
 * before the transfer differs from the head's and matches what the chain answers at that block.
 */
describe.each(databaseKinds)('reports at a block on %s', (kind) => {
  let devChain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let wallets: DevWallets;
  let token: Contract;
  let owner: TestUser;
  let stranger: TestUser;
  /** The block after the issues, before the transfer. */
  let issuedBlock: number;
  const classA = encodeBytes32String('CLASS-A');
  const classB = encodeBytes32String('CLASS-B');

  async function mined(sent: Promise<{ hash: string }>): Promise<number> {
    const receipt = await (await provider.getTransaction((await sent).hash))?.wait();
    expect(receipt?.status).toBe(1);
    await indexerOf(t.app)?.waitForBlock(receipt?.blockNumber ?? 0, 20_000);
    return receipt?.blockNumber ?? 0;
  }

  const issue = (partition: string, to: string, amount: bigint) =>
    mined(
      token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
        partition,
        [to],
        [amount],
        '0x',
      ),
    );

  const holder = (i: number) => {
    const wallet = wallets.holders[i];
    if (!wallet) throw new Error(`holder ${i} expected`);
    return wallet;
  };

  beforeAll(async () => {
    devChain = await startTestChain();
    t = await createTestApp({ kind, chain: devChain });
    provider = testProvider(devChain);
    wallets = devWallets(provider);
    const setup = await deploySchemeAndWhitelist(wallets);
    owner = await createTestUser(t, 'reports-owner');
    stranger = await createTestUser(t, 'reports-stranger');
    token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'REPT',
      name: 'Report token',
      accountId: owner.accountId,
    });
    // A holds 1,000 CLASS-A and B 500 CLASS-A; then A gives C 400 and B gets 200 CLASS-B.
    await issue(classA, holder(0).address, 1000n);
    issuedBlock = await issue(classA, holder(1).address, 500n);
    await mined(
      (token.connect(holder(0).signer) as Contract).getFunction('transferByPartition')(
        classA,
        holder(2).address,
        400n,
        '0x',
      ),
    );
    await issue(classB, holder(1).address, 200n);
    // The whitelist record's legal name of A, as the whitelists module copies it onto the balances.
    await t.ctx.db.execute(
      sql`update token_balances set legal_name = 'Alice Holder' where holder = ${holder(0).address}`,
    );
  }, 240_000);

  afterAll(async () => {
    provider?.destroy();
    await t?.close();
    await devChain?.stop();
  });

  /** The cap table's balances as [address, partition name, balance] (zeros left out). */
  const cells = (table: CapTable) =>
    table.holders.flatMap((row) =>
      row.balances
        .map((balance, i) => [row.holderAddress, table.partitions[i]?.name, balance] as const)
        .filter(([, , balance]) => balance !== '0'),
    );

  it('gives the cap table at an earlier block, which differs from the head and matches the chain then', async () => {
    const head = await owner.client.call('reportCapTable', { params: { code: 'REPT' }, query: {} });
    const earlier = await owner.client.call('reportCapTable', {
      params: { code: 'REPT' },
      query: { block: issuedBlock },
    });
    expect(earlier.blockNumber).toBe(issuedBlock);
    expect(head.blockNumber).toBeGreaterThan(issuedBlock);
    expect(earlier.headBlock).toBe(head.blockNumber);
    expect(cells(earlier)).toEqual([
      [holder(0).address, 'CLASS-A', '1000'],
      [holder(1).address, 'CLASS-A', '500'],
    ]);
    expect(earlier.holders.map((row) => row.share)).toEqual(['66.67', '33.33']);
    expect(earlier.totalSupply).toBe('1500');
    expect(cells(head)).toEqual([
      [holder(1).address, 'CLASS-A', '500'],
      [holder(1).address, 'CLASS-B', '200'],
      [holder(0).address, 'CLASS-A', '600'],
      [holder(2).address, 'CLASS-A', '400'],
    ]);
    expect(head.partitions).toEqual([
      { value: classA, name: 'CLASS-A', supply: '1500', holders: 3 },
      { value: classB, name: 'CLASS-B', supply: '200', holders: 1 },
    ]);
    expect(head.totalSupply).toBe('1700');

    // What the chain holds at each of the two blocks, for every holder and partition.
    for (const table of [earlier, head]) {
      const blockTag = table.blockNumber;
      for (const i of [0, 1, 2]) {
        const address = holder(i).address;
        const row = table.holders.find((r) => r.holderAddress === address);
        for (const [p, partition] of [classA, classB].entries()) {
          const onChain = (await token.getFunction('balanceOfByPartition')(partition, address, {
            blockTag,
          })) as bigint;
          const column = table.partitions.findIndex((x) => x.value === partition);
          const reported = row && column >= 0 ? (row.balances[column] ?? '0') : '0';
          expect([blockTag, address, p, reported]).toEqual([blockTag, address, p, onChain.toString()]);
        }
      }
      const supply = (await token.getFunction('totalSupply')({ blockTag })) as bigint;
      expect(table.totalSupply).toBe(supply.toString());
    }
  });

  it('names investors only for viewers who may read their records', async () => {
    const named = await owner.client.call('reportCapTable', { params: { code: 'REPT' }, query: {} });
    expect(named.namesVisible).toBe(true);
    expect(named.holders.find((r) => r.holderAddress === holder(0).address)?.legalName).toBe('Alice Holder');
    const hidden = await stranger.client.call('reportCapTable', { params: { code: 'REPT' }, query: {} });
    expect(hidden.namesVisible).toBe(false);
    expect(hidden.holders.every((r) => r.legalName === null)).toBe(true);
  });

  it('downloads the cap table as CSV with a header in words, and as a PDF', async () => {
    const base = await baseUrlOf(t);
    const csv = await fetch(`${base}/api/reports/REPT/cap-table/csv?block=${issuedBlock}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="REPT-cap-table-${issuedBlock}.csv"`,
    );
    expect((await csv.text()).trim().split('\r\n')).toEqual([
      'Address,Legal name,Balance in CLASS-A,Total balance,% of supply',
      `${holder(0).address},Alice Holder,1000,1000,66.67`,
      `${holder(1).address},,500,500,33.33`,
    ]);
    const hidden = await fetch(`${base}/api/reports/REPT/cap-table/csv`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect((await hidden.text()).split('\r\n')[0]).toBe(
      'Address,Balance in CLASS-A,Balance in CLASS-B,Total balance,% of supply',
    );
    const pdf = await fetch(`${base}/api/reports/REPT/cap-table/pdf?block=${issuedBlock}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('gives the holder concentration at a block', async () => {
    const report = await owner.client.call('reportConcentration', { params: { code: 'REPT' }, query: {} });
    expect(report.holders).toBe(3);
    expect(report.top.map((h) => [h.holderAddress, h.balance, h.share])).toEqual([
      [holder(1).address, '700', '41.18'],
      [holder(0).address, '600', '35.29'],
      [holder(2).address, '400', '23.53'],
    ]);
    expect(report.restBalance).toBe('0');
    expect(report.cumulative).toEqual([{ count: 1, balance: '700', share: '41.18' }]);
    const earlier = await owner.client.call('reportConcentration', {
      params: { code: 'REPT' },
      query: { block: issuedBlock },
    });
    expect(earlier.top.map((h) => h.balance)).toEqual(['1000', '500']);
  });

  it('gives the distribution history, none recorded yet', async () => {
    const report = await owner.client.call('reportDistributions', { params: { code: 'REPT' }, query: {} });
    expect(report.distributions).toEqual([]);
  });

  it('gives what a distribution had claimed, pushed, held and reclaimed at the block, not as the chain holds it now', async () => {
    await owner.client.call('registerCredentials', {
      body: { publicKey: wallets.owner.address, privateKey: wallets.owner.key },
    });
    const stable = await deployTestStableToken(wallets, 1_000_000n);
    // The register at the block after the issues: A 1,000 and B 500 CLASS-A; 1,501 units pay 1,000 and 500.
    const snapshot = await owner.client.call('createSnapshot', {
      body: { symbol: 'REPT', blockNumber: issuedBlock },
    });
    const deadline = new Date(((await provider.getBlock('latest'))?.timestamp ?? 0) * 1000 + 3_600_000);
    const created = await owner.client.call('createDistribution', {
      body: {
        snapshotId: snapshot.id,
        accountAddress: wallets.owner.address,
        asset: await stable.getAddress(),
        amount: '1501',
        deadline: deadline.toISOString(),
      },
    });
    const fund = await owner.client.call('distributionFundTx', { params: { id: created.id } });
    // The server deployed the Distributor with the owner's account: a wallet that asks for its nonce afresh.
    const issuerWallet = new Wallet(wallets.owner.key, provider);
    await mined(issuerWallet.sendTransaction(fund.approveTx));
    const fundedBlock = await mined(issuerWallet.sendTransaction(fund.fundTx));
    // B claims with its own wallet after the funding block; then the issuer pushes A's payment and reclaims.
    const [claim] = await stranger.client.call('listClaims', { params: { address: holder(1).address } });
    const claimedBlock = await mined(
      holder(1).signer.sendTransaction({ to: claim?.claimTx.to, data: claim?.claimTx.data }),
    );
    await owner.client.call('pushDistribution', { params: { id: created.id }, body: {} });
    await jobRunnerOf(t.app, t.ctx).idle();
    const pushedBlock = await provider.getBlockNumber();
    await provider.send('evm_increaseTime', [3601]);
    await provider.send('evm_mine', []);
    const reclaimed = await owner.client.call('reclaimDistribution', {
      params: { id: created.id },
      body: { txMode: 2 },
    });
    await mined(Promise.resolve({ hash: reclaimed.transactionHash ?? '' }));

    const figuresAt = async (block: number | undefined) => {
      const report = await owner.client.call('reportDistributions', {
        params: { code: 'REPT' },
        query: block === undefined ? {} : { block },
      });
      return report.distributions.map((d) => [d.id, d.amount, d.claimed, d.pushed, d.remaining, d.reclaimed]);
    };
    expect(await figuresAt(issuedBlock - 1)).toEqual([]);
    expect(await figuresAt(fundedBlock)).toEqual([[created.id, '1501', '0', '0', '1501', false]]);
    expect(await figuresAt(claimedBlock)).toEqual([[created.id, '1501', '500', '0', '1001', false]]);
    expect(await figuresAt(pushedBlock)).toEqual([[created.id, '1501', '500', '1000', '1', false]]);
    expect(await figuresAt(undefined)).toEqual([[created.id, '1501', '500', '1000', '0', true]]);
    // At the head, the figures of the distribution's own page (read from the chain's state now).
    expect(await owner.client.call('getDistribution', { params: { id: created.id } })).toMatchObject({
      claimed: '500',
      pushed: '1000',
      remaining: '0',
      reclaimed: true,
    });
    // What the escrow held at the claim's block, as the chain answers for that block.
    const escrow = (await new Contract(
      created.distributorAddress,
      distributorArtifact.abi,
      provider,
    ).getFunction('escrowOf')(created.distributionId)) as string;
    const held = (await stable.getFunction('balanceOf')(escrow, { blockTag: claimedBlock })) as bigint;
    expect(held).toBe(1001n);
  });

  it('refuses a block that is not a number or is after the chain head, in words', async () => {
    const invalid = await failureOf(
      owner.client.call('reportCapTable', { params: { code: 'REPT' }, query: { block: -1 } }),
    );
    expect(invalid.message).toBe('The block number must be a whole number of 0 or more');
    const future = await failureOf(
      owner.client.call('reportCapTable', { params: { code: 'REPT' }, query: { block: 10_000_000 } }),
    );
    expect([future.statusCode, future.message]).toEqual([
      400,
      'The block is after the latest block of the chain',
    ]);
    const unknown = await failureOf(
      owner.client.call('reportConcentration', { params: { code: 'NOPE' }, query: {} }),
    );
    expect(unknown.statusCode).toBe(404);
  });
});
