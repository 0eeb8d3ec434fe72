import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiClient, createApiClient, type Draft, zeroAddress } from '@tranche/api';
import { type DevChain, devAccountKeys, startDevChain } from '@tranche/contracts';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { killCrashServers, startCrashServer } from '../../jobs/crashTesting.ts';
import { type IssuerChain, randomAddresses, setupIssuerChain } from './testing.ts';

const issuer = new Wallet(devAccountKeys[4]).address.toLowerCase();

let chain: DevChain;
let issuerChain: IssuerChain;
let dataDir: string;

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  issuerChain = await setupIssuerChain(chain.rpcUrl, [issuer]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-crash-'));
});
afterAll(async () => {
  killCrashServers();
  issuerChain?.close();
  await chain?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server process on the test's data dir and chain; answers its API client and the process. */
async function startServerProcess(): Promise<{ client: ApiClient; child: ChildProcess }> {
  const server = await startCrashServer(dataDir, chain.rpcUrl, { DRAFT_ISSUE_BATCH_SIZE: '50' });
  return {
    client: createApiClient({ baseUrl: server.url, getToken: () => server.token }),
    child: server.child,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('resumes a deployment after SIGKILL mid-issuance: every investor holds exactly their amount, none twice', async () => {
  const investors = randomAddresses(200);
  await issuerChain.verify(investors);
  const first = await startServerProcess();
  await first.client.call('createDraft', {
    body: {
      bulk: {
        tokens: [
          {
            symbol: 'CRASH',
            name: 'Crash test token',
            exchangeRate: 1,
            currency: 'EUR',
            codebaseId: 1,
            whitelistAddress: issuerChain.whitelistAddress,
            controllerAddress: zeroAddress,
            investors: investors.map((publicAddress, i) => ({ publicAddress, investmentAmount: 1000 + i })),
          },
        ],
      },
    },
  });
  // A block every second from now on: transactions wait in the pool, so the kill lands between send and receipt.
  await issuerChain.provider.send('evm_setAutomine', [false]);
  await issuerChain.provider.send('evm_setIntervalMining', [1]);
  await first.client.call('deployDraft', {
    body: { txMode: 2, symbol: 'CRASH', accountAddress: issuer, ownerAddress: issuer },
  });
  let before: Draft | undefined;
  for (;;) {
    before = await first.client.call('getDraft', { params: { symbol: 'CRASH' } });
    const issued = before.investors.filter((i) => i.status === 2).length;
    if (issued >= 50) break;
    await sleep(100);
  }
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const issuedBefore = before.investors.filter((i) => i.status === 2).length;
  expect(issuedBefore).toBeGreaterThanOrEqual(50);
  expect(issuedBefore).toBeLessThan(200);

  await issuerChain.provider.send('evm_setIntervalMining', [0]);
  await issuerChain.provider.send('evm_setAutomine', [true]);
  const second = await startServerProcess();
  let after: Draft;
  for (;;) {
    after = await second.client.call('getDraft', { params: { symbol: 'CRASH' } });
    if (after.investors.every((i) => i.status === 2 || i.status === 3)) break;
    await sleep(200);
  }
  second.child.kill('SIGTERM');
  expect(after.investors.map((i) => i.status)).toEqual(investors.map(() => 2));
  const contract = after.contractAddress ?? '';
  let sum = 0n;
  for (const [i, address] of investors.entries()) {
    expect(await issuerChain.balanceOf(contract, address)).toBe(BigInt(1000 + i));
    sum += BigInt(1000 + i);
  }
  expect(await issuerChain.totalSupply(contract)).toBe(sum);
}, 180_000);
