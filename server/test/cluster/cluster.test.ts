/**
 * Several instances on one PostgreSQL and one chain (issue 20): three `main.ts` processes share the database's
 * nonce allocator; 300 concurrent server-signed issues from one key spread over them, one instance killed with
 * SIGKILL in the middle. Every accepted operation is mined exactly once and no answer is a 5xx.
 */
import { randomBytes } from 'node:crypto';
import { type DevChain, startDevChain } from '@tranche/contracts';
import { type Contract, JsonRpcProvider, Network } from 'ethers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevWallets, devWallets } from '../../src/modules/tokens/testing.ts';
import { createClusterDatabase, type Instance, setupIssuer, startInstance, stopInstance } from './cluster.ts';

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
  // A real chain's base fee (30 gwei): the spec's legacy 1 gwei could never be mined here.
  chain = await startDevChain({ port: 0, baseFeePerGas: 30_000_000_000n });
  database = await createClusterDatabase();
  provider = new JsonRpcProvider(chain.rpcUrl, Network.from(chain.chainId), {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  wallets = devWallets(provider);
  ({ token, jwt } = await setupIssuer(database.url, wallets, { jwtSecret, masterKey }));
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

async function issue(
  instance: Instance,
  amount: bigint,
  holder?: string,
  operation = 'issue',
): Promise<Outcome> {
  try {
    const response = await fetch(`${instance.url}/api/token/${operation}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        symbol: 'CLU',
        accountAddress: wallets.owner.address,
        txMode: 2,
        ...(operation === 'issue'
          ? { holderAddress: holder ?? wallets.holders[amount % 4n === 0n ? 0 : 1]?.address }
          : {}),
        amount: amount.toString(),
        partition: 'CLASS-A',
        additionalData: `cluster ${operation} ${amount}`,
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

type Ready = {
  data: { blockNumber: number; indexer: { leader: boolean; indexedBlock: number | null; lag: number } };
};

async function ready(instance: Instance): Promise<Ready['data'] | undefined> {
  try {
    return ((await (await fetch(`${instance.url}/api/ready`)).json()) as Ready).data;
  } catch {
    return undefined;
  }
}

const alive = () => instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);

/** Waits until an instance leads and has indexed the chain's head; answers it. */
async function indexedHead(timeoutMs = 60_000): Promise<Instance> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await provider.getBlockNumber();
    for (const instance of alive()) {
      const state = await ready(instance);
      if (state?.indexer.leader && (state.indexer.indexedBlock ?? -1) >= head) return instance;
    }
    if (Date.now() > deadline) throw new Error('the indexer did not reach the head');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Balances and holder counts in the database equal the chain's (every dev holder and the owner) at the block the
 * index has reached: read in one snapshot with the token's cursor, as the chain may move on meanwhile (an instance
 * broadcasting an orphaned transaction again after a reorg, for one).
 */
async function expectIndexEqualsChain(): Promise<void> {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    await db.query('begin isolation level repeatable read read only');
    const address = (await token.getAddress()).toLowerCase();
    const cursor = await db.query<{ last_block: number }>(
      "select last_block::int as last_block from indexer_cursors where contract_address = $1 and kind = 'token'",
      [address],
    );
    const blockTag = cursor.rows[0]?.last_block;
    expect(blockTag, 'the token is indexed').toBeDefined();
    const rows = await db.query<{ holder: string; balance: string }>(
      'select holder, sum(balance)::text as balance from token_balances where contract_address = $1 group by holder',
      [address],
    );
    const stored = new Map(rows.rows.map((row) => [row.holder, BigInt(row.balance)]));
    let holders = 0;
    for (const holder of [wallets.owner, ...wallets.holders].map((w) => w.address)) {
      const onChain = (await token.getFunction('balanceOf')(holder, { blockTag })) as bigint;
      expect(stored.get(holder) ?? 0n, holder).toBe(onChain);
      if (onChain > 0n) holders += 1;
    }
    const counted = await db.query<{ holders: number }>(
      'select coalesce(sum(holders), 0)::int as holders from partition_holder_counts where contract_address = $1',
      [address],
    );
    expect(counted.rows[0]?.holders).toBe(holders);
    const history = await db.query<{ holder: string; balance: string }>(
      `select distinct on (holder) holder, balance::text from balance_changes where contract_address = $1
       order by holder, block_number desc, log_index desc`,
      [address],
    );
    for (const row of history.rows)
      expect(BigInt(row.balance), `history of ${row.holder}`).toBe(stored.get(row.holder));
  } finally {
    await db.end();
  }
}

describe('three instances on one PostgreSQL', () => {
  it('signs EIP-1559 transactions a chain with a base fee above 1 gwei mines: issue and redeem through the server', async () => {
    const [first] = instances as [Instance];
    for (const operation of ['issue', 'redeem']) {
      const outcome = await issue(first, 100_000n, wallets.owner.address, operation);
      expect(outcome.status, outcome.message).toBe(200);
      const receipt = await receiptOf(outcome.hash as string);
      const tx = await provider.getTransaction(outcome.hash as string);
      const block = await provider.getBlock(receipt?.blockNumber ?? 0);
      expect([receipt?.status, tx?.type]).toEqual([1, 2]);
      // The spec's legacy 1 gwei could not have been mined in this block.
      expect(block?.baseFeePerGas).toBeGreaterThan(1_000_000_000n);
      expect(receipt?.gasPrice).toBeGreaterThanOrEqual(block?.baseFeePerGas ?? 0n);
    }
  });

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

  it('hands indexing to another instance within 10 s of the leader being killed; the index equals the chain', async () => {
    const leader = await indexedHead();
    const started = Date.now();
    leader.child.kill('SIGKILL');
    await leader.exited;
    let takeover = -1;
    while (takeover < 0 && Date.now() - started < 30_000) {
      for (const instance of alive()) {
        if ((await ready(instance))?.indexer.leader) takeover = Date.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`indexer leadership taken over in ${takeover} ms`);
    expect(takeover).toBeGreaterThanOrEqual(0);
    expect(takeover).toBeLessThan(10_000);
    const survivor = alive()[0] as Instance;
    const outcome = await issue(survivor, 4242n, wallets.holders[2]?.address);
    expect(outcome.status, outcome.message).toBe(200);
    await receiptOf(outcome.hash as string);
    await indexedHead();
    await expectIndexEqualsChain();
  }, 120_000);

  it('rolls back what a reorg orphaned and reads the new blocks: the index equals the chain', async () => {
    const survivor = alive()[0] as Instance;
    const snapshot = (await provider.send('evm_snapshot', [])) as string;
    const orphan = await issue(survivor, 777n, wallets.holders[3]?.address);
    expect(orphan.status, orphan.message).toBe(200);
    await receiptOf(orphan.hash as string);
    await indexedHead();
    // The orphaned issue is indexed; then the chain reorganises without it (and with new blocks).
    await provider.send('evm_revert', [snapshot]);
    await provider.send('anvil_mine', ['0x3']);
    await indexedHead();
    await expectIndexEqualsChain();
    // Nothing is left from the orphaned block. The instances may have broadcast the recorded transaction again (the
    // durable sender's sweep: a recorded transaction the node no longer knows goes out again); then it is indexed
    // once, from the block that holds it now.
    const again = await provider.getTransactionReceipt(orphan.hash as string);
    if (again) await indexedHead();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const events = await db.query<{ block_number: string }>(
      'select block_number from token_events where transaction_hash = $1',
      [orphan.hash],
    );
    await db.end();
    if (again) expect(events.rows.map((row) => Number(row.block_number))).toEqual([again.blockNumber]);
    else expect(events.rowCount).toBe(0);
  }, 120_000);
});
