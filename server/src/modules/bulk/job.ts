import {
  type BulkOperation,
  bulkOperationMessages as b,
  dtxTypes,
  isBulkEnforcement,
  type PrecheckInput,
  txTypes,
} from '@tranche/api';
import { gasMargin, measuredGas, securityTokenArtifact, txGasCap } from '@tranche/contracts';
import { Interface } from 'ethers';
import { accessOf } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { runBatches, sizeByGas } from '../../jobs/batches.ts';
import { crashPoint } from '../../jobs/crashPoints.ts';
import {
  liveRow,
  measuredGasLimit,
  RevertError,
  refusalMessage,
  sendDurably,
} from '../../jobs/durableTransaction.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/runner.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { partitionBytes } from '../dtx/index.ts';
import { tokenV2Interface } from '../projects/service.ts';
import { planEnforcement } from '../tokens/index.ts';
import { precheck } from '../rules/service.ts';
import { type BulkRowRecord, inFlightBatch, lastBatch, rowsWithStatus, updateRows } from './repository.ts';

import { bulkJobKind } from './schema.ts';

export { bulkJobKind };

/** The job's payload: the token, the operation and who signs. */
export type BulkPayload = {
  symbol: string;
  operation: BulkOperation;
  accountAddress: string;
  accountId: number;
  contractAddress: string;
};

export type BulkJobOptions = {
  /** Upper bound on rows per batch (tests; default: as many as the gas cap allows). */
  maxBatchSize?: number;
  /** Pre-checks run at once. */
  checkConcurrency?: number;
};

const tokenInterface = new Interface(securityTokenArtifact.abi);
const noData = '0x';

/** The largest batch the cap could take at the cheapest measured per-holder gas (the sizing's start). */
const upperBatch = Math.floor((txGasCap - gasMargin) / measuredGas.issueBatchPerHolder250);

/**
 * The durable bulk operation (issue 22), on the job runner and the durable sender the draft deployment uses.
 * Steps: 'check' (every row pre-checked by the rules module's pre-check, its verdict recorded on the row), then
 * 'send': the next checked rows of one partition are sized by measured gas (an estimate of the very batch, shrunk
 * until it fits the cap; a batch the chain refuses as a whole is halved), marked sending under a batch number, and
 * sent as one transaction recorded under 'batch:<n>' before broadcast. A forced transfer is one row a transaction
 * (the token has no batch forced transfer); so is a freeze or an unfreeze (issue 36: the version 2 token has no batch
 * freeze), pre-checked with the single freeze's checks and signed by the token's owner or controller. The batch loop is the draft deployment's (jobs/batches.ts): on resume
 * the in-flight batch is settled from its recorded transaction first, so nobody is issued twice or skipped.
 */
export function createBulkJobHandler(ctx: AppContext, options: BulkJobOptions = {}): JobHandler {
  const provider = ctx.chain.provider;
  const pollMs = ctx.chain.local ? 50 : 2000;
  const maxBatch = Math.max(1, Math.min(options.maxBatchSize ?? upperBatch, upperBatch));
  const concurrency = options.checkConcurrency ?? 8;

  return async (job, tools) => {
    const payload = job.payload as BulkPayload;
    const { signal } = tools;
    let key: string;
    try {
      key = await accessOf(ctx).bulkOperation(
        { accountId: payload.accountId },
        {
          contractAddress: payload.contractAddress,
          operation: payload.operation,
          address: payload.accountAddress,
        },
        () => signingKeyFor(ctx, payload.accountId, payload.accountAddress),
      );
    } catch (error) {
      if (error instanceof HttpError) throw new PermanentJobError(error.message);
      throw error;
    }
    const issue = payload.operation === 'issue';
    const enforce = isBulkEnforcement(payload.operation);
    const addressFreeze = payload.operation === 'freezeAddress' || payload.operation === 'unfreezeAddress';

    /** A freeze row as the single freeze names it (issue 36): its checks and call data are that route's. */
    const enforcementOf = (row: BulkRowRecord): Parameters<typeof planEnforcement>[3] =>
      addressFreeze
        ? {
            txType: dtxTypes.freezeAddress,
            txData: { holderAddress: row.address, frozen: payload.operation === 'freezeAddress' },
          }
        : {
            txType: dtxTypes.freezePartial,
            txData: {
              holderAddress: row.address,
              partition: row.partition,
              amount: row.amount,
              action: payload.operation === 'freezeTokens' ? 'freeze' : 'unfreeze',
            },
          };

    const precheckOf = (row: BulkRowRecord): PrecheckInput =>
      issue
        ? {
            operation: 'issue',
            symbol: payload.symbol,
            accountAddress: payload.accountAddress,
            holderAddress: row.address,
            amount: row.amount,
            partition: row.partition,
          }
        : {
            operation: 'force',
            symbol: payload.symbol,
            accountAddress: payload.accountAddress,
            fromAddress: row.fromAddress ?? '',
            toAddress: row.address,
            amount: row.amount,
            partition: row.partition,
          };

    /**
     * A row's pre-check: the rules module's for an issue or a forced transfer; for a freeze, the single freeze's checks
     * (already frozen, above the unfrozen or the frozen tokens, who may) against the chain now, in their words.
     */
    const verdictOf = async (row: BulkRowRecord): Promise<{ ok: true } | { ok: false; reason: string }> => {
      if (!enforce) return precheck(ctx, precheckOf(row));
      try {
        await planEnforcement(
          ctx,
          { contractAddress: payload.contractAddress, tokenVersion: 2 },
          payload.accountAddress,
          enforcementOf(row),
        );
        return { ok: true };
      } catch (error) {
        if (error instanceof HttpError) return { ok: false, reason: error.message };
        throw error;
      }
    };

    /** Fails a row with the pre-check's words now (or the chain's reason when the pre-check passes). */
    const refuse = async (row: BulkRowRecord, fallback: string, hash: string | null = null) => {
      const verdict = await verdictOf(row);
      const reason = verdict.ok ? fallback : verdict.reason;
      await updateRows(ctx.db, [row.id], {
        status: 'failed',
        reason: b.refused(row.row, reason),
        transactionHash: hash,
      });
    };

    await tools.setStep('check');
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const pending = await rowsWithStatus(ctx.db, job.id, 'pending', concurrency * 4);
      if (pending.length === 0) break;
      for (let i = 0; i < pending.length; i += concurrency) {
        await Promise.all(
          pending.slice(i, i + concurrency).map(async (row) => {
            const verdict = await verdictOf(row);
            await updateRows(
              ctx.db,
              [row.id],
              verdict.ok
                ? { status: 'checked' }
                : { status: 'failed', reason: b.refused(row.row, verdict.reason) },
            );
          }),
        );
      }
    }
    crashPoint('bulk:checked');

    const dataOf = (rows: BulkRowRecord[]) => {
      const first = rows[0] as BulkRowRecord;
      if (enforce) {
        const operation = enforcementOf(first);
        if (operation.txType === dtxTypes.freezeAddress) {
          return tokenV2Interface.encodeFunctionData('setAddressFrozen', [
            first.address,
            operation.txData.frozen,
          ]);
        }
        return tokenV2Interface.encodeFunctionData(
          payload.operation === 'freezeTokens'
            ? 'freezePartialTokensByPartition'
            : 'unfreezePartialTokensByPartition',
          [partitionBytes(first.partition), first.address, BigInt(first.amount)],
        );
      }
      if (issue) {
        return tokenInterface.encodeFunctionData('issueByPartition(bytes32,address[],uint256[],bytes)', [
          partitionBytes(first.partition),
          rows.map((r) => r.address),
          rows.map((r) => BigInt(r.amount)),
          noData,
        ]);
      }
      return tokenInterface.encodeFunctionData('controllerTransferByPartition', [
        partitionBytes(first.partition),
        first.fromAddress,
        first.address,
        BigInt(first.amount),
        noData,
        noData,
      ]);
    };

    /** The gas limit of these rows' transaction (its estimate plus the margin), or the chain's refusal. */
    const measure = (rows: BulkRowRecord[]) =>
      measuredGasLimit(provider, {
        from: payload.accountAddress,
        to: payload.contractAddress,
        data: dataOf(rows),
      });

    /**
     * The longest prefix of `rows` one transaction carries, with its gas limit (jobs/batches.ts: a batch refused
     * as a whole though each row passed alone, rows together over a rule's limit, is halved); a lone row the chain
     * refuses fails.
     */
    const size = async (
      rows: BulkRowRecord[],
    ): Promise<{ rows: BulkRowRecord[]; gasLimit: bigint } | undefined> => {
      const sized = await sizeByGas(rows, measure, { cap: txGasCap, ...(issue ? {} : { start: 1 }) });
      if ('gasLimit' in sized) return { rows: rows.slice(0, sized.size), gasLimit: sized.gasLimit };
      await refuse(
        rows[0] as BulkRowRecord,
        typeof sized.refused === 'bigint' ? b.failed : sized.refused.reason,
      );
      return undefined;
    };

    const send = async (batch: number, rows: BulkRowRecord[], gasLimit?: bigint) => {
      const stepKey = `batch:${batch}`;
      let limit = gasLimit;
      if (limit === undefined && !(await liveRow(ctx.db, job.id, stepKey))) {
        // Marked before a crash, never signed: measure again (the chain may have moved since).
        const measured = await measure(rows);
        if (typeof measured !== 'bigint' || measured > BigInt(txGasCap)) {
          await updateRows(
            ctx.db,
            rows.map((r) => r.id),
            { status: 'checked', batch: null },
          );
          return;
        }
        limit = measured;
      }
      try {
        const { receipt } = await sendDurably({
          db: ctx.db,
          provider,
          jobId: job.id,
          stepKey,
          privateKey: key,
          transaction: { to: payload.contractAddress, data: dataOf(rows) },
          signal,
          gasCap: txGasCap,
          pollMs,
          ...(limit === undefined ? {} : { gasLimit: limit }),
          crashFlow: 'bulk',
          causedBy: {
            accountId: payload.accountId,
            txType: issue
              ? txTypes.tokenIssue
              : enforce
                ? addressFreeze
                  ? txTypes.addressFreeze
                  : txTypes.partialFreeze
                : txTypes.forceTransfer,
            contractAddress: payload.contractAddress,
          },
        });
        await updateRows(
          ctx.db,
          rows.map((r) => r.id),
          { status: 'done', transactionHash: receipt.hash, reason: null },
        );
        crashPoint('bulk:settled');
      } catch (error) {
        if (!(error instanceof RevertError)) throw error;
        if (error.receipt || rows.length === 1) {
          for (const row of rows) await refuse(row, refusalMessage(error), error.receipt?.hash ?? null);
          return;
        }
        // Refused before sending: back to checked, sized again.
        await updateRows(
          ctx.db,
          rows.map((r) => r.id),
          { status: 'checked', batch: null },
        );
      }
    };

    await tools.setStep('send');
    // The batch being sized; its gas limit goes with it (one found in flight on resume is measured again if unsigned).
    let sized: { rows: BulkRowRecord[]; gasLimit: bigint } | undefined;
    await runBatches<BulkRowRecord>(
      {
        inFlight: () => inFlightBatch(ctx.db, job.id),
        next: async () => {
          const checked = await rowsWithStatus(ctx.db, job.id, 'checked', maxBatch * 2);
          const first = checked[0];
          if (!first) return undefined;
          // One partition a batch (the token's batch issue takes one).
          sized = await size(
            checked.filter((r) => r.partition === first.partition).slice(0, issue ? maxBatch : 1),
          );
          return sized?.rows ?? [];
        },
        lastBatch: () => lastBatch(ctx.db, job.id),
        mark: (rows, batch) =>
          updateRows(
            ctx.db,
            rows.map((r) => r.id),
            { status: 'sending', batch },
          ),
        marked: (batch) => tools.setStep('send', { batch }),
        send: ({ batch, rows }, fresh) => send(batch, rows, fresh ? sized?.gasLimit : undefined),
        crashAt: 'bulk:marked',
      },
      signal,
    );
    await tools.setStep('done');
  };
}
