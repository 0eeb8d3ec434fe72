import { txTypes, type WhitelistBulkResponse, whitelistServerMessages } from '@tranche/api';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { crashPoint } from '../../jobs/crashPoints.ts';
import { RevertError, refusalMessage, sendDurably } from '../../jobs/durableTransaction.ts';
import { type JobHandler, type JobRow, type JobTools, PermanentJobError } from '../../jobs/runner.ts';
import { jobs } from '../../jobs/schema.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { recordUserTransaction } from '../transactions/service.ts';
import { batchGasLimit, holdsExpiry, whitelistInterface, whitelistV2Interface } from './onChain.ts';
import {
  type AddressRecord,
  discardPendingAddresses,
  markAddressesVerified,
  savePendingAddresses,
  setExpiries,
  type WhitelistAddressRow,
} from './repository.ts';

/**
 * The durable whitelist batch save (POST /whitelist/bulk). The request plans the batches and adopts a job that
 * holds them; it runs in the request and, after a crash or a lost chain, in the job runner from its bookmark.
 * Each batch, with its crash points:
 *   records written pending → 'whitelist:pending' → its transaction signed and recorded → 'whitelist:recorded'
 *   → broadcast → 'whitelist:broadcast' → mined, records marked verified, outcome bookmarked → 'whitelist:verified'.
 * A resumed batch settles its recorded transaction from the chain (durableTransaction), so no batch is sent twice
 * and no mined batch is left pending. Then the countries are written (same durable sending), and the records'
 * details are erased from the job's payload.
 */
export const whitelistBulkJobKind = 'whitelist.bulk';

/** A record row as JSON (its dates as ISO text). */
type StoredRow = Omit<WhitelistAddressRow, 'verifiedOn' | 'createdOn' | 'updatedOn'> & {
  verifiedOn: string | Date | null;
  createdOn: string | Date;
  updatedOn: string | Date;
};
export type BulkBatch = {
  /** 'expiry' (issue 36): only the records' expiries change (setExpiryBatch); their rows are not rewritten. */
  kind: 'insert' | 'update' | 'expiry';
  records: AddressRecord[];
  /** The verified records these replace, restored when the batch fails. */
  previous: StoredRow[];
  /** Per record, when it expires (unix seconds, 0: never): inserts on a WhitelistV2 and expiry batches. */
  expiries?: number[];
};
export type BulkPayload = {
  whitelistId: number;
  whitelistAddress: string;
  accountId: number;
  accountAddress: string;
  unchanged: number;
  batches?: BulkBatch[];
  /** The whitelist's codebase (2: WhitelistV2, whose batches cost more gas); 1 when left out (older jobs). */
  codebaseId?: number;
};
type Outcome = { hash?: string; error?: string };

export type BulkHooks = {
  /** Called before each batch transaction is sent, its records written pending (index from 0). */
  beforeBatch?: (index: number, kind: BulkBatch['kind']) => Promise<void> | void;
  /** Called after each batch settles: how many addresses are done out of the total to send. */
  onProgress?: (done: number, total: number) => void;
  /** Told a database failure while saving records (the caller's answer never shows it). */
  onStoreError?: (error: unknown) => void;
};

const revive = (row: StoredRow): WhitelistAddressRow => ({
  ...row,
  verifiedOn: row.verifiedOn === null ? null : new Date(row.verifiedOn),
  createdOn: new Date(row.createdOn),
  updatedOn: new Date(row.updatedOn),
});

export function createBulkFlow(
  ctx: Pick<AppContext, 'db' | 'chain' | 'masterKey'>,
  hooks: BulkHooks,
  batchSize: number,
) {
  const pollMs = ctx.chain.local ? 50 : 2000;

  async function run(job: JobRow, tools: JobTools): Promise<WhitelistBulkResponse> {
    const payload = job.payload as BulkPayload;
    const batches = payload.batches ?? [];
    const outcomes: (Outcome | null)[] = [...((job.progress.outcomes as Outcome[] | undefined) ?? [])];
    let key: string;
    try {
      key = await signingKeyFor(ctx, payload.accountId, payload.accountAddress);
    } catch (error) {
      if (error instanceof HttpError) throw new PermanentJobError(error.message);
      throw error;
    }
    const send = (stepKey: string, data: string, gasLimit?: bigint) =>
      sendDurably({
        db: ctx.db,
        provider: ctx.chain.provider,
        jobId: job.id,
        stepKey,
        privateKey: key,
        transaction: { to: payload.whitelistAddress, data },
        signal: tools.signal,
        gasLimit,
        pollMs,
        crashFlow: 'whitelist',
      });

    const codebaseId = payload.codebaseId ?? 1;
    const expiriesOf = (batch: BulkBatch) =>
      batch.records.map((record, i) => ({
        address: record.publicAddress,
        expiresAt: batch.expiries?.[i] ?? 0,
      }));

    /** Sends a batch's transaction: its hash, or the chain's reason for refusing it. */
    async function sendBatch(index: number, batch: BulkBatch, targets: string[]) {
      let data: string;
      if (batch.kind === 'expiry') {
        data = whitelistV2Interface.encodeFunctionData('setExpiryBatch', [targets, batch.expiries ?? []]);
      } else if (batch.kind === 'insert' && batch.expiries?.some((seconds) => seconds > 0)) {
        data = whitelistV2Interface.encodeFunctionData('addVerifiedBatchUntil', [
          targets,
          batch.records.map((record) => record.hash),
          batch.expiries,
        ]);
      } else {
        const fn = batch.kind === 'insert' ? 'addVerifiedBatch' : 'updateVerifiedBatch';
        data = whitelistInterface.encodeFunctionData(fn, [
          targets,
          batch.records.map((record) => record.hash),
        ]);
      }
      // A gas limit from the measured per-address cost spares the node a binary-search estimate of a large batch
      // (an expiry batch, a word per address, is estimated).
      const gasLimit = batch.kind === 'expiry' ? undefined : batchGasLimit(batch.records.length, codebaseId);
      return (await send(`batch:${index}`, data, gasLimit)).receipt.hash;
    }

    async function runBatch(index: number, batch: BulkBatch): Promise<Outcome> {
      const targets = batch.records.map((record) => record.publicAddress);
      if (batch.kind !== 'expiry') {
        try {
          await savePendingAddresses(ctx.db, payload.whitelistId, payload.accountId, batch.records);
        } catch (error) {
          hooks.onStoreError?.(error);
          return { error: whitelistServerMessages.recordsNotSaved };
        }
      }
      await hooks.beforeBatch?.(index, batch.kind);
      crashPoint('whitelist:pending');
      let hash: string;
      try {
        hash = await sendBatch(index, batch, targets);
      } catch (error) {
        // Anything but the chain's refusal leaves the batch to the job's next attempt (nothing is decided yet).
        if (!(error instanceof RevertError)) throw error;
        if (batch.kind !== 'expiry')
          await discardPendingAddresses(
            ctx.db,
            payload.whitelistId,
            targets,
            batch.previous.map(revive),
          ).catch((discardError: unknown) => hooks.onStoreError?.(discardError));
        return { error: refusalMessage(error) };
      }
      try {
        if (batch.kind !== 'expiry') await markAddressesVerified(ctx.db, payload.whitelistId, hash, targets);
        // What the chain now holds: an insert on a WhitelistV2 sets (or clears) the record's expiry.
        if (batch.kind === 'expiry' || (batch.kind === 'insert' && holdsExpiry(codebaseId)))
          await setExpiries(ctx.db, payload.whitelistId, expiriesOf(batch));
        // Listed in the caller's My transactions.
        await recordUserTransaction(ctx, {
          accountId: payload.accountId,
          hash,
          txType: txTypes.whitelistUpdate,
          contractAddress: payload.whitelistAddress,
          publicAddress: payload.accountAddress,
        });
      } catch (error) {
        hooks.onStoreError?.(error);
        return { error: whitelistServerMessages.notMarkedVerified };
      }
      return { hash };
    }

    const total = batches.reduce((sum, batch) => sum + batch.records.length, 0);
    let done = batches.reduce((sum, batch, i) => sum + (outcomes[i] ? batch.records.length : 0), 0);
    for (const [index, batch] of batches.entries()) {
      if (outcomes[index]) continue;
      await tools.setStep(`batch:${index}`, { outcomes });
      outcomes[index] = await runBatch(index, batch);
      await tools.setStep(`batch:${index}`, { outcomes });
      crashPoint('whitelist:verified');
      done += batch.records.length;
      hooks.onProgress?.(done, total);
    }
    await tools.setStep('countries', { outcomes });
    const saved = batches.flatMap((batch, i) => (outcomes[i]?.hash ? batch.records : []));
    await writeCountries(saved, send);
    const answer = answerOf(payload, batches, outcomes);
    // The legal names and contact details stay in the records only.
    const { batches: _erased, ...rest } = payload;
    await ctx.db.update(jobs).set({ payload: rest }).where(eq(jobs.id, job.id));
    return answer;
  }

  /**
   * Writes the ISO 3166 alpha-2 country of each saved record that has one (the Default Template's country) into
   * the whitelist beside its hash, for the tokens' country rules; one setCountryBatch per batch. A whitelist of an
   * older codebase has no countries: the chain refuses the call at estimate time and nothing is sent.
   */
  async function writeCountries(
    records: AddressRecord[],
    send: (stepKey: string, data: string) => Promise<unknown>,
  ) {
    const withCountry = records.flatMap((record) => {
      const country = String(record.contactDetails.country ?? '')
        .trim()
        .toUpperCase();
      return /^[A-Z]{2}$/.test(country) ? [{ address: record.publicAddress, country }] : [];
    });
    const chunk = batchSize;
    for (let i = 0; i < withCountry.length; i += chunk) {
      const part = withCountry.slice(i, i + chunk);
      const data = whitelistInterface.encodeFunctionData('setCountryBatch', [
        part.map((c) => c.address),
        part.map((c) => `0x${Buffer.from(c.country, 'latin1').toString('hex')}`),
      ]);
      await send(`countries:${i / chunk}`, data).catch((error: unknown) => {
        if (!(error instanceof RevertError)) throw error;
      });
    }
  }

  const handler: JobHandler = async (job, tools) => {
    await run(job, tools);
  };
  return { run, handler };
}

function answerOf(
  payload: BulkPayload,
  batches: BulkBatch[],
  outcomes: (Outcome | null)[],
): WhitelistBulkResponse {
  const result: WhitelistBulkResponse = {
    transactionHashes: { insertions: [], updates: [] },
    errorMessages: [],
    saved: 0,
    unchanged: payload.unchanged,
  };
  // An address whose record changed and whose expiry changed is in two batches: saved when both went through.
  const saved = new Set<string>();
  const failed = new Map<string, string>();
  for (const [index, batch] of batches.entries()) {
    const outcome = outcomes[index];
    if (outcome?.hash) {
      (batch.kind === 'insert' ? result.transactionHashes.insertions : result.transactionHashes.updates).push(
        outcome.hash,
      );
      for (const record of batch.records) saved.add(record.publicAddress);
    } else {
      const reason = whitelistServerMessages.batchFailed(outcome?.error ?? 'unknown error');
      for (const record of batch.records)
        if (!failed.has(record.publicAddress)) failed.set(record.publicAddress, reason);
    }
  }
  for (const [legend, reason] of failed) result.errorMessages.push({ legend, reason });
  result.saved = [...saved].filter((address) => !failed.has(address)).length;
  return result;
}
