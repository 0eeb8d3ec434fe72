import { distributionMessages as m, txTypes } from '@tranche/api';
import { chainErrorMessage } from '@tranche/api/chainErrors';
import { gasMargin, pushBatch, safeBatchSize, termsTuple, txGasCap } from '@tranche/contracts';
import type { AppContext } from '../../context.ts';
import { RevertError, sendDurably } from '../../jobs/durableTransaction.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/runner.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { chainRefusal, chainState, distributorInterface, paidBits, termsOf, treeOf } from './distributor.ts';
import { findDistribution, paymentsOf } from './repository.ts';

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
  const push = pushHandler(ctx);
  // What the job's last error says is shown on the distribution's card: a sentence, never the provider's text.
  return async (job, tools) => {
    try {
      await push(job, tools);
    } catch (error) {
      if (error instanceof PermanentJobError || tools.signal.aborted) throw error;
      throw new Error(chainErrorMessage(error), { cause: error });
    }
  };
}

function pushHandler(ctx: AppContext): JobHandler {
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
    const tree = await treeOf(ctx, row, payments);
    const progress = job.progress as {
      round?: number;
      perItemGas?: number;
      fixedGas?: number;
      pushedHolders?: number;
      pushedAmount?: string;
    };
    let round = progress.round ?? 0;
    let perItemGas = progress.perItemGas ?? initialPushGas.perItemGas;
    const fixedGas = progress.fixedGas ?? initialPushGas.fixedGas;
    let pushedHolders = progress.pushedHolders ?? 0;
    // What this job's mined batches paid (their Pushed events), kept in its progress: the distribution's pushed
    // total sums it over its push jobs (repository pushedAmountOf). A resumed round re-reads its recorded receipt.
    let pushedAmount = BigInt(progress.pushedAmount ?? '0');
    const bookmark = () => ({
      round,
      perItemGas,
      fixedGas,
      pushedHolders,
      pushedAmount: pushedAmount.toString(),
    });
    for (;;) {
      const state = await chainState(ctx, row);
      if (!state.funded) throw new PermanentJobError(m.notFunded);
      if (state.reclaimed) throw new PermanentJobError(m.reclaimed);
      const paid = await paidBits(ctx, row);
      const size = safeBatchSize({ perItemGas, fixedGas });
      const unpaid = list.filter((p) => !paid(p.index)).slice(0, size);
      if (unpaid.length === 0) {
        await setStep('done', { ...bookmark(), total: list.length });
        return;
      }
      round += 1;
      const stepKey = `push:${round}`;
      await setStep(stepKey, {
        ...bookmark(),
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
          causedBy: {
            accountId,
            txType: txTypes.distributionPayout,
            contractAddress: row.distributorAddress,
          },
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
        pushedAmount += BigInt(pushedEvent?.args[2] ?? 0n);
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
