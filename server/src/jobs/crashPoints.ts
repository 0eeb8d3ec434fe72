/**
 * Crash points: the step boundaries of the durable flows, named in code. A test sets TRANCHE_CRASH_AT to one of
 * these names and the server process exits there at once (as if it lost power), then restarts on the same
 * database and chain and checks the outcome (see server/src/jobs/crash.test.ts). A production process refuses to
 * start with it set.
 */
export const crashPoints = {
  /** Distributed transaction execution (a token call of a sharded key). */
  dtx: [
    'dtx:approved', // the last approval is committed: shares out of the database, the job adopted
    'dtx:recorded', // the signed transaction and its hash are recorded, not broadcast
    'dtx:broadcast', // broadcast, no receipt seen yet
    'dtx:settled', // the receipt is recorded on the job transaction, the dtx not finished yet
  ],
  /** Reshard: the new generation is stored, then activated. */
  reshard: [
    'reshard:approved', // the last approval is committed, new shares not stored yet
    'reshard:stored', // the new generation and its mails are stored (old generation still signs)
    'reshard:activated', // generations switched, old material erased
  ],
  /** One batch of a draft deployment. */
  draft: ['draft:marked', 'draft:recorded', 'draft:broadcast'],
  /** One batch of a whitelist save (modules/whitelists/bulkJob.ts). */
  whitelist: [
    'whitelist:pending', // the batch's records written pending, its transaction not signed
    'whitelist:recorded', // its signed transaction recorded, not broadcast
    'whitelist:broadcast', // broadcast, no receipt seen yet
    'whitelist:verified', // mined, its records marked verified and its outcome bookmarked
  ],
  /** A bulk operation on a live token: rows pre-checked, then one batch transaction after another. */
  bulk: [
    'bulk:checked', // every row pre-checked (results recorded), no batch marked yet
    'bulk:marked', // a batch's rows marked sending, its transaction not signed yet
    'bulk:recorded', // the batch's signed transaction and hash recorded, not broadcast
    'bulk:broadcast', // broadcast, no receipt seen yet
    'bulk:settled', // the batch's receipt seen and its rows marked done, the next batch not marked
  ],
  /** Switching a live token's rules on: holders counted in batches (modules/rules/countJob.ts). */
  rules: [
    'rules:started', // the rule's transaction (which opens the count) is mined and settled, no batch marked yet
    'rules:marked', // a batch's holders marked in flight in the job's progress, its transaction not signed yet
    'rules:recorded', // the batch's signed transaction and hash recorded, not broadcast
    'rules:broadcast', // broadcast, no receipt seen yet
    'rules:settled', // the batch's receipt seen and the batch cleared, the next batch not marked
  ],
  /** One attempt of one webhook delivery (modules/webhooks/deliver.ts). */
  webhook: [
    'webhook:sending', // the attempt is claimed, nothing sent yet
    'webhook:answered', // the endpoint answered, the attempt not recorded (the restart sends the same webhook-id again)
    'webhook:recorded', // the attempt and its outcome (delivered, or the next try queued) are committed, the job not done
  ],
  /** Funding a new local development account (modules/local/devAccount.ts): ETH, then tUSD. */
  devAccount: [
    'devAccount:recorded', // a funding transaction signed and recorded, not broadcast
    'devAccount:broadcast', // broadcast, no receipt seen yet
  ],
  /** MASTER_KEY rotation (crypto/rotation.ts, npm run rotate-master-key): every sealed value re-sealed, then the key switched. */
  masterKey: [
    'masterKey:started', // the rotation job and the new key are recorded, nothing re-sealed yet
    'masterKey:batch', // a batch of sealed values re-sealed and committed with its bookmark, the next not begun
    'masterKey:resealed', // every sealed value is under the new key, DATA_DIR/master.key not switched yet
    'masterKey:switched', // DATA_DIR/master.key holds the new key, the job not marked done
  ],
  /** One notification mail (modules/notifications/service.ts). */
  notify: [
    'notify:sending', // the mail job is claimed, nothing sent yet
    'notify:sent', // the mail left, not marked sent (the restart sends it again: at least once)
  ],
} as const;

export type CrashPoint = (typeof crashPoints)[keyof typeof crashPoints][number];

const crashAt = process.env.TRANCHE_CRASH_AT;
if (crashAt && process.env.NODE_ENV === 'production') {
  throw new Error('TRANCHE_CRASH_AT is a test hook: a production server refuses to start with it');
}

/** Exits the process here when a test asked to crash at this point (TRANCHE_CRASH_AT). */
export function crashPoint(name: string): void {
  if (crashAt !== undefined && crashAt === name) {
    process.stderr.write(`crash point ${name}\n`);
    process.exit(86);
  }
}
