import type { DevChain } from '@tranche/contracts';
import { type Contract, encodeBytes32String, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { indexerOf } from '../tokens/routes.ts';
import { type DevWallets, deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';
import { findWhitelist, insertWhitelist, saveAddresses } from '../whitelists/repository.ts';

describe.each(databaseKinds)('record-date registers on %s', (kind) => {
  let chain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let wallets: DevWallets;
  let issuer: TestUser;
  let token: Contract;
  const partition = encodeBytes32String('CLASS-A');
  let recordBlock = 0;
  /** Each holder with its own legal name (the third one a spreadsheet formula, for the CSV export). */
  let named: { address: string; balance: bigint; legalName: string }[] = [];

  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ kind, chain });
    provider = testProvider(chain);
    wallets = devWallets(provider);
    issuer = await createTestUser(t, 'issuer');
    const setup = await deploySchemeAndWhitelist(wallets);
    await insertWhitelist(t.ctx.db, {
      chainId: chain.chainId,
      address: setup.whitelistAddress,
      name: 'Test whitelist',
      schemeAddress: setup.schemeAddress,
      codebaseId: 1,
      ownerAddress: wallets.owner.address,
      accountId: issuer.accountId,
    });
    token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: 'NAMES',
      name: 'Named holders',
      accountId: issuer.accountId,
    });
    const [a, b, c] = wallets.holders;
    named = [
      { address: a!.address, balance: 100n, legalName: 'Alice Anders' },
      { address: b!.address, balance: 200n, legalName: 'Bob Brown, Ltd' },
      { address: c!.address, balance: 300n, legalName: '=HYPERLINK("http://evil.example","Carol")' },
    ].sort((x, y) => (x.address < y.address ? -1 : 1));
    const whitelist = await findWhitelist(t.ctx.db, chain.chainId, setup.whitelistAddress);
    await saveAddresses(
      t.ctx.db,
      whitelist!.id,
      issuer.accountId,
      `0x${'ab'.repeat(32)}`,
      named.map((h) => ({
        publicAddress: h.address,
        legalName: h.legalName,
        contactDetails: {},
        salt: 's',
        hash: 'h',
      })),
    );
    const sent = await token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
      partition,
      named.map((h) => h.address),
      named.map((h) => h.balance),
      '0x',
    );
    const receipt = await t.ctx.chain.waitForReceipt(sent.hash, { timeoutMs: 30_000 });
    expect(receipt?.status).toBe(1);
    recordBlock = receipt?.blockNumber ?? 0;
    await indexerOf(t.app)?.waitForBlock(recordBlock, 20_000);
  }, 180_000);

  afterAll(async () => {
    provider?.destroy();
    await t?.close();
    await chain?.stop();
  });

  async function csvOf(id: number): Promise<string[]> {
    const answer = await fetch(`${await baseUrlOf(t)}/api/snapshots/${id}/csv`, {
      headers: { authorization: `Bearer ${issuer.token}` },
    });
    expect(answer.status).toBe(200);
    return (await answer.text()).trim().split('\n');
  }

  it("names every row of the register with its own holder's legal name (JSON and CSV)", async () => {
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'NAMES', blockNumber: recordBlock },
    });
    const detail = await issuer.client.call('getSnapshot', { params: { id: snapshot.id }, query: {} });
    expect(detail.namesVisible).toBe(true);
    expect(detail.rowsPage.pagedResults.map((r) => [r.holderAddress, r.balance, r.legalName])).toEqual(
      named.map((h) => [h.address, String(h.balance), h.legalName]),
    );
    const lines = await csvOf(snapshot.id);
    expect(lines[0]).toBe('address,partition,partitionName,balance,legalName');
    expect(lines).toHaveLength(4);
    // Each line carries its own holder's name and no other's (Alice, Bob, Carol).
    const marks = named.map((h) => h.legalName.match(/Alice|Bob|Carol/)?.[0] ?? '');
    for (const [i, holder] of named.entries()) {
      expect(lines[i + 1]?.startsWith(`${holder.address},`)).toBe(true);
      expect(marks.filter((mark) => lines[i + 1]?.includes(mark))).toEqual([marks[i]]);
    }
  });

  it('exports a legal name that starts a formula as text in the CSV', async () => {
    const snapshot = await issuer.client.call('createSnapshot', {
      body: { symbol: 'NAMES', blockNumber: recordBlock },
    });
    const lines = await csvOf(snapshot.id);
    const formula = named.find((h) => h.legalName.startsWith('='));
    const line = lines.find((l) => l.startsWith(formula!.address));
    expect(line).toBe(
      `${formula!.address},${partition},CLASS-A,${formula!.balance},"'=HYPERLINK(""http://evil.example"",""Carol"")"`,
    );
  });
});
