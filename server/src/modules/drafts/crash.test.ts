import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiClient, createApiClient, type Draft, zeroAddress } from '@tranche/api';
import { type DevChain, devAccountKeys, startDevChain } from '@tranche/contracts';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IssuerChain, randomAddresses, setupIssuerChain } from './testing.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '../../..');
const issuer = new Wallet(devAccountKeys[4]).address.toLowerCase();

let chain: DevChain;
let issuerChain: IssuerChain;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  issuerChain = await setupIssuerChain(chain.rpcUrl, [issuer]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-crash-'));
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  issuerChain?.close();
  await chain?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server process on the test's data dir and chain; answers its API client and the process. */
async function startServerProcess(): Promise<{ client: ApiClient; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'crashServer.ts'), dataDir, chain.rpcUrl],
    {
      cwd: serverRoot,
      env: { ...process.env, DRAFT_ISSUE_BATCH_SIZE: '50' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // The harness's JSON line (other output may come first).
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve(line);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
  const { url, token } = JSON.parse(line) as { url: string; token: string };
  return { client: createApiClient({ baseUrl: url, getToken: () => token }), child };
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
