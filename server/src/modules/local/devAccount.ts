import type { DevAccount, SharedDevAccount } from '@tranche/api';
import { devAccountKeys, gasMargin, testStableTokenArtifact } from '@tranche/contracts';
import { eq, inArray } from 'drizzle-orm';
import { Interface, toQuantity, Wallet } from 'ethers';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { sendDurably } from '../../jobs/durableTransaction.ts';
import type { JobHandler, JobRunner } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { credentials } from '../credentials/schema.ts';
import { hasCredential, registerCredential } from '../credentials/service.ts';
import {
  localTusdReserve,
  localTusdReserveAddress,
  localTusdReserveKey,
  seedLocalDistributions,
  testStableTokenAddress,
} from '../distributions/service.ts';
import { localDevAccounts } from './schema.ts';

/** The durable job that funds a new development account (payload { accountId, address }). */
export const devAccountJobKind = 'localDevAccountFunding';
/** What a new development account gets: 10 ETH for gas and 1,000,000 tUSD (6 decimals) to pay distributions with. */
export const devAccountEth = 10n * 10n ** 18n;
export const devAccountTusd = 1_000_000n * 10n ** 6n;
/** The embedded chain's first account: funded with ETH at genesis, and the test stable token's deployer and minter. */
const funderKey: string = devAccountKeys[0];
/** How long GET /local/dev-account waits for a new account's funding before answering the balances as they are. */
const fundingWaitMs = 30_000;

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey' | 'caches'>;
type Row = typeof localDevAccounts.$inferSelect;

const stableInterface = new Interface(testStableTokenArtifact.abi);

class AlreadyMade extends Error {}

async function findRow(ctx: Ctx, accountId: number): Promise<Row | undefined> {
  const [row] = await ctx.db
    .select()
    .from(localDevAccounts)
    .where(eq(localDevAccounts.accountId, accountId))
    .limit(1);
  return row;
}

/**
 * The account's development account, made on first call: a fresh random key (never one of the ten public ones),
 * registered as the account's credential (sealed under the master key), its row and its funding job written in one
 * database transaction. A second call, or two at once, finds the one row: one key and one funding per account.
 */
async function ensureRow(ctx: Ctx, runner: JobRunner, accountId: number): Promise<Row> {
  const existing = await findRow(ctx, accountId);
  if (existing) return existing;
  const wallet = Wallet.createRandom();
  const address = wallet.address.toLowerCase();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(localDevAccounts)
        .values({ accountId, address })
        .onConflictDoNothing()
        .returning();
      if (!made) throw new AlreadyMade();
      await registerCredential(tx, ctx.masterKey, accountId, {
        publicKey: address,
        privateKey: wallet.privateKey,
      });
      const job = await runner.enqueue(devAccountJobKind, { accountId, address }, tx);
      await tx
        .update(localDevAccounts)
        .set({ fundingJobId: job.id })
        .where(eq(localDevAccounts.accountId, accountId));
      return { ...made, fundingJobId: job.id };
    });
    runner.wake();
    return row;
  } catch (error) {
    const row = error instanceof AlreadyMade ? await findRow(ctx, accountId) : undefined;
    if (row) return row;
    throw error;
  }
}

/** Waits (at most `ms`) for the funding job; a job that gave up is queued again (its steps skip what is funded). */
async function awaitFunding(ctx: Ctx, runner: JobRunner, row: Row, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let jobId = row.fundingJobId;
  for (;;) {
    const [job] =
      jobId === null
        ? []
        : await ctx.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
    if (job?.state === 'done') return;
    if (!job || job.state === 'failed') {
      const queued = await runner.enqueue(devAccountJobKind, {
        accountId: row.accountId,
        address: row.address,
      });
      jobId = queued.id;
      await ctx.db
        .update(localDevAccounts)
        .set({ fundingJobId: jobId })
        .where(eq(localDevAccounts.accountId, row.accountId));
    }
    if (Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Funds a development account: its ETH set by the embedded chain (anvil_setBalance: no transaction), then tUSD sent
 * from local mode's reserve (distributions/local.ts), a key of its own. Nothing is sent from the chain's first
 * account, so funding never takes a nonce that the demo, a developer's browser or a test is about to use. The tUSD
 * step is one durable transaction of the job ('tusd': recorded before it is broadcast, never sent twice), skipped
 * when the balance already holds the amount (a job queued again after one that gave up). A chain seeded before the
 * reserve existed gets it minted once ('reserve').
 */
export function createDevAccountFundingHandler(ctx: AppContext): JobHandler {
  return async (job, { signal, setStep }) => {
    const { address } = job.payload as { address: string };
    const provider = ctx.chain.provider;
    const send = (stepKey: string, privateKey: string, transaction: { to: string; data: string }) =>
      sendDurably({
        db: ctx.db,
        provider,
        jobId: job.id,
        stepKey,
        privateKey,
        transaction,
        signal,
        gasMargin,
        crashFlow: 'devAccount',
      });
    const atLeast = async (holder: string, wei: bigint) => {
      if ((await provider.getBalance(holder)) < wei)
        await provider.send('anvil_setBalance', [holder, toQuantity(wei)]);
    };
    await setStep('eth');
    await atLeast(address, devAccountEth);
    await setStep('tusd');
    const token = await seedLocalDistributions(ctx, new Wallet(funderKey).address.toLowerCase());
    if ((await tusdBalance(ctx, token, address)) < devAccountTusd) {
      await atLeast(localTusdReserveAddress, 10n ** 18n);
      if ((await tusdBalance(ctx, token, localTusdReserveAddress)) < devAccountTusd)
        await send('reserve', funderKey, {
          to: token,
          data: stableInterface.encodeFunctionData('mint', [localTusdReserveAddress, localTusdReserve]),
        });
      await send('tusd', localTusdReserveKey, {
        to: token,
        data: stableInterface.encodeFunctionData('transfer', [address, devAccountTusd]),
      });
    }
    await setStep('done');
  };
}

async function tusdBalance(ctx: Ctx, token: string | null, address: string): Promise<bigint> {
  if (!token || !(await ctx.chain.hasCode(token))) return 0n;
  const data = stableInterface.encodeFunctionData('balanceOf', [address]);
  const answer = await ctx.chain.provider.call({ to: token, data });
  return stableInterface.decodeFunctionResult('balanceOf', answer)[0] as bigint;
}

/**
 * GET /local/dev-account: the caller's development account, made and funded on the first call (waiting for the
 * funding), then read. The embedded chain is told to accept transactions from it (anvil_impersonateAccount, asked
 * on every call: a restarted chain forgets it), so the console's local wallet sends through the node as it does for
 * the ten public accounts, while the server signs its own operations with the registered key.
 */
export async function devAccountOf(ctx: Ctx, runner: JobRunner, accountId: number): Promise<DevAccount> {
  const row = await ensureRow(ctx, runner, accountId);
  await awaitFunding(ctx, runner, row, fundingWaitMs);
  await ctx.chain.provider.send('anvil_impersonateAccount', [row.address]);
  const token = await testStableTokenAddress(ctx);
  const [eth, tusd, registered] = await Promise.all([
    ctx.chain.provider.getBalance(row.address),
    tusdBalance(ctx, token, row.address),
    hasCredential(ctx.db, accountId, row.address),
  ]);
  return { address: row.address, registered, eth: eth.toString(), tusd: tusd.toString() };
}

/** The published key of one of the embedded chain's public accounts, or undefined for any other address. */
export function sharedDevAccountKey(address: string): string | undefined {
  return devAccountKeys.find((key) => new Wallet(key).address.toLowerCase() === address.toLowerCase());
}

/** GET /local/shared-accounts: the embedded chain's ten public accounts, each with the login that registered it. */
export async function sharedDevAccounts(ctx: Pick<AppContext, 'db'>): Promise<SharedDevAccount[]> {
  const addresses = devAccountKeys.map((key) => new Wallet(key).address.toLowerCase());
  const users = await ctx.db
    .select({ address: credentials.address, loginName: accounts.loginName })
    .from(credentials)
    .innerJoin(accounts, eq(accounts.id, credentials.accountId))
    .where(inArray(credentials.address, addresses));
  const byAddress = new Map(users.map((user) => [user.address, user.loginName]));
  return addresses.map((address, index) => ({ index, address, usedBy: byAddress.get(address) ?? null }));
}
