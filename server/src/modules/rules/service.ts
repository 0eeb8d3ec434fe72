import {
  type HolderCounting,
  ruleMessages as r,
  type TokenRules,
  tokenOperationMessages as m,
  txTypes,
} from '@tranche/api';
import { chainErrorMessage } from '@tranche/api/chainErrors';
import { txGasCap } from '@tranche/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Contract, ZeroHash } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import { HttpError } from '../../errors.ts';
import { measuredGasLimit, refusalMessage } from '../../jobs/durableTransaction.ts';
import { type JobRunner, maxQueuedJobsPerAccount } from '../../jobs/runner.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { holderAddresses, indexedHolderTotals } from '../holders/index.ts';
import { recordUserTransaction } from '../transactions/service.ts';
import { type RuleCall, type RuleInput, ruleCall, setRulesData } from './calls.ts';
import { type CountPayload, countJobKind, countUpperBatch } from './countJob.ts';
import { countingState, indexedMatchesChain, indexedUpTo } from './holderList.ts';
import { isUnderway, latestCountJob } from './repository.ts';
import { simulateRules } from './simulate.ts';
import {
  type Ctx,
  countsInBatches,
  emptyRule,
  loadToken,
  partitionName,
  type RawRule,
  ruleView,
  supportsRules,
} from './token.ts';

/** Other modules call the pre-check through this module's service (approvals, bulk operations). */
export { gasShortfall, precheck, readinessOfSymbol } from './precheck.ts';
/** The what-if of a pending whitelist replacement, freeze or recovery (issue 39), for the approvals inbox. */
export { simulateOperation, whatIfTypes } from './whatIf.ts';

/** GET /token/rules/{symbol}: the token's rule and each partition's, as the chain holds them now. */
export async function getRules(ctx: Ctx, symbol: string): Promise<TokenRules> {
  const { project, token } = await loadToken(ctx, symbol);
  if (!(await supportsRules(token))) {
    return {
      symbol: symbol.trim(),
      active: false,
      supported: false,
      token: emptyRule,
      partitions: [],
      counting: null,
    };
  }
  const [active, partitions] = (await Promise.all([
    token.getFunction('rulesActive')(),
    token.getFunction('allPartitions')(),
  ])) as [boolean, string[]];
  const [tokenRule, ...partitionRules] = (await Promise.all(
    [ZeroHash, ...partitions].map((scope) => token.getFunction('rulesOf')(scope)),
  )) as RawRule[];
  const tokenView = ruleView(tokenRule!);
  return {
    symbol: symbol.trim(),
    active,
    supported: true,
    token: tokenView,
    partitions: partitions.map((p, i) => ({
      partition: partitionName(p),
      rule: ruleView(partitionRules[i]!),
    })),
    counting: active ? null : await countingView(ctx, token, project.contractAddress, tokenView.holders),
  };
}

/**
 * While rules switch on: the holders counted on the chain (the token's running count, `counted`) out of those the
 * indexer stores, and the counting job; null when no count is open and no job is on its way.
 */
async function countingView(
  ctx: Ctx,
  token: Contract,
  contractAddress: string,
  counted: number,
): Promise<HolderCounting | null> {
  const [state, job] = await Promise.all([
    countingState(token).catch(() => undefined),
    latestCountJob(ctx.db, contractAddress),
  ]);
  // A codebase that counts in one transaction only has no count to show; a job that stopped says why.
  if (!state || (!state.open && !isUnderway(job) && job?.state !== 'failed')) return null;
  const { token: holders } = await indexedHolderTotals(ctx.db, contractAddress);
  return {
    counted: state.open ? counted : 0,
    holders,
    jobId: job?.id ?? null,
    jobState: job?.state ?? null,
    error: job?.state === 'failed' ? r.countingStopped(job.lastError ?? '') : null,
  };
}

type SetRulesInput = RuleInput & {
  symbol: string;
  accountAddress: string;
  txMode: 1 | 2;
};

export type SetRulesOptions = {
  /** The job runner the counting job is queued on. */
  runner: JobRunner;
  /** Upper bound on holders one transaction counts (RULES_COUNT_BATCH_SIZE; default: as many as fit the cap). */
  maxBatchSize?: number;
};

/**
 * What switching rules on takes: the holders to give setRules in one transaction (every holder, read from the
 * indexer at its block and checked against the chain's supply; none while a counting job is already underway), or,
 * when they do not fit one transaction, `batches` (the counting job).
 */
async function switchOnPlan(
  ctx: Ctx,
  token: Contract,
  input: { contractAddress: string; accountAddress: string; rule: RuleCall; maxBatchSize: number },
): Promise<{ holders: string[] } | { batches: number }> {
  const batched = await countsInBatches(token);
  if (batched && isUnderway(await latestCountJob(ctx.db, input.contractAddress))) return { holders: [] };
  const head = await ctx.chain.blockNumber();
  const block = await indexedUpTo(ctx.db, input.contractAddress, head, { timeoutMs: 5000, pollMs: 100 });
  if (block < 0 || !(await indexedMatchesChain(ctx, token, input.contractAddress, block))) {
    throw new HttpError(503, r.indexerBehind);
  }
  const { token: total } = await indexedHolderTotals(ctx.db, input.contractAddress);
  if (total > input.maxBatchSize) return { batches: total };
  const holders = await holderAddresses(ctx.db, input.contractAddress, { limit: total });
  const measured = await measuredGasLimit(ctx.chain.provider, {
    from: input.accountAddress,
    to: input.contractAddress,
    data: setRulesData(input.rule, holders),
  });
  if (typeof measured === 'bigint') return measured <= BigInt(txGasCap) ? { holders } : { batches: total };
  if (/gas/i.test(measured.reason)) return { batches: total };
  throw new HttpError(400, m.chainRejected(refusalMessage(measured)));
}

/**
 * PUT /token/rules: txMode 1 answers the transaction for the wallet, txMode 2 signs it with the caller's
 * registered key. Only the token owner or a Security Manager (OP) of its scheme (the contract's canSetRules).
 * The call that switches rules on lists the token's holders from the indexer: all of them in that one transaction
 * when they fit it; else, signed with the registered key, a durable job counts them in batches (countJob.ts; its
 * id is answered), and a wallet (txMode 1) is told that the registered key is needed.
 */
export async function setRules(ctx: Ctx, viewer: Viewer, input: SetRulesInput, options: SetRulesOptions) {
  const { project, token } = await loadToken(ctx, input.symbol);
  if (!(await supportsRules(token))) throw new HttpError(409, r.rulesNotSupported);
  if (!((await token.getFunction('canSetRules')(input.accountAddress)) as boolean)) {
    throw new HttpError(403, r.notAllowedToSetRules);
  }
  const to = project.contractAddress;
  const rule = ruleCall(input);
  const active = (await token.getFunction('rulesActive')()) as boolean;
  const plan = active
    ? { holders: [] }
    : await switchOnPlan(ctx, token, {
        contractAddress: to,
        accountAddress: input.accountAddress,
        rule,
        maxBatchSize: Math.min(options.maxBatchSize ?? countUpperBatch, countUpperBatch),
      });
  if ('batches' in plan) {
    if (!(await countsInBatches(token))) throw new HttpError(409, r.countingNotSupported(plan.batches));
    if (input.txMode === 1) throw new HttpError(409, r.countingNeedsKey(plan.batches));
    await signingKeyFor(ctx, viewer.accountId, input.accountAddress);
    const payload: CountPayload = {
      symbol: project.projectCode,
      contractAddress: to,
      accountAddress: input.accountAddress,
      accountId: viewer.accountId,
      rule,
    };
    // One count per token: two requests at once would otherwise both find none underway and queue two jobs (the
    // contract refuses the second one's batches, and its failure would show while the first one counts).
    const job = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${countJobKind}:${to}`}, 0))`);
      if (isUnderway(await latestCountJob(tx, to))) throw new HttpError(409, r.countingUnderway);
      return options.runner.enqueue(countJobKind, payload, tx, {
        owner: { accountId: viewer.accountId, limit: maxQueuedJobsPerAccount },
      });
    });
    return { jobId: job.id };
  }
  const data = setRulesData(rule, plan.holders);
  try {
    await ctx.chain.provider.estimateGas({ from: input.accountAddress, to, data });
  } catch (error) {
    throw new HttpError(400, m.chainRejected(chainErrorMessage(error)));
  }
  if (input.txMode === 1) return { txData: { from: input.accountAddress, to, data } };
  const key = await signingKeyFor(ctx, viewer.accountId, input.accountAddress);
  const response = await ctx.chain.send(key, { to, data });
  await recordUserTransaction(ctx, {
    accountId: viewer.accountId,
    hash: response.hash,
    txType: txTypes.setRules,
    contractAddress: to,
    publicAddress: input.accountAddress,
  });
  return { transactionHash: response.hash };
}

/**
 * POST /token/rules/simulate (the body of PUT /token/rules): what the proposed rule would put out of bounds, from
 * the indexer's tables at the head (simulate.ts). Who may: as PUT (the token owner or a Security Manager of its
 * scheme, canSetRules), and, since the answer names investors, whoever the access rules let see investor data.
 */
export async function simulate(
  ctx: Ctx & Pick<AppContext, 'db' | 'chain'>,
  viewer: Viewer,
  input: SetRulesInput,
) {
  const { project, token } = await loadToken(ctx, input.symbol);
  if (!(await supportsRules(token))) throw new HttpError(409, r.rulesNotSupported);
  const [mayDo, maySee] = await Promise.all([
    token.getFunction('canSetRules')(input.accountAddress) as Promise<boolean>,
    accessOf(ctx).investorData(viewer, { token: project }),
  ]);
  if (!mayDo || !maySee) throw new HttpError(403, r.notAllowedToSetRules);
  const head = await ctx.chain.provider.getBlock('latest');
  const block = await indexedUpTo(ctx.db, project.contractAddress, head?.number ?? 0, {
    timeoutMs: 5000,
    pollMs: 100,
  });
  if (block < (head?.number ?? 0)) throw new HttpError(503, r.indexerBehind);
  return simulateRules(ctx.db, {
    contractAddress: project.contractAddress,
    whitelistAddress: project.whitelistAddress,
    projectId: project.id,
    symbol: project.projectCode,
    now: head?.timestamp ?? Math.floor(Date.now() / 1000),
    block,
    rule: input,
  });
}
