/**
 * Several instances on one PostgreSQL and one chain (issue 20): three `main.ts` processes share the database's
 * nonce allocator; 300 concurrent server-signed issues from one key spread over them, one instance killed with
 * SIGKILL in the middle. Every accepted operation is mined exactly once and no answer is a 5xx.
 */
import { randomBytes } from 'node:crypto';
import { devAccountKeys, type DevChain, startDevChain } from '@tranche/contracts';
import { type Contract, JsonRpcProvider, Network } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { createSessionService } from '../../src/http/sessions.ts';
import { insertAccount } from '../../src/modules/accounts/repository.ts';
import { registerCredential } from '../../src/modules/credentials/service.ts';
import {
  deploySchemeAndWhitelist,
  deployTestToken,
  type DevWallets,
  devWallets,
} from '../../src/modules/tokens/testing.ts';
import { createClusterDatabase, type Instance, startInstance, stopInstance } from './cluster.ts';

const jwtSecret = randomBytes(24).toString('hex');
const masterKey = randomBytes(32).toString('hex');
let chain: DevChain;
let database: Awaited<ReturnType<typeof createClusterDatabase>>;
let provider: JsonRpcProvider;
let wallets: DevWallets;
let token: Contract;
let jwt: string;
const instances: Instance[] = [];

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  database = await createClusterDatabase();
  const handle = await openDatabase({ url: database.url });
  provider = new JsonRpcProvider(chain.rpcUrl, Network.from(chain.chainId), {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  wallets = devWallets(provider);
  const setup = await deploySchemeAndWhitelist(wallets);
  const row = await insertAccount(handle.db, {
    loginName: 'issuer@cluster.test',
    emailAddress: 'issuer@cluster.test',
    profileName: 'Issuer',
    passwordHash: 'unused',
    confirmationCodeHash: null,
    confirmedOn: new Date(),
  });
  if (!row) throw new Error('account not created');
  await registerCredential(handle.db, Buffer.from(masterKey, 'hex'), row.id, {
    publicKey: wallets.owner.address,
    privateKey: devAccountKeys[0] as string,
  });
  token = await deployTestToken(handle.db, wallets, setup, { symbol: 'CLU', name: 'Cluster token' });
  jwt = await createSessionService(new TextEncoder().encode(jwtSecret), '12h').issue({
    accountId: row.id,
    sessionVersion: row.sessionVersion,
  });
  await handle.close();
  const env = { databaseUrl: database.url, rpcUrl: chain.rpcUrl, jwtSecret, masterKey };
  instances.push(...(await Promise.all(['a', 'b', 'c'].map((name) => startInstance(name, env)))));
}, 300_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGKILL')));
  provider?.destroy();
  await chain?.stop();
  await database?.drop();
});

type Outcome = { amount: bigint; status: number | 'no answer'; hash?: string; message?: string };

async function issue(instance: Instance, amount: bigint): Promise<Outcome> {
  try {
    const response = await fetch(`${instance.url}/api/token/issue`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        symbol: 'CLU',
        accountAddress: wallets.owner.address,
        txMode: 2,
        holderAddress: wallets.holders[amount % 4n === 0n ? 0 : 1]?.address,
        amount: amount.toString(),
        partition: 'CLASS-A',
        additionalData: `cluster issue ${amount}`,
      }),
    });
    const body = (await response.json()) as {
      data?: { transactionHash?: string };
      error?: { message?: string };
    };
    return {
      amount,
      status: response.status,
      hash: body.data?.transactionHash,
      message: body.error?.message,
    };
  } catch {
    // The connection died with the instance: not an answer (the caller does not know the outcome).
    return { amount, status: 'no answer' };
  }
}

async function receiptOf(hash: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt || Date.now() > deadline) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('three instances on one PostgreSQL', () => {
  it('mines every accepted one of 300 concurrent issues from one key exactly once, one instance killed midway', async () => {
    const started = Date.now();
    const victim = instances[1] as Instance;
    let answered = 0;
    const outcomes: Promise<Outcome>[] = [];
    for (let i = 1; i <= 300; i++) {
      outcomes.push(
        issue(instances[i % 3] as Instance, BigInt(i)).then((outcome) => {
          // SIGKILL one instance once a third of the answers are in: it holds requests in every stage.
          answered += 1;
          if (answered === 100) victim.child.kill('SIGKILL');
          return outcome;
        }),
      );
    }
    const results = await Promise.all(outcomes);
    const elapsed = Date.now() - started;
    const accepted = results.filter((r) => r.status === 200);
    const serverErrors = results.filter((r) => typeof r.status === 'number' && r.status >= 500);
    const noAnswer = results.filter((r) => r.status === 'no answer');
    const other = results.filter((r) => typeof r.status === 'number' && r.status !== 200 && r.status < 500);
    console.log(
      `300 issues over 3 instances: ${accepted.length} accepted, ${noAnswer.length} without answer (killed instance), ${other.length} 4xx, ${serverErrors.length} 5xx in ${elapsed} ms`,
    );
    expect(serverErrors).toEqual([]);
    expect(other.slice(0, 3)).toEqual([]);
    expect(accepted.length).toBeGreaterThan(200);
    for (const one of accepted) {
      const receipt = await receiptOf(one.hash as string);
      expect(receipt?.status, `issue of ${one.amount}`).toBe(1);
    }
    // Exactly once: each amount issued at most once on the chain, every accepted one among them.
    const events = await token.queryFilter('IssuedByPartition', 0, 'latest');
    const issued = events
      .map((event) => ('args' in event ? (event.args?.[3] as bigint | undefined) : undefined))
      .filter((amount): amount is bigint => typeof amount === 'bigint');
    const counts = new Map<bigint, number>();
    for (const amount of issued) counts.set(amount, (counts.get(amount) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    for (const one of accepted) expect(counts.get(one.amount), `issue of ${one.amount}`).toBe(1);
  }, 240_000);
});
