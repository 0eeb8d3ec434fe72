/**
 * `npm run rotate-master-key` (scripts/tranche.mjs runs this file), with Tranche stopped (every instance):
 * re-seals every sealed secret under a new master key in one durable job (crypto/rotation.ts).
 *   MASTER_KEY unset (the key is DATA_DIR/master.key): the new key is NEW_MASTER_KEY, or generated; it is kept in
 *     DATA_DIR/master.key.next until the switch, when it replaces master.key.
 *   MASTER_KEY set: NEW_MASTER_KEY is required; afterwards set MASTER_KEY to it on every instance.
 * A run stopped anywhere (crash, Ctrl-C) is finished by running the command again with the same keys; Tranche refuses
 * to start until it is. Every refusal is one line on stderr and exit code 1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { contentsFromRunning } from '../backup/snapshot.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { oneLine, StartupError } from '../errors.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { jobs } from '../jobs/schema.ts';
import {
  createRotationHandler,
  keyCheck,
  latestRotation,
  opensCheck,
  persistNextKey,
  type RotationPayload,
  rotationJobKind,
  switchKeyFile,
} from './rotation.ts';
import { parseMasterKey } from './secrets.ts';

function readKeyFile(file: string): Buffer | undefined {
  return existsSync(file) ? parseMasterKey(readFileSync(file, 'utf8').trim()) : undefined;
}

async function rotate(): Promise<void> {
  const config = loadConfig(process.env);
  const fromEnv = config.masterKey !== undefined;
  const keyFile = path.join(config.dataDir, 'master.key');
  const nextFile = path.join(config.dataDir, 'master.key.next');
  if (!config.databaseUrl && (await contentsFromRunning(config.dataDir).catch(() => 'running')) !== undefined)
    throw new StartupError(
      `Tranche is running on ${config.dataDir}: stop it before rotating the master key.`,
    );
  const current = fromEnv ? parseMasterKey(config.masterKey as string) : readKeyFile(keyFile);
  if (!current)
    throw new StartupError(
      `There is no master key to rotate: ${keyFile} does not exist and MASTER_KEY is unset.`,
    );
  const given = process.env.NEW_MASTER_KEY?.trim()
    ? parseMasterKey(process.env.NEW_MASTER_KEY.trim())
    : undefined;
  if (fromEnv && !given)
    throw new StartupError(
      'MASTER_KEY comes from the environment: set NEW_MASTER_KEY to the new key (e.g. openssl rand -hex 32) and run again.',
    );

  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    const latest = await latestRotation(database.db);
    const unfinished = latest && latest.state !== 'done' ? latest : undefined;
    let next = given ?? (fromEnv ? undefined : readKeyFile(nextFile));
    if (unfinished) {
      const payload = unfinished.payload as RotationPayload;
      // Stopped after the switch: master.key is the new key already, the job only has to be marked done.
      if (!next && opensCheck(current, payload.newKeyCheck)) next = current;
      if (!next || !opensCheck(next, payload.newKeyCheck))
        throw new StartupError(
          `The new key is not the one of the rotation under way (started ${unfinished.createdOn.toISOString()}): give the same NEW_MASTER_KEY${fromEnv ? '' : ` or keep ${nextFile}`}.`,
        );
      process.stdout.write(
        `Finishing the master key rotation started ${unfinished.createdOn.toISOString()}.\n`,
      );
      if (unfinished.state === 'failed')
        await database.db
          .update(jobs)
          .set({ state: 'queued', attempts: 0 })
          .where(eq(jobs.id, unfinished.id));
    } else {
      if (next && !given)
        throw new StartupError(`${nextFile} is left from an earlier run: remove it, or set NEW_MASTER_KEY.`);
      next ??= randomBytes(32);
      if (next.equals(current))
        throw new StartupError('NEW_MASTER_KEY is the master key in use: give a new one.');
      if (!fromEnv) persistNextKey(config.dataDir, next);
      await database.db.insert(jobs).values({
        kind: rotationJobKind,
        payload: { oldKeyCheck: keyCheck(current), newKeyCheck: keyCheck(next) } satisfies RotationPayload,
      });
    }
    const job = (await latestRotation(database.db)) as NonNullable<
      Awaited<ReturnType<typeof latestRotation>>
    >;
    const runner = createJobRunner(database.db, {
      reclaimOnStart: database.kind === 'pglite',
      pollMs: 100,
      maxAttempts: 1,
    });
    runner.register(
      rotationJobKind,
      createRotationHandler(
        database.db,
        { current, next },
        fromEnv ? () => undefined : switchKeyFile(config.dataDir),
      ),
    );
    await runner.start();
    let row = job;
    while (row.state === 'queued' || row.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [row = job] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    }
    await runner.stop();
    if (row.state !== 'done')
      throw new StartupError(`The master key rotation failed: ${row.lastError ?? 'unknown error'}`);
    const resealed = (row.progress as { resealed?: number }).resealed ?? 0;
    process.stdout.write(
      fromEnv
        ? `Re-sealed ${resealed} secrets under NEW_MASTER_KEY. Set MASTER_KEY to it on every instance (and unset NEW_MASTER_KEY) before starting Tranche; take a new backup.\n`
        : `Re-sealed ${resealed} secrets under a new master key, now in ${keyFile}. Take a new backup (npm run backup): older archives hold the old key with the data sealed under it.\n`,
    );
  } finally {
    await database.close();
  }
}

try {
  await rotate();
} catch (error) {
  const message =
    error instanceof StartupError
      ? error.message
      : `The master key rotation failed: ${(error as Error)?.message ?? String(error)}`;
  process.stderr.write(`${oneLine(message)}\n`);
  process.exit(1);
}
