import { ruleMessages as r } from '@tranche/api';
import { gasMargin, securityTokenArtifact, txGasCap } from '@tranche/contracts';
import { Contract } from 'ethers';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { runBatches, sizeByGas } from '../../jobs/batches.ts';
import { crashPoint } from '../../jobs/crashPoints.ts';
import { liveRow, measuredGasLimit, RevertError, sendDurably } from '../../jobs/durableTransaction.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/runner.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { holderAddresses } from '../holders/index.ts';
import { countHoldersData, type RuleCall, setRulesData } from './calls.ts';
import { countedMatchesIndexed, countingState, indexedMatchesChain, indexedUpTo } from './holderList.ts';

export const countJobKind = 'rules.count';

/** The job's payload: the token, the rule that switches its rules on, and who signs. */
export type CountPayload = {
  symbol: string;
  contractAddress: string;
  accountAddress: string;
  accountId: number;
  rule: RuleCall;
};

export type CountJobOptions = {
  /** Upper bound on holders per batch (tests; default: as many as the gas cap allows). */
  maxBatchSize?: number;
  /** How long to wait for the indexer to reach the chain's head before trying again later (default 2 minutes). */
  indexerTimeoutMs?: number;
};

/** The job's bookmark: the highest batch number given, the batch marked in flight (its holders are the indexed
 * ones above `after` up to `last`), and how often the count was started again. */
type CountProgress = {
  lastBatch?: number;
  inFlight?: { batch: number; after: string; last: string } | null;
  restarts?: number;
};

/** More holders than any batch can carry: each costs at least one cold balance read (2,100) and its calldata (368). */
export const countUpperBatch = Math.floor((txGasCap - gasMargin) / 2468);

/**
 * Switches a live token's rules on when its holders do not fit one transaction (issue 22), on the job runner and the
 * durable sender the draft deployment and bulk operations use. Steps: 'start', setRules(rule) with no holders,
 * recorded under 'start' before broadcast (it stores the rule and opens the count: balances stop moving); 'wait',
 * until the indexer has stored the token up to the chain's head and its balances add up to the chain's supply
 * (every holder is known), and the holders counted so far are the indexed ones up to the last address counted
 * (else setRules with the first batch starts the count again, 'restart:<n>'); 'count', the durable batch loop
 * (jobs/batches.ts): the indexed holders above the last address counted, sized by measured gas, marked in flight in
 * the job's progress, sent as countHolders recorded under 'count:<n>'. On resume a batch in flight is settled from
 * its recorded transaction first, and the contract refuses any address at or below the last one counted: nobody
 * is counted twice or skipped. Done when the chain says rules are on.
 */
export function createCountJobHandler(ctx: AppContext, options: CountJobOptions = {}): JobHandler {
  const provider = ctx.chain.provider;
  const pollMs = ctx.chain.local ? 50 : 2000;
  const maxBatch = Math.max(1, Math.min(options.maxBatchSize ?? countUpperBatch, countUpperBatch));
  const indexerTimeoutMs = options.indexerTimeoutMs ?? 120_000;

  return async (job, tools) => {
    const payload = job.payload as CountPayload;
    const { signal } = tools;
    let key: string;
    try {
      key = await signingKeyFor(ctx, payload.accountId, payload.accountAddress);
    } catch (error) {
      if (error instanceof HttpError) throw new PermanentJobError(error.message);
      throw error;
    }
    const to = payload.contractAddress;
    const token = new Contract(to, securityTokenArtifact.abi, provider);
    let progress = { ...(job.progress as CountProgress) };
    const save = async (step: string, patch: CountProgress) => {
      progress = { ...progress, ...patch };
      await tools.setStep(step, progress);
    };
    const send = (stepKey: string, data: string, gasLimit?: bigint) =>
      sendDurably({
        db: ctx.db,
        provider,
        jobId: job.id,
        stepKey,
        privateKey: key,
        transaction: { to, data },
        signal,
        gasCap: txGasCap,
        pollMs,
        ...(gasLimit === undefined ? {} : { gasLimit }),
        crashFlow: 'rules',
      });
    const rulesOn = async () => (await token.getFunction('rulesActive')()) as boolean;
    const measure = (data: string) => measuredGasLimit(provider, { from: payload.accountAddress, to, data });
    /** The longest prefix of `holders` one transaction of `encode` carries, by measured gas. */
    const sized = async (holders: string[], encode: (batch: string[]) => string) => {
      const found = await sizeByGas(holders, (batch) => measure(encode(batch)), { cap: txGasCap });
      if ('refused' in found) {
        const reason = typeof found.refused === 'bigint' ? r.oneHolderOverCap : found.refused.reason;
        throw new PermanentJobError(reason);
      }
      return { holders: holders.slice(0, found.size), gasLimit: found.gasLimit };
    };

    // 1. The rule, which opens the count (once per job: a resumed job settles its recorded transaction).
    await tools.setStep('start');
    let opened: number;
    try {
      opened = (await send('start', setRulesData(payload.rule, []))).receipt.blockNumber;
    } catch (error) {
      if (error instanceof RevertError) throw new PermanentJobError(error.reason);
      throw error;
    }
    crashPoint('rules:started');

    for (let round = 0; !(await rulesOn()); round += 1) {
      if (round >= 3) throw new PermanentJobError(r.countNotAddingUp);
      // 2. Balances no longer move: once the indexer has stored the chain up to now, it knows every holder.
      await tools.setStep('wait');
      const head = Math.max(await ctx.chain.blockNumber(), opened);
      const reached = await indexedUpTo(ctx.db, to, head, { timeoutMs: indexerTimeoutMs, pollMs, signal });
      if (reached < head) throw new Error(r.indexerBehind);
      if (!(await indexedMatchesChain(ctx, token, to, reached))) throw new Error(r.indexerBehind);
      const state = await countingState(token);
      if (!state.open) continue;
      if (!progress.inFlight && !(await countedMatchesIndexed(ctx, token, to, state.last))) {
        // An address at or below the last one counted was skipped (a list built before balances stopped moving):
        // start again from the first holders.
        const restart = (progress.restarts ?? 0) + 1;
        await save('wait', { restarts: restart });
        const first = await holderAddresses(ctx.db, to, { limit: maxBatch });
        const batch = await sized(first, (holders) => setRulesData(payload.rule, holders));
        await send(`restart:${restart}`, setRulesData(payload.rule, batch.holders), batch.gasLimit);
      }

      // 3. The batches, strictly ascending from the last address counted.
      await tools.setStep('count', progress);
      let next: { holders: string[]; gasLimit: bigint } | undefined;
      let refusals = 0;
      await runBatches<string>(
        {
          inFlight: async () => {
            const flight = progress.inFlight;
            if (!flight) return undefined;
            const rows = await holderAddresses(ctx.db, to, {
              after: flight.after,
              upTo: flight.last,
              limit: maxBatch,
            });
            return { batch: flight.batch, rows };
          },
          next: async () => {
            const { open, last } = await countingState(token);
            if (!open) return undefined;
            const above = await holderAddresses(ctx.db, to, { after: last, limit: maxBatch });
            if (above.length === 0) return undefined;
            next = await sized(above, countHoldersData);
            return next.holders;
          },
          lastBatch: async () => progress.lastBatch ?? 0,
          mark: async (rows, batch) => {
            const { last } = await countingState(token);
            await save('count', {
              lastBatch: batch,
              inFlight: { batch, after: last, last: rows[rows.length - 1] as string },
            });
          },
          send: async ({ batch, rows }, fresh) => {
            const stepKey = `count:${batch}`;
            const flight = progress.inFlight;
            if (!fresh && !(await liveRow(ctx.db, job.id, stepKey))) {
              // Marked before a crash, never signed: only while the count still stands where it was marked.
              const { open, last } = await countingState(token);
              if (!open || last !== flight?.after || rows.length === 0) {
                await save('count', { inFlight: null });
                return;
              }
            }
            try {
              await send(stepKey, countHoldersData(rows), fresh ? next?.gasLimit : undefined);
              refusals = 0;
            } catch (error) {
              if (!(error instanceof RevertError)) throw error;
              // Refused (the count moved on meanwhile): the next batch is read from the chain's cursor again.
              refusals += 1;
              if (refusals >= 3) throw new PermanentJobError(error.reason);
            }
            await save('count', { inFlight: null });
            crashPoint('rules:settled');
          },
          crashAt: 'rules:marked',
        },
        signal,
      );
    }
    await tools.setStep('done', progress);
  };
}
