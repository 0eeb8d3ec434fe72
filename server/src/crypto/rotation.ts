import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { StartupError } from '../errors.ts';
import { crashPoint } from '../jobs/crashPoints.ts';
import type { JobHandler, JobRow } from '../jobs/runner.ts';
import { PermanentJobError } from '../jobs/runner.ts';
import { jobs } from '../jobs/schema.ts';
import { decryptSecret, encryptSecret } from './aesGcm.ts';
import { type Sealed, sealedColumns } from './sealedColumns.ts';

/**
 * MASTER_KEY rotation: one durable job (`masterKey.rotate`, run by `npm run rotate-master-key` while Tranche is
 * stopped) that re-seals every value sealed under the master key, in batches, each committed with its bookmark, then
 * switches DATA_DIR/master.key. Re-sealing a value is idempotent (a value that opens with the new key is left as it
 * is), so a run stopped anywhere is finished by running the command again. Crash points: `masterKey:*`.
 */
export const rotationJobKind = 'masterKey.rotate';

const checkBinding = 'master-key-check';
/** A value only `key` opens: recorded with the rotation, to recognise the old and the new key later. */
export function keyCheck(key: Buffer): string {
  return encryptSecret(key, 'tranche master key', checkBinding);
}
export function opensCheck(key: Buffer, check: string): boolean {
  try {
    decryptSecret(key, check, checkBinding);
    return true;
  } catch {
    return false;
  }
}

export type RotationPayload = { oldKeyCheck: string; newKeyCheck: string };
const batchSize = 100;

/**
 * The rotation job's handler. `keys.current` is the key in use (MASTER_KEY or DATA_DIR/master.key), `keys.next` the
 * new one; `switchKey` makes the new key the one in use (rewrites DATA_DIR/master.key; nothing when MASTER_KEY comes
 * from the environment, which the operator changes).
 */
export function createRotationHandler(
  db: Database,
  keys: { current: Buffer; next: Buffer },
  switchKey: () => void,
): JobHandler {
  return async (job, tools) => {
    const payload = job.payload as RotationPayload;
    // Switched already (stopped after masterKey:switched): everything is under the key in use.
    if (opensCheck(keys.current, payload.newKeyCheck)) return;
    crashPoint('masterKey:started');
    const reseal = (value: Sealed, where: string): string => {
      try {
        decryptSecret(keys.next, value.sealed, value.binding);
        return value.sealed;
      } catch {
        // Not re-sealed yet: opened with the key in use below.
      }
      try {
        return encryptSecret(
          keys.next,
          decryptSecret(keys.current, value.sealed, value.binding),
          value.binding,
        );
      } catch {
        throw new PermanentJobError(
          `A sealed value in ${where} opens with neither the old nor the new master key.`,
        );
      }
    };
    const progress = job.progress as { column?: number; afterId?: number; resealed?: number };
    let resealed = progress.resealed ?? 0;
    for (let column = progress.column ?? 0; column < sealedColumns.length; column += 1) {
      const sealedColumn = sealedColumns[column] as (typeof sealedColumns)[number];
      let afterId = column === progress.column ? (progress.afterId ?? 0) : 0;
      for (;;) {
        if (tools.signal.aborted) throw tools.signal.reason;
        const last = await db.transaction(async (tx) => {
          const rows = await sealedColumn.rows(tx as unknown as Database, afterId, batchSize);
          for (const row of rows) {
            const next = row.values.map((value) => reseal(value, `${sealedColumn.name}, row ${row.id}`));
            if (next.some((sealed, i) => sealed !== row.values[i]?.sealed)) {
              await row.write(tx as unknown as Database, next);
              resealed += next.length;
            }
          }
          afterId = rows[rows.length - 1]?.id ?? afterId;
          await tx
            .update(jobs)
            .set({ progress: { column, afterId, resealed }, updatedOn: new Date() })
            .where(eq(jobs.id, job.id));
          return rows.length < batchSize;
        });
        crashPoint('masterKey:batch');
        if (last) break;
      }
    }
    await tools.setStep('resealed', { column: sealedColumns.length, afterId: 0, resealed });
    crashPoint('masterKey:resealed');
    switchKey();
    crashPoint('masterKey:switched');
  };
}

/** DATA_DIR/master.key := the new key (written beside it and renamed over it: never half a key); master.key.next goes. */
export function switchKeyFile(dataDir: string): () => void {
  return () => {
    const next = path.join(dataDir, 'master.key.next');
    if (!existsSync(next)) return;
    const target = path.join(dataDir, 'master.key');
    const staged = `${target}.switching`;
    rmSync(staged, { force: true });
    renameSync(next, staged);
    renameSync(staged, target);
  };
}

/** Writes the new key where a rerun finds it before anything is sealed under it (mode 0600). */
export function persistNextKey(dataDir: string, key: Buffer): void {
  writeFileSync(path.join(dataDir, 'master.key.next'), `${key.toString('hex')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
}

/** The newest rotation job, whatever its state (one not done leaves values under two keys). */
export async function latestRotation(db: Database): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, rotationJobKind))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row;
}

/**
 * At start: refuses while a rotation is unfinished (values are under two keys), and a master key other than the one
 * the last rotation switched to (MASTER_KEY left at the old value would open nothing).
 */
export async function checkMasterKey(db: Database, masterKey: Buffer): Promise<void> {
  const rotation = await latestRotation(db);
  if (!rotation) return;
  const since = rotation.createdOn.toISOString();
  if (rotation.state !== 'done') {
    throw new StartupError(
      `A master key rotation is unfinished (started ${since}): run npm run rotate-master-key again to finish it before starting Tranche.`,
    );
  }
  if (!opensCheck(masterKey, (rotation.payload as RotationPayload).newKeyCheck)) {
    throw new StartupError(
      `MASTER_KEY is not the key the secrets were re-sealed under by the rotation of ${since}: set MASTER_KEY to that new key.`,
    );
  }
}
