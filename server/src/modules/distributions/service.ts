import {
  type CreateDistributionResponse,
  type Distribution,
  distributionMessages as m,
  formatAmount,
  type OpenClaim,
  txTypes,
} from '@tranche/api';
import {
  allocate,
  distributionId,
  distributorArtifact,
  keccakReady,
  paymentTree,
  termsTuple,
  testStableTokenArtifact,
} from '@tranche/contracts';
import { Contract, getAddress } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import { HttpError } from '../../errors.ts';
import { requireDeployed } from '../projects/service.ts';
import { findAccountById } from '../accounts/service.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { sendSigned } from '../rbac/service.ts';
import { recordUserTransaction } from '../transactions/service.ts';
import { requireSnapshot } from '../snapshots/service.ts';
import {
  type Ctx,
  chainRefusal,
  chainState,
  distributorInterface,
  erc20Interface,
  escrowOf,
  paidBits,
  pushedAmount,
  rememberTree,
  termsOf,
  treeOf,
} from './distributor.ts';
import { distributorAddress } from './local.ts';
import {
  type DistributionRecord,
  deleteDistribution,
  findDistribution,
  holderBalances,
  insertDistribution,
  jobOf,
  paymentsOf,
  paymentsOfHolder,
} from './repository.ts';

/** Distributions: create, describe, fund, reclaim, claims. The Distributor's reads are in distributor.ts, local
 * mode's deployments in local.ts, the durable push job in pushJob.ts (re-exported: other modules import service). */
export { chainRefusal, type DistributionFiguresAt, figuresAtBlock } from './distributor.ts';
export {
  demoStableMint,
  distributorAddress,
  localTusdReserve,
  localTusdReserveAddress,
  localTusdReserveKey,
  seedLocalDistributions,
  testStableTokenAddress,
} from './local.ts';
export { createPushJobHandler } from './pushJob.ts';

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
  // Funded means funded with the whole amount: the Distributor marks a distribution funded by any amount, so what it
  // holds plus what it paid is compared with the amount (a top-up sent to the escrow later completes it).
  const shortfall =
    state.funded && !state.reclaimed ? BigInt(row.amount) - (state.remaining + paidAmount) : 0n;
  const underfunded = shortfall > 0n;
  const job = await jobOf(ctx.db, row.pushJobId);
  // By the chain's clock, as the Distributor's reclaim checks it (a dev chain's time may run ahead of the wall clock).
  const chainNow = await ctx.chain.now();
  const creator = await findAccountById(ctx.db, row.accountId);
  return {
    id: row.id,
    snapshotId: row.snapshotId,
    symbol: snapshot.symbol,
    issuer: row.issuer,
    creator: creator ? creator.profileName || creator.loginName : '',
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
    funded: state.funded && !underfunded,
    underfunded,
    shortfall: underfunded ? shortfall.toString() : '0',
    escrowAddress: underfunded ? await escrowOf(ctx, row) : null,
    reclaimed: state.reclaimed,
    deadlinePassed: chainNow > row.deadline,
    claimed: (paidAmount - pushed).toString(),
    pushed: pushed.toString(),
    remaining: state.remaining.toString(),
    paidHolders,
    pushJob: job
      ? {
          id: job.id,
          state: job.state,
          step: job.step,
          progress: job.progress,
          error: job.state === 'failed' ? job.lastError : null,
        }
      : null,
    createdOn: row.createdOn.toISOString(),
  };
}

/** A distribution the viewer may see (the access module's `distribution`); else 404 as if it did not exist. */
export async function requireDistribution(ctx: Ctx, viewer: Viewer, id: number): Promise<DistributionRecord> {
  const row = await findDistribution(ctx.db, id);
  if (!row) throw new HttpError(404, m.distributionNotFound);
  const token = await requireDeployed(ctx, (await requireSnapshot(ctx, row.snapshotId)).symbol);
  return accessOf(ctx).distribution(viewer, { token, row });
}

/** POST /distributions: the per-holder amounts by the one rounding rule, fixed with their Merkle root. */
export async function createDistribution(
  ctx: Ctx,
  viewer: Viewer,
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
  const token = await requireDeployed(ctx, snapshot.symbol);
  await accessOf(ctx).createDistribution(viewer, { token, issuer: input.accountAddress });
  const deadline = Math.floor(Date.parse(input.deadline) / 1000);
  if (deadline <= (await ctx.chain.now())) throw new HttpError(400, m.deadlineInPast);
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
  await keccakReady();
  const tree = paymentTree(allocation.payments);
  const distributor = await distributorAddress(ctx);
  const row = await insertDistribution(
    ctx.db,
    {
      snapshotId: snapshot.id,
      accountId: viewer.accountId,
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
  await rememberTree(row.id, tree);
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
export async function fundTransactions(ctx: Ctx, viewer: Viewer, id: number) {
  const row = await requireDistribution(ctx, viewer, id);
  if ((await chainState(ctx, row)).funded) throw new HttpError(409, m.alreadyFunded);
  // By the chain's clock, as the Distributor's fund checks it (a dev chain's time may run ahead of the wall clock).
  if (row.deadline <= (await ctx.chain.now())) throw new HttpError(400, m.deadlineInPast);
  // Issue 34: the issuer's balance of the payment token is checked before anything is signed, and said in words
  // (the chain's answer would be an undecoded custom error). The allowance is the approval sent just before.
  const asset = new Contract(row.asset, erc20Interface, ctx.chain.provider);
  const held = (await asset.getFunction('balanceOf')(row.issuer)) as bigint;
  if (held < BigInt(row.amount)) {
    const show = (units: bigint | string) =>
      formatAmount(units, { decimals: row.assetDecimals, symbol: row.assetSymbol });
    throw new HttpError(400, m.fundShortOfBalance(getAddress(row.issuer), show(held), show(row.amount)));
  }
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

/**
 * DELETE /distributions/{id} (issue 34): a distribution nobody funded can be cancelled by the account that made it;
 * one the Distributor holds anything for (funded, in part or whole, or reclaimed) stays, and is reclaimed instead.
 */
export async function cancelDistribution(ctx: Ctx, viewer: Viewer, id: number): Promise<null> {
  const row = await requireDistribution(ctx, viewer, id);
  if (row.accountId !== viewer.accountId) throw new HttpError(403, m.notIssuer);
  const state = await chainState(ctx, row);
  if (state.funded || state.reclaimed || state.remaining > 0n) throw new HttpError(409, m.cancelFunded);
  await deleteDistribution(ctx.db, row.id);
  return null;
}

/** POST /distributions/{id}/reclaim: after the deadline; txMode 1 builds the transaction, 2 signs it. */
export async function reclaim(ctx: Ctx, viewer: Viewer, id: number, txMode: 1 | 2) {
  const row = await requireDistribution(ctx, viewer, id);
  const { accountId } = viewer;
  if (row.accountId !== accountId) throw new HttpError(403, m.notIssuer);
  const state = await chainState(ctx, row);
  if (!state.funded) throw new HttpError(409, m.notFunded);
  if (state.reclaimed) throw new HttpError(409, m.reclaimed);
  if ((await ctx.chain.now()) <= row.deadline) throw new HttpError(409, m.deadlineNotPassed);
  const txData = {
    from: row.issuer,
    to: row.distributorAddress,
    data: distributorInterface.encodeFunctionData('reclaim', [termsTuple(termsOf(row))]),
  };
  if (txMode === 1) return { txData, transactionHash: null };
  const key = await signingKeyFor(ctx, accountId, row.issuer);
  try {
    const receipt = await sendSigned(ctx, key, { to: txData.to, data: txData.data });
    // Listed in the issuer's My transactions (issue 34).
    await recordUserTransaction(ctx, {
      accountId,
      hash: receipt.hash,
      txType: txTypes.distributionReclaim,
      contractAddress: row.distributorAddress,
      publicAddress: row.issuer,
      callData: txData.data,
    });
    return { txData: null, transactionHash: receipt.hash };
  } catch (error) {
    throw new HttpError(400, chainRefusal(error));
  }
}

/** GET /claims/{address}: funded, open, unpaid payments of an address, each with its proof. */
export async function openClaims(ctx: Ctx, address: string): Promise<OpenClaim[]> {
  const now = await ctx.chain.now();
  const claims: OpenClaim[] = [];
  for (const { payment, distribution: row } of await paymentsOfHolder(ctx.db, address.toLowerCase())) {
    if (row.chainId !== ctx.chain.chainId || row.deadline < now) continue;
    const state = await chainState(ctx, row);
    if (!state.funded || state.reclaimed) continue;
    const distributor = new Contract(row.distributorAddress, distributorArtifact.abi, ctx.chain.provider);
    if ((await distributor.getFunction('isPaid')(row.onchainId, payment.index)) as boolean) continue;
    const snapshot = await requireSnapshot(ctx, row.snapshotId);
    const tree = await treeOf(ctx, row);
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
