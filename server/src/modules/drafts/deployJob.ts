import { draftMessages, draftStatus, txTypes } from '@tranche/api';
import { issueBatchSize, tokenFactoryArtifact, txGasCap, whitelistArtifact } from '@tranche/contracts';
import { Contract, ContractFactory, Interface } from 'ethers';
import type { AppContext } from '../../context.ts';
import { deployedContracts } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { ofStep } from '../../chain/reconcile.ts';
import { runBatches } from '../../jobs/batches.ts';
import { awaitRecorded, RevertError, refusalMessage, sendDurably } from '../../jobs/durableTransaction.ts';
import { jobs, jobTransactions } from '../../jobs/schema.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/runner.ts';
import { recordDeployment } from '../projects/repository.ts';
import {
  type DraftInvestorRow,
  findDraftById,
  inFlightBatch,
  lastBatchNumber,
  markFailed,
  markIssued,
  markIssuing,
  nextPending,
  updateDraft,
} from './repository.ts';
import { deployJobKind, tokenCodebase } from './service.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { requireTokenV2Platform } from '../tokens/index.ts';
import { draftPartition } from './tokenAmounts.ts';

const factoryInterface = new Interface(tokenFactoryArtifact.abi);

/** The token a TokenFactory.createToken receipt created (its TokenCreated log). */
function createdToken(
  receipt: { logs: readonly { address: string; topics: readonly string[]; data: string }[] },
  factory: string,
) {
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== factory) continue;
    const parsed = factoryInterface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name === 'TokenCreated') return String(parsed.args.token).toLowerCase();
  }
  return undefined;
}

export type DeployJobOptions = {
  /** Upper bound on investors per batch issue (the contract's gas sizing gives the other bound). */
  maxBatchSize?: number;
  /** Attempts after which a failing job gives up (the runner's maxAttempts). */
  maxAttempts?: number;
};

/** The reason the chain gives for a holder that is not verified (SecurityToken.sol). */
const notVerifiedReason = 'token holder is not verified in the whitelist';

/**
 * The durable deployment of a draft. Steps, each recorded before it acts: 'deploy' (the token contract, its
 * transaction recorded in job_transactions before broadcast), then 'issue' in batches: the next pending investors
 * are checked against the whitelist (unverified ones fail with the chain's reason), marked issuing with a batch
 * number, and issued by one batch transaction recorded under 'issue:<batch>'. The batch loop (jobs/batches.ts, shared
 * with bulk operations on a live token) resolves the in-flight batch first on resume, from its recorded transaction,
 * so nobody is issued twice or skipped.
 */
export function createDeployJobHandler(ctx: AppContext, options: DeployJobOptions = {}): JobHandler {
  const batchSize = Math.max(1, Math.min(options.maxBatchSize ?? Number.POSITIVE_INFINITY, issueBatchSize()));
  const maxAttempts = options.maxAttempts ?? 5;
  const provider = ctx.chain.provider;
  const pollMs = ctx.chain.local ? 50 : 2000;

  async function run(
    draftId: number,
    jobId: number,
    signal: AbortSignal,
    setStep: (s: string) => Promise<void>,
  ) {
    let draft = await findDraftById(ctx.db, draftId);
    if (!draft || draft.jobId !== jobId || !draft.deployerAddress) return;
    const codebase = tokenCodebase(draft.codebaseId);
    if (!codebase) throw new PermanentJobError(draftMessages.codebaseUnknown);
    const { artifact } = codebase;
    const causingAccount = draft.accountId;
    let key: string;
    try {
      key = await signingKeyFor(ctx, draft.accountId, draft.deployerAddress);
    } catch (error) {
      if (error instanceof HttpError) throw new PermanentJobError(error.message);
      throw error;
    }
    const send = (stepKey: string, transaction: { to?: string; data: string }) =>
      sendDurably({
        db: ctx.db,
        provider,
        jobId,
        stepKey,
        privateKey: key,
        transaction,
        signal,
        gasCap: txGasCap,
        pollMs,
        crashFlow: 'draft',
        causedBy: {
          accountId: causingAccount,
          txType: stepKey === 'deploy' ? txTypes.contractDeployment : txTypes.tokenIssue,
          contractAddress: transaction.to,
        },
      });

    /**
     * The transaction an earlier deployment job of this draft recorded for the same step (a job that failed for
     * good may have left it in the pool): settled from the chain before this job signs anything for that step, so a
     * batch is never issued twice. Undefined when there is none, or when its nonce went to another transaction.
     */
    const settleEarlier = async (stepKey: string) => {
      const earlier = await ctx.db
        .select({ row: jobTransactions })
        .from(jobTransactions)
        .innerJoin(jobs, eq(jobs.id, jobTransactions.jobId))
        .where(
          and(
            ofStep(stepKey),
            ne(jobTransactions.jobId, jobId),
            ne(jobTransactions.state, 'dropped'),
            eq(jobs.kind, deployJobKind),
            sql`${jobs.payload}->>'draftId' = ${String(draftId)}`,
          ),
        );
      for (const { row } of earlier) {
        const outcome = await awaitRecorded({ db: ctx.db, provider, signal, pollMs }, row);
        if (outcome !== 'dropped') return outcome.receipt;
      }
      return undefined;
    };

    if (!draft.contractAddress) {
      await setStep('deploy');
      const args = [
        draft.name,
        draft.symbol,
        draft.ownerAddress ?? draft.deployerAddress,
        draft.controllerAddress,
        draft.whitelistAddress,
        draft.schemeAddress,
      ];
      // Version 1: the token's own bytecode; version 2: one call of the platform's factory (a proxy, initialized).
      let deployment: { to?: string; data: string };
      if (codebase.version === 2) {
        const platform = await requireTokenV2Platform(ctx);
        if (!platform) throw new PermanentJobError(draftMessages.noTokenFactory);
        deployment = { to: platform.factory, data: factoryInterface.encodeFunctionData('createToken', args) };
      } else {
        const factory = new ContractFactory(artifact.abi, artifact.bytecode);
        deployment = { data: (await factory.getDeployTransaction(...args)).data };
      }
      let result: Awaited<ReturnType<typeof send>>;
      try {
        result = await send('deploy', deployment);
      } catch (error) {
        if (error instanceof RevertError) {
          await updateDraft(ctx.db, draft.id, {
            status: draftStatus.saved,
            errorMessage: `${draftMessages.deployFailed}: ${error.reason}`,
          });
          return;
        }
        throw error;
      }
      const contractAddress =
        deployment.to === undefined
          ? result.receipt.contractAddress?.toLowerCase()
          : createdToken(result.receipt, deployment.to.toLowerCase());
      if (!contractAddress) throw new Error('The deployment receipt has no contract address');
      await ctx.db.transaction(async (tx) => {
        await updateDraft(tx, draftId, {
          contractAddress,
          status: draftStatus.deployed,
          deployTransactionHash: result.receipt.hash,
          deployBlock: result.receipt.blockNumber,
        });
        await recordDeployment(tx, draft?.symbol ?? '', {
          contractAddress,
          ownerAddress: draft?.ownerAddress ?? draft?.deployerAddress ?? '',
          controllerAddress: draft?.controllerAddress,
          whitelistAddress: draft?.whitelistAddress ?? '',
          whitelistName: draft?.whitelistName,
          securitySchemeAddress: draft?.schemeAddress ?? '',
          deployTransactionHash: result.receipt.hash,
          deployBlock: result.receipt.blockNumber,
          projectName: draft?.name,
          accountId: draft?.accountId,
          tokenVersion: codebase.version,
        });
        await tx
          .insert(deployedContracts)
          .values({
            chainId: ctx.chain.chainId,
            address: contractAddress,
            kind: 'token',
            name: draft?.symbol ?? '',
            transactionHash: result.receipt.hash,
          })
          .onConflictDoNothing();
      });
      draft = await findDraftById(ctx.db, draftId);
      if (!draft?.contractAddress) return;
    }

    await setStep('issue');
    const tokenAddress = draft.contractAddress;
    const token = new Interface(codebase.abi);
    const whitelist = new Contract(draft.whitelistAddress, whitelistArtifact.abi, provider);
    const firstUnverified = whitelist.getFunction('firstUnverified');

    const issueBatch = async (batch: number, rows: DraftInvestorRow[]) => {
      const data = token.encodeFunctionData('issueByPartition(bytes32,address[],uint256[],bytes)', [
        draftPartition,
        rows.map((r) => r.investorAddress),
        rows.map((r) => BigInt(r.initialBalance)),
        '0x',
      ]);
      const ids = rows.map((r) => r.id);
      const earlier = await settleEarlier(`issue:${batch}`);
      if (earlier) {
        if (earlier.status === 1) await markIssued(ctx.db, ids, earlier.hash);
        else await markFailed(ctx.db, ids, 'the transaction reverted', earlier.hash);
        return;
      }
      try {
        // Sized by the node's estimate (plus the margin, capped by the chain), for every token version: the cost
        // depends on the whitelist's codebase as much as on the token's. A limit from the measured per-holder figure
        // (taken on Whitelist) left a version 1 token's first batch of one holder, which also creates the partition,
        // some 200 gas short on WhitelistV2: the gas-starved check answered 'missing revert data'. Version 2 (a
        // proxy whose first issue writes the partition words through delegate calls) was short the same way.
        const { receipt } = await send(`issue:${batch}`, { to: tokenAddress, data });
        await markIssued(ctx.db, ids, receipt.hash);
      } catch (error) {
        if (!(error instanceof RevertError)) throw error;
        await markFailed(ctx.db, ids, refusalMessage(error), error.receipt?.hash ?? null);
      }
    };

    await runBatches<DraftInvestorRow>(
      {
        inFlight: () => inFlightBatch(ctx.db, draftId),
        next: async () => {
          let rows = await nextPending(ctx.db, draftId, batchSize);
          if (rows.length === 0) return undefined;
          // Holders the whitelist does not verify fail one by one with the chain's reason; the rest go in the batch.
          let checkFrom = 0;
          for (;;) {
            const rest = rows.slice(checkFrom);
            if (rest.length === 0) break;
            const index = Number(await firstUnverified(rest.map((r) => r.investorAddress)));
            if (index >= rest.length) break;
            const bad = rest[index];
            if (!bad) break;
            await markFailed(ctx.db, [bad.id], notVerifiedReason);
            rows = rows.filter((r) => r.id !== bad.id);
            checkFrom += index;
          }
          return rows;
        },
        lastBatch: () => lastBatchNumber(ctx.db, draftId),
        mark: (rows, batch) =>
          markIssuing(
            ctx.db,
            rows.map((r) => r.id),
            batch,
          ),
        send: ({ batch, rows }) => issueBatch(batch, rows),
        crashAt: 'draft:marked',
      },
      signal,
    );
    await setStep('done');
    await updateDraft(ctx.db, draftId, { status: draftStatus.deployed });
  }

  return async (job, tools) => {
    const draftId = Number(job.payload.draftId);
    try {
      await run(draftId, job.id, tools.signal, (step) => tools.setStep(step));
    } catch (error) {
      if (tools.signal.aborted) throw error;
      const final = error instanceof PermanentJobError || job.attempts >= maxAttempts;
      if (final) {
        const draft = await findDraftById(ctx.db, draftId);
        if (draft) {
          await updateDraft(ctx.db, draftId, {
            status: draft.contractAddress ? draftStatus.deployed : draftStatus.saved,
            errorMessage: `${draftMessages.deployFailed}: ${(error as Error).message}`,
          });
        }
      }
      throw error;
    }
  };
}
