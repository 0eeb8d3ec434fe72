import {
  type CreateDistributionResponse,
  type Distribution,
  distributionMessages as m,
  type OpenClaim,
} from '@tranche/api';
import {
  allocate,
  type DistributionTerms,
  devAccountKeys,
  distributionId,
  distributorArtifact,
  gasMargin,
  type MerkleTree,
  paymentTree,
  pushBatch,
  safeBatchSize,
  termsTuple,
  testStableTokenArtifact,
  txGasCap,
} from '@tranche/contracts';
import { Contract, ContractFactory, Interface } from 'ethers';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { RevertError, sendDurably } from '../../jobs/durableTransaction.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/runner.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { sendSigned } from '../rbac/chainCalls.ts';
import { requireSnapshot } from '../snapshots/service.ts';
import {
  contractAddressOf,
  type DistributionRecord,
  findDistribution,
  holderBalances,
  insertDistribution,
  jobOf,
  type PaymentRecord,
  paymentsOf,
  paymentsOfHolder,
  saveContractAddress,
} from './repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'caches' | 'masterKey'>;

const distributorInterface = new Interface(distributorArtifact.abi);
const erc20Interface = new Interface(testStableTokenArtifact.abi);

/** Local mode: the embedded chain's first development account deploys the Distributor and the test stable token. */
const localDeployerKey: string = devAccountKeys[0];
/** What `npm start` mints to the demo account: 1,000,000,000 test dollars (6 decimals). */
export const demoStableMint = 1_000_000_000n * 10n ** 6n;

async function deployLocal(ctx: Ctx, kind: 'distributor' | 'testStableToken'): Promise<string> {
  const artifact = kind === 'distributor' ? distributorArtifact : testStableTokenArtifact;
  const args = kind === 'distributor' ? [] : ['Test USD', 'tUSD'];
  const { data } = await new ContractFactory(artifact.abi, artifact.bytecode).getDeployTransaction(...args);
  const receipt = await sendSigned(ctx, localDeployerKey, { data });
  if (!receipt.contractAddress) throw new Error(`${artifact.contractName} was not deployed`);
  const address = receipt.contractAddress.toLowerCase();
  await saveContractAddress(ctx.db, ctx.chain.chainId, kind, address);
  return (await contractAddressOf(ctx.db, ctx.chain.chainId, kind)) ?? address;
}

/** The Distributor of this chain; in local mode deployed on first use. */
export async function distributorAddress(ctx: Ctx): Promise<string> {
  const known = await contractAddressOf(ctx.db, ctx.chain.chainId, 'distributor');
  if (known && (await ctx.chain.hasCode(known))) return known;
  if (!ctx.chain.local) throw new HttpError(409, m.noDistributor);
  return deployLocal(ctx, 'distributor');
}

/** Local mode at start: the Distributor, and the test stable token minted to `holder` (the demo account). */
export async function seedLocalDistributions(ctx: Ctx, holder: string): Promise<string> {
  await distributorAddress(ctx);
  const known = await contractAddressOf(ctx.db, ctx.chain.chainId, 'testStableToken');
  if (known && (await ctx.chain.hasCode(known))) return known;
  const token = await deployLocal(ctx, 'testStableToken');
  await sendSigned(ctx, localDeployerKey, {
    to: token,
    data: erc20Interface.encodeFunctionData('mint', [holder, demoStableMint]),
  });
  return token;
}

export async function testStableTokenAddress(ctx: Ctx): Promise<string | null> {
  if (!ctx.chain.local) return null;
  return (await contractAddressOf(ctx.db, ctx.chain.chainId, 'testStableToken')) ?? null;
}

function termsOf(row: DistributionRecord): DistributionTerms {
  return {
    issuer: row.issuer,
    asset: row.asset,
    deadline: BigInt(row.deadline),
    nonce: BigInt(row.id),
    root: row.merkleRoot,
  };
}

/** A chain refusal in people's words (the Distributor's reasons), else the chain's own text. */
export function chainRefusal(error: unknown): string {
  const reason = error instanceof RevertError ? error.reason : ((error as { reason?: string })?.reason ?? '');
  return m.chainReasons[reason] ?? (reason || (error as Error)?.message || String(error));
}

const trees = new Map<number, MerkleTree>();
function treeOf(row: DistributionRecord, payments: readonly PaymentRecord[]): MerkleTree {
  const cached = trees.get(row.id);
  if (cached) return cached;
  const tree = paymentTree(
    payments.map((p) => ({ index: p.index, account: p.holder, amount: BigInt(p.amount) })),
  );
  if (tree.root !== row.merkleRoot)
    throw new Error(`the payments of distribution ${row.id} do not give its root`);
  if (trees.size >= 16) trees.delete(trees.keys().next().value as number);
  trees.set(row.id, tree);
  return tree;
}

async function assetInfo(ctx: Ctx, asset: string): Promise<{ symbol: string; decimals: number }> {
  if (!(await ctx.chain.hasCode(asset))) throw new HttpError(400, m.assetNotErc20);
  const contract = new Contract(asset, testStableTokenArtifact.abi, ctx.chain.provider);
  try {
    const [symbol, decimals] = await Promise.all([
      contract.getFunction('symbol')() as Promise<string>,
      contract.getFunction('decimals')() as Promise<bigint>,
      contract.getFunction('totalSupply')(),
    ]);
    return { symbol, decimals: Number(decimals) };
  } catch {
    throw new HttpError(400, m.assetNotErc20);
  }
}

/** Which leaves the chain has paid: one bit per leaf, read in bitmap words. */
async function paidBits(ctx: Ctx, row: DistributionRecord): Promise<(index: number) => boolean> {
  const distributor = new Contract(row.distributorAddress, distributorArtifact.abi, ctx.chain.provider);
  const words = (await distributor.getFunction('paidWords')(
    row.onchainId,
    0,
    Math.ceil(row.holders / 256),
  )) as bigint[];
  return (index) => ((words[index >> 8] ?? 0n) >> BigInt(index & 255)) % 2n === 1n;
}

async function chainState(ctx: Ctx, row: DistributionRecord) {
  const distributor = new Contract(row.distributorAddress, distributorArtifact.abi, ctx.chain.provider);
  const [remaining, funded, reclaimed] = (await distributor.getFunction('stateOf')(row.onchainId)) as [
    bigint,
    boolean,
    boolean,
  ];
  return { remaining, funded, reclaimed };
}

/** What pushes paid, from the Distributor's Pushed events of this distribution (the chain is the record). */
async function pushedAmount(ctx: Ctx, row: DistributionRecord): Promise<bigint> {
  const logs = await ctx.chain.provider.getLogs({
    address: row.distributorAddress,
    topics: [distributorInterface.getEvent('Pushed')?.topicHash ?? null, row.onchainId],
    fromBlock: 0,
    toBlock: 'latest',
  });
  return logs.reduce((sum, log) => sum + BigInt(distributorInterface.parseLog(log)?.args[2] ?? 0n), 0n);
}

export async function describeDistribution(ctx: Ctx, row: DistributionRecord): Promise<Distribution> {
  const snapshot = await requireSnapshot(ctx, row.snapshotId);
  const state = await chainState(ctx, row);
  const payments = await paymentsOf(ctx.db, row.id);
  const paid = await paidBits(ctx, row);
  let paidAmount = 0n;
  let paidHolders = 0;
  for (const p of payments) {
    if (paid(p.index)) {
      paidAmount += BigInt(p.amount);
      paidHolders += 1;
    }
  }
  const pushed = await pushedAmount(ctx, row);
  const job = await jobOf(ctx.db, row.pushJobId);
  return {
    id: row.id,
    snapshotId: row.snapshotId,
    symbol: snapshot.symbol,
    issuer: row.issuer,
    asset: row.asset,
    assetSymbol: row.assetSymbol,
    assetDecimals: row.assetDecimals,
    distributorAddress: row.distributorAddress,
    distributionId: row.onchainId,
    merkleRoot: row.merkleRoot,
    nonce: String(row.id),
    deadline: new Date(row.deadline * 1000).toISOString(),
    amount: row.amount,
    amountPerToken: row.amountPerToken,
    remainder: row.remainder,
    holders: row.holders,
    excluded: row.excluded,
    funded: state.funded,
    reclaimed: state.reclaimed,
    claimed: (paidAmount - pushed).toString(),
    pushed: pushed.toString(),
    remaining: state.remaining.toString(),
    paidHolders,
    pushJob: job ? { id: job.id, state: job.state, step: job.step, progress: job.progress } : null,
    createdOn: row.createdOn.toISOString(),
  };
}

export async function requireDistribution(ctx: Ctx, id: number): Promise<DistributionRecord> {
  const row = await findDistribution(ctx.db, id);
  if (!row) throw new HttpError(404, m.distributionNotFound);
  return row;
}

/** POST /distributions: the per-holder amounts by the one rounding rule, fixed with their Merkle root. */
export async function createDistribution(
  ctx: Ctx,
  accountId: number,
  input: {
    snapshotId: number;
    accountAddress: string;
    asset: string;
    amount?: string;
    amountPerToken?: string;
    excluded: string[];
    deadline: string;
  },
): Promise<CreateDistributionResponse> {
  const snapshot = await requireSnapshot(ctx, input.snapshotId);
  const deadline = Math.floor(Date.parse(input.deadline) / 1000);
  const now = (await ctx.chain.provider.getBlock('latest'))?.timestamp ?? Math.floor(Date.now() / 1000);
  if (deadline <= now) throw new HttpError(400, m.deadlineInPast);
  const asset = await assetInfo(ctx, input.asset);
  const balances = await holderBalances(ctx.db, snapshot.id);
  if (balances.length === 0) throw new HttpError(400, m.snapshotEmpty);
  const allocation = allocate(
    input.amount !== undefined
      ? { balances, excluded: input.excluded, amount: BigInt(input.amount) }
      : { balances, excluded: input.excluded, amountPerToken: BigInt(input.amountPerToken ?? '0') },
  );
  if (allocation.payments.length === 0) throw new HttpError(400, m.nothingToPay);
  if (allocation.funded >= 2n ** 128n) throw new HttpError(400, m.amountTooLarge);
  const balanceOf = new Map(balances);
  const tree = paymentTree(allocation.payments);
  const distributor = await distributorAddress(ctx);
  const row = await insertDistribution(
    ctx.db,
    {
      snapshotId: snapshot.id,
      accountId,
      chainId: ctx.chain.chainId,
      issuer: input.accountAddress,
      asset: input.asset,
      assetSymbol: asset.symbol,
      assetDecimals: asset.decimals,
      distributorAddress: distributor,
      amount: allocation.funded.toString(),
      amountPerToken: input.amountPerToken ?? null,
      remainder: allocation.remainder.toString(),
      deadline,
      merkleRoot: tree.root,
      holders: allocation.payments.length,
      excluded: input.excluded,
    },
    (id) => ({
      onchainId: distributionId({
        issuer: input.accountAddress,
        asset: input.asset,
        deadline: BigInt(deadline),
        nonce: BigInt(id),
        root: tree.root,
      }),
    }),
    allocation.payments.map((p) => ({
      index: p.index,
      holder: p.account,
      balance: (balanceOf.get(p.account) ?? 0n).toString(),
      amount: p.amount.toString(),
    })),
  );
  trees.set(row.id, tree);
  return {
    ...(await describeDistribution(ctx, row)),
    perHolder: allocation.payments.map((p) => ({
      index: p.index,
      holderAddress: p.account,
      balance: (balanceOf.get(p.account) ?? 0n).toString(),
      amount: p.amount.toString(),
    })),
  };
}

/** POST /distributions/{id}/fund/tx: approve, then fund, both for the issuer's wallet to sign (txMode 1). */
export async function fundTransactions(ctx: Ctx, id: number) {
  const row = await requireDistribution(ctx, id);
  if ((await chainState(ctx, row)).funded) throw new HttpError(409, m.alreadyFunded);
  if (row.deadline <= Math.floor(Date.now() / 1000)) throw new HttpError(400, m.deadlineInPast);
  return {
    approveTx: {
      from: row.issuer,
      to: row.asset,
      data: erc20Interface.encodeFunctionData('approve', [row.distributorAddress, BigInt(row.amount)]),
    },
    fundTx: {
      from: row.issuer,
      to: row.distributorAddress,
      data: distributorInterface.encodeFunctionData('fund', [termsTuple(termsOf(row)), BigInt(row.amount)]),
    },
    amount: row.amount,
  };
}

/** POST /distributions/{id}/reclaim: after the deadline; txMode 1 builds the transaction, 2 signs it. */
export async function reclaim(ctx: Ctx, accountId: number, id: number, txMode: 1 | 2) {
  const row = await requireDistribution(ctx, id);
  if (row.accountId !== accountId) throw new HttpError(403, m.notIssuer);
  const state = await chainState(ctx, row);
  if (!state.funded) throw new HttpError(409, m.notFunded);
  if (state.reclaimed) throw new HttpError(409, m.reclaimed);
  const now = (await ctx.chain.provider.getBlock('latest'))?.timestamp ?? 0;
  if (now <= row.deadline) throw new HttpError(409, m.deadlineNotPassed);
  const txData = {
    from: row.issuer,
    to: row.distributorAddress,
    data: distributorInterface.encodeFunctionData('reclaim', [termsTuple(termsOf(row))]),
  };
  if (txMode === 1) return { txData, transactionHash: null };
  const key = await signingKeyFor(ctx, accountId, row.issuer);
  try {
    const receipt = await sendSigned(ctx, key, { to: txData.to, data: txData.data });
    return { txData: null, transactionHash: receipt.hash };
  } catch (error) {
    throw new HttpError(400, chainRefusal(error));
  }
}

/** GET /claims/{address}: funded, open, unpaid payments of an address, each with its proof. */
export async function openClaims(ctx: Ctx, address: string): Promise<OpenClaim[]> {
  const now = (await ctx.chain.provider.getBlock('latest'))?.timestamp ?? Math.floor(Date.now() / 1000);
  const claims: OpenClaim[] = [];
  for (const { payment, distribution: row } of await paymentsOfHolder(ctx.db, address.toLowerCase())) {
    if (row.chainId !== ctx.chain.chainId || row.deadline < now) continue;
    const state = await chainState(ctx, row);
    if (!state.funded || state.reclaimed) continue;
    const distributor = new Contract(row.distributorAddress, distributorArtifact.abi, ctx.chain.provider);
    if ((await distributor.getFunction('isPaid')(row.onchainId, payment.index)) as boolean) continue;
    const snapshot = await requireSnapshot(ctx, row.snapshotId);
    const tree = treeOf(row, await paymentsOf(ctx.db, row.id));
    const proof = tree.proof(payment.index);
    const terms = termsOf(row);
    claims.push({
      id: row.id,
      symbol: snapshot.symbol,
      distributorAddress: row.distributorAddress,
      asset: row.asset,
      assetSymbol: row.assetSymbol,
      assetDecimals: row.assetDecimals,
      deadline: new Date(row.deadline * 1000).toISOString(),
      index: payment.index,
      amount: payment.amount,
      proof,
      terms: {
        issuer: terms.issuer,
        asset: terms.asset,
        deadline: terms.deadline.toString(),
        nonce: terms.nonce.toString(),
        root: terms.root,
      },
      claimTx: {
        from: payment.holder,
        to: row.distributorAddress,
        data: distributorInterface.encodeFunctionData('claim', [
          termsTuple(terms),
          payment.index,
          payment.holder,
          BigInt(payment.amount),
          proof,
        ]),
      },
    });
  }
  return claims;
}

/** First guess of the gas of a push batch before one is measured (per holder, fixed part). */
const initialPushGas = { perItemGas: 40_000, fixedGas: 80_000 };

/**
 * The durable push job (kind 'distributionPush', payload { distributionId, accountId }). Each round reads the
 * chain's paid bits, takes the next unpaid holders in leaf order (a run of neighbours: a small multiproof), and
 * sends one push transaction recorded under 'push:<round>' before broadcast (sendDurably): after a crash the
 * recorded transaction is resolved, never sent twice. Batch size: the batch sizing rule of @tranche/contracts with
 * the per-holder gas measured from the last mined batch. A batch refused because a holder claimed meanwhile is
 * recomputed in the next round.
 */
export function createPushJobHandler(ctx: AppContext): JobHandler {
  return async (job, { signal, setStep }) => {
    const { distributionId: id, accountId } = job.payload as { distributionId: number; accountId: number };
    const row = await findDistribution(ctx.db, id);
    if (!row) throw new PermanentJobError(m.distributionNotFound);
    let key: string;
    try {
      key = await signingKeyFor(ctx, accountId, row.issuer);
    } catch (error) {
      throw new PermanentJobError((error as Error).message);
    }
    const payments = await paymentsOf(ctx.db, row.id);
    const list = payments.map((p) => ({ index: p.index, account: p.holder, amount: BigInt(p.amount) }));
    const tree = treeOf(row, payments);
    const progress = job.progress as {
      round?: number;
      perItemGas?: number;
      fixedGas?: number;
      pushedHolders?: number;
    };
    let round = progress.round ?? 0;
    let perItemGas = progress.perItemGas ?? initialPushGas.perItemGas;
    const fixedGas = progress.fixedGas ?? initialPushGas.fixedGas;
    let pushedHolders = progress.pushedHolders ?? 0;
    for (;;) {
      const state = await chainState(ctx, row);
      if (!state.funded) throw new PermanentJobError(m.notFunded);
      if (state.reclaimed) throw new PermanentJobError(m.reclaimed);
      const paid = await paidBits(ctx, row);
      const size = safeBatchSize({ perItemGas, fixedGas });
      const unpaid = list.filter((p) => !paid(p.index)).slice(0, size);
      if (unpaid.length === 0) {
        await setStep('done', { round, perItemGas, fixedGas, pushedHolders, total: list.length });
        return;
      }
      round += 1;
      const stepKey = `push:${round}`;
      await setStep(stepKey, {
        round,
        perItemGas,
        fixedGas,
        pushedHolders,
        total: list.length,
        batch: unpaid.length,
      });
      const batch = pushBatch(
        tree,
        list,
        unpaid.map((p) => p.index),
      );
      try {
        const { receipt } = await sendDurably({
          db: ctx.db,
          provider: ctx.chain.provider,
          jobId: job.id,
          stepKey,
          privateKey: key,
          transaction: {
            to: row.distributorAddress,
            data: distributorInterface.encodeFunctionData('push', [
              termsTuple(termsOf(row)),
              batch.payments.map((p) => [p.index, p.account, p.amount]),
              batch.proof,
              batch.proofFlags,
            ]),
          },
          signal,
          gasCap: txGasCap,
          gasMargin,
          pollMs: ctx.chain.local ? 50 : 2000,
        });
        const pushedEvent = receipt.logs
          .map((log) => {
            try {
              return distributorInterface.parseLog(log);
            } catch {
              return null;
            }
          })
          .find((parsed) => parsed?.name === 'Pushed');
        const holders = Number(pushedEvent?.args[1] ?? 0);
        pushedHolders += holders;
        if (holders > 0)
          perItemGas = Math.max(20_000, Math.ceil((Number(receipt.gasUsed) - fixedGas) / holders));
      } catch (error) {
        if (error instanceof RevertError && error.reason === 'holder has already claimed this payment')
          continue;
        if (error instanceof RevertError) throw new PermanentJobError(chainRefusal(error));
        throw error;
      }
    }
  };
}
