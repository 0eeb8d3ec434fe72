import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiClient, zeroAddress } from '@tranche/api';
import { devAccountKeys } from '@tranche/contracts';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import { killProducts, loggedIn, type Product, startProduct } from '../src/backup/product.ts';
import { openDatabase } from '../src/db/database.ts';
import { randomAddresses, setupIssuerChain } from '../src/modules/drafts/testing.ts';

const issuer = new Wallet(devAccountKeys[1] as string).address.toLowerCase();
const tokenOwner = new Wallet(devAccountKeys[3] as string).address.toLowerCase();
const work = mkdtempSync(path.join(tmpdir(), 'tranche-shutdown-'));
// Many small batches: a deployment that takes seconds, so it is running when the stop comes.
const env = { DRAFT_ISSUE_BATCH_SIZE: '2' };

afterAll(async () => {
  await killProducts();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** Starts a deployment of a new draft (24 investors in batches of 2); answers the investors and their amounts. */
async function startDeployment(product: Product, demo: ApiClient, symbol: string) {
  const investors = randomAddresses(24);
  const chain = await setupIssuerChain(product.rpcUrl, [issuer]);
  await chain.verify(investors);
  chain.close();
  await demo.call('registerCredentials', {
    body: { publicKey: issuer, privateKey: devAccountKeys[1] as string },
  });
  await demo.call('createDraft', {
    body: {
      bulk: {
        tokens: [
          {
            symbol,
            name: `${symbol} Co`,
            currency: 'EUR' as const,
            codebaseId: 1,
            whitelistAddress: chain.whitelistAddress,
            controllerAddress: zeroAddress,
            investors: investors.map((publicAddress, i) => ({ publicAddress, investmentAmount: i + 1 })),
          },
        ],
      },
    },
  });
  await demo.call('deployDraft', {
    body: { txMode: 2, symbol, accountAddress: issuer, ownerAddress: tokenOwner },
  });
  return investors;
}

async function balancesOf(rpcUrl: string, token: string, holders: string[]): Promise<bigint[]> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  const contract = new Contract(token, ['function balanceOf(address) view returns (uint256)'], provider);
  try {
    return await Promise.all(holders.map((h) => contract.getFunction('balanceOf')(h) as Promise<bigint>));
  } finally {
    provider.destroy();
  }
}

/** The deployment jobs' states, read from the stopped product's database. */
async function deploymentJobs(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const result = await database.db.execute<{ state: string }>(
      "select state from jobs where kind = 'draft.deploy' order by id",
    );
    return (result as unknown as { rows: { state: string }[] }).rows.map((row) => row.state);
  } finally {
    await database.close();
  }
}

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes an in-flight request and a running job within SHUTDOWN_GRACE_S, then stops the chain and database', async () => {
    const dataDir = path.join(work, 'drain');
    const product = await startProduct(dataDir, { ...env, SHUTDOWN_GRACE_S: '60' });
    const demo = await loggedIn(product.url, 'demo@tranche.local', product.demoPassword);
    const investors = await startDeployment(product, demo, 'DRN');
    const draft = await demo.call('getDraft', { params: { symbol: 'DRN' } });
    expect(draft.status).toBe(1);

    // A login whose body is half sent when the stop comes: the request is in flight.
    const body = JSON.stringify({ loginName: 'demo@tranche.local', password: product.demoPassword });
    const { port } = new URL(product.url);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/login',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.flushHeaders();
      request.write(body.slice(0, 10));
      setTimeout(() => {
        product.child.kill('SIGTERM');
        // The rest of the body after the stop began; a new connection is refused by then.
        setTimeout(() => request.end(body.slice(10)), 1000);
      }, 300);
    });
    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text).data.jwt).toMatch(/^ey/);
    await expect(fetch(`${product.url}/api/health`)).rejects.toThrow();

    expect(await product.exited).toBe(0);
    const { stdout, stderr } = product.output();
    expect(stdout).toMatch(/Stopping Tranche: finishing in-flight requests and running jobs \(at most 60 s/);
    expect(stdout).toMatch(/Tranche stopped\.\n$/);
    expect(stderr).not.toMatch(/interrupted/);
    // The deployment finished before the process ended (its job is done in the database it closed).
    expect(await deploymentJobs(dataDir)).toEqual(['done']);

    // The next start finds the token with every investor issued once, on the chain state dumped at the stop.
    const again = await startProduct(dataDir, env);
    const demo2 = await loggedIn(again.url, 'demo@tranche.local', again.demoPassword);
    const deployed = await demo2.call('getDraft', { params: { symbol: 'DRN' } });
    expect(deployed.status).toBe(2);
    expect(await balancesOf(again.rpcUrl, deployed.contractAddress as string, investors)).toEqual(
      investors.map((_, i) => BigInt(i + 1)),
    );
    expect(await again.stop()).toBe(0);
  }, 600_000);

  it('interrupts a job still running after SHUTDOWN_GRACE_S; the next start resumes it, nobody issued twice', async () => {
    const dataDir = path.join(work, 'interrupt');
    const product = await startProduct(dataDir, { ...env, SHUTDOWN_GRACE_S: '1' });
    const demo = await loggedIn(product.url, 'demo@tranche.local', product.demoPassword);
    const investors = await startDeployment(product, demo, 'INT');
    product.child.kill('SIGTERM');
    expect(await product.exited).toBe(0);
    expect(product.output().stderr).toMatch(
      /^Requests or jobs were still running after 1 s: they were interrupted \(an interrupted job resumes at the next start\)\.$/m,
    );
    expect(await deploymentJobs(dataDir)).toEqual(['running']);

    const again = await startProduct(dataDir, env);
    const demo2 = await loggedIn(again.url, 'demo@tranche.local', again.demoPassword);
    let draft = await demo2.call('getDraft', { params: { symbol: 'INT' } });
    for (let i = 0; i < 600 && (draft.status !== 2 || draft.investors.some((x) => x.status !== 2)); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      draft = await demo2.call('getDraft', { params: { symbol: 'INT' } });
    }
    expect(draft.status).toBe(2);
    expect(await balancesOf(again.rpcUrl, draft.contractAddress as string, investors)).toEqual(
      investors.map((_, i) => BigInt(i + 1)),
    );
    expect(await again.stop()).toBe(0);
  }, 600_000);
});
