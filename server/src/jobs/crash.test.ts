import { afterAll, describe, it } from 'vitest';
import { dtxCrashRows, reshardCrashRows } from '../modules/dtx/crashRows.ts';
import { draftCrashRows } from '../modules/drafts/crashRows.ts';
import { whitelistCrashRows } from '../modules/whitelists/crashRows.ts';
import { crashPoints } from './crashPoints.ts';
import { type CrashRow, killCrashServers } from './crashTesting.ts';

/**
 * The crash table: every durable flow's crash points (crashPoints.ts). Each flow runs on a chain and an on-disk
 * PGlite of its own, so the flows run side by side; at each point the real server process stops there
 * (TRANCHE_CRASH_AT), restarts on the same database and chain, and its flow's rows check the outcome on the chain.
 * The table of every point and its outcome is printed at the end.
 */

const results = new Map<string, CrashRow[]>();

afterAll(() => {
  killCrashServers();
  const rows = Object.keys(crashPoints).flatMap((flow) => results.get(flow) ?? []);
  console.log('\nCrash points and outcomes');
  console.table(rows);
});

describe.concurrent('crash points', () => {
  it('distributed transaction execution: run once or not at all, never left Running', async () => {
    results.set('dtx', await dtxCrashRows());
  }, 1_800_000);
  it('reshard 2-of-3 to 3-of-4: the old or the new codes sign, never neither', async () => {
    results.set('reshard', await reshardCrashRows());
  }, 1_800_000);
  it('draft deployment: completes after restart, no investor issued twice', async () => {
    results.set('draft', await draftCrashRows());
  }, 1_800_000);
  it('whitelist batch: resumed after restart, nothing added twice, nothing lost, nothing left running', async () => {
    results.set('whitelist', await whitelistCrashRows());
  }, 1_800_000);
});
