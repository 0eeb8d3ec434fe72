import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiClient } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithKeys,
  createTestApp,
  databaseKinds,
  startTestChain,
  type TestApp,
} from '../../../test/helpers.ts';
import { openDatabase } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { type CrashServer, killCrashServers, startCrashServer } from '../../jobs/crashTesting.ts';
import { jobs } from '../../jobs/schema.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { listOutbox } from '../../mail/mailer.ts';
import { notificationEvents } from './schema.ts';
import { notifyMailJobKind, queueDigests, updatePreferences } from './service.ts';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  killCrashServers();
  await chain?.stop();
});

describe.each(databaseKinds)('daily digest (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
  }, 120_000);
  afterAll(async () => t?.close());

  it('waiting notices go out as one mail a day, then are marked sent; a second look the same day sends nothing', async () => {
    const { accountId } = await accountWithKeys(t, 'digest@example.com', []);
    const other = await accountWithKeys(t, 'nodigest@example.com', []);
    await updatePreferences(t.ctx.db, accountId, { dailyDigest: true });
    // What recordNotices leaves for a digest reader: recorded, not sent, no mail job.
    for (const [n, account] of [
      [1, accountId],
      [2, accountId],
      [3, other.accountId],
    ] as const) {
      await t.ctx.db.insert(notificationEvents).values({
        eventKey: `test:${n}`,
        kind: 'dtxStarted',
        accountId: account,
        subject: `Tranche: #${n} Issue needs your approval`,
        text: `Notice ${n}`,
      });
    }
    const runner = jobRunnerOf(t.app, t.ctx);
    await queueDigests(t.ctx, runner, '2026-11-24');
    await runner.idle();
    const mails = await listOutbox(t.ctx, { to: 'digest@example.com' });
    expect(mails.map((m) => m.subject)).toEqual(['Tranche: your daily digest (2)']);
    expect(mails[0]?.text).toContain('Tranche: #1 Issue needs your approval\nNotice 1');
    expect(mails[0]?.text).toContain('Tranche: #2 Issue needs your approval\nNotice 2');
    expect(mails[0]?.text).not.toContain('Notice 3');
    expect(await listOutbox(t.ctx, { to: 'nodigest@example.com' })).toEqual([]);
    const unsent = await t.ctx.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.accountId, accountId));
    expect(unsent.filter((e) => e.sentOn === null)).toEqual([]);
    await queueDigests(t.ctx, runner, '2026-11-24');
    await runner.idle();
    expect(await listOutbox(t.ctx, { to: 'digest@example.com' })).toHaveLength(1);
  });
});

it('the notification mail job at each crash point: the restart sends the mail and marks it sent', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-notify-crash-'));
  const table: { point: string; exit: number | null; mails: number }[] = [];
  let server: CrashServer | undefined;
  try {
    // The harness's first start creates its account; then it stops.
    server = await startCrashServer(dataDir, chain.rpcUrl);
    server.child.kill('SIGKILL');
    await server.exited;
    for (const point of crashPoints.notify) {
      const to = `crash@tranche.test`;
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      const [account] = await database.db.select().from(accounts);
      const [event] = await database.db
        .insert(notificationEvents)
        .values({
          eventKey: `crash:${point}`,
          kind: 'dtxFinished',
          accountId: account?.id as number,
          subject: `Tranche: mail of ${point}`,
          text: 'x',
        })
        .returning();
      await database.db
        .insert(jobs)
        .values({ kind: notifyMailJobKind, payload: { eventId: event?.id as number } });
      await database.close();
      // The queued job runs as the server starts: it may stop before it prints its address.
      const exit = await startCrashServer(dataDir, chain.rpcUrl, { TRANCHE_CRASH_AT: point }).then(
        (dying) => dying.exited,
        (error: Error) => {
          if (/server exited \(86\)/.test(error.message)) return 86;
          throw error;
        },
      );
      server = await startCrashServer(dataDir, chain.rpcUrl);
      const client = createApiClient({ baseUrl: server.url, getToken: () => (server as CrashServer).token });
      // Stopped after the mail left and before it was marked: sent again (at least once); else exactly once.
      const expected = point === 'notify:sent' ? 2 : 1;
      const count = async () =>
        (await client.call('localOutbox')).filter(
          (m) => m.to === to && m.subject === `Tranche: mail of ${point}`,
        ).length;
      for (let i = 0; i < 300 && (await count()) < expected; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // No further send follows.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const mails = await count();
      server.child.kill('SIGKILL');
      await server.exited;
      const after = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      const [row] = await after.db
        .select()
        .from(notificationEvents)
        .where(eq(notificationEvents.id, event?.id as number));
      await after.close();
      table.push({ point, exit, mails });
      expect(exit, `stopped at ${point}`).toBe(86);
      expect(row?.sentOn).not.toBeNull();
      expect(mails).toBe(expected);
    }
  } finally {
    killCrashServers();
    console.table(table);
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 600_000);
