import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiClient, type DevAccount } from '@tranche/api';
import { type DevChain, devAccountKeys, startDevChain, testStableTokenArtifact } from '@tranche/contracts';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { crashHarness, killCrashServers } from '../../jobs/crashTesting.ts';
import { localTusdReserveAddress } from '../distributions/service.ts';
import { devAccountEth, devAccountTusd } from './devAccount.ts';

/**
 * Funding a new development account (issue 34) on the real server in its own process (an on-disk PGlite, a chain
 * that outlives it): stopped at each named crash point of the funding job and started again, the account ends with
 * exactly 10 ETH and 1,000,000 tUSD, and the reserve sent exactly one transaction: nothing sent twice, nothing lost.
 */

let chain: DevChain;
let provider: JsonRpcProvider;
const dataDirs: string[] = [];
const funder = new Wallet(devAccountKeys[0]).address;

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
}, 60_000);

afterAll(async () => {
  killCrashServers();
  provider?.destroy();
  await chain?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

it('funds a development account once whatever point its job is stopped at', async () => {
  const table: { point: string; request: string; eth: string; tusd: string; funderSent: number }[] = [];
  for (const point of crashPoints.devAccount) {
    // One server (and so one account) per point: an account has one development account.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-devaccount-crash-'));
    dataDirs.push(dataDir);
    const harness = crashHarness(dataDir, chain.rpcUrl);
    await harness.start();
    const call = () => {
      const { url, token } = harness.server;
      return createApiClient({ baseUrl: url, getToken: () => token }).call('localDevAccount');
    };
    const sentBefore = await provider.getTransactionCount(funder, 'latest');
    const reserveSentBefore = await provider.getTransactionCount(localTusdReserveAddress, 'latest');
    const request = await harness.crashAt(point, call);
    let account: DevAccount = await call();
    for (let i = 0; i < 100 && account.tusd !== devAccountTusd.toString(); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      account = await call();
    }
    const token = new Contract(
      (await createApiClient({ baseUrl: harness.server.url }).call('config')).testStableToken ?? '',
      testStableTokenArtifact.abi,
      provider,
    );
    const eth = await provider.getBalance(account.address);
    const tusd = (await token.getFunction('balanceOf')(account.address)) as bigint;
    const funderSent = (await provider.getTransactionCount(funder, 'latest')) - sentBefore;
    table.push({ point, request, eth: eth.toString(), tusd: tusd.toString(), funderSent });
    expect(account.registered).toBe(true);
    expect(eth, `${point}: ETH`).toBe(devAccountEth);
    expect(tusd, `${point}: tUSD`).toBe(devAccountTusd);
    // Each run has a database of its own, so its job also deploys local mode's Distributor and test stable token and
    // mints the demo's tUSD and the development accounts' reserve: 4 transactions of the chain's first account, none
    // twice; the account's tUSD is one transfer from the reserve (its ETH is set by the chain, no transaction).
    expect(funderSent, `${point}: first account's transactions`).toBe(4);
    expect(
      (await provider.getTransactionCount(localTusdReserveAddress, 'latest')) - reserveSentBefore,
      `${point}: reserve transactions`,
    ).toBe(1);
    harness.server.child.kill('SIGTERM');
    await harness.server.exited;
  }
  console.table(table);
}, 400_000);
