// The approvals inbox (GET /approvals) with OPERATIONS pending operations (default 200) spread over TOKENS tokens
// (default 20) on the embedded chain: one request answers them all with a fixed number of database queries plus
// one eth_call pre-check each. One pending operation per key is the rule (dtx), so 200 operations need 200 keys;
// the caller signs every one of them (2 of 3). Prints the answer's time and size, and the same for 10 operations
// (a flat ratio per operation shows there is no query per row). Then the render: the built console opens /Approvals
// with those operations in headless Chromium (bench/support/inboxRender.ts) and the time until every card is
// rendered, the long tasks until the page settles (all, and those after the answer arrived), and the j key's time
// from keydown to the next frame are printed.
// Usage: pnpm bench approvals   (OPERATIONS=n TOKENS=n to change the size; BENCH_SKIP_BUILD=1 to use console/dist)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { projects } from '../server/src/modules/projects/schema.ts';
import { insertDtx } from '../server/src/modules/dtx/repository.ts';
import { baseUrlOf, createTestUser } from '../server/src/modules/credentials/testing.ts';
import { keyShares, shardedKeys, shardedKeyStatus } from '../server/src/modules/sharding/schema.ts';
import {
  deploySchemeAndWhitelist,
  deployTestToken,
  devWallets,
  randomAddress,
} from '../server/src/modules/tokens/testing.ts';
import { createTestApp, startTestChain } from '../server/test/helpers.ts';
import { measureInboxRender } from './support/inboxRender.ts';

if (!process.env.BENCH_SKIP_BUILD) {
  const root = path.resolve(import.meta.dirname, '..');
  execFileSync('pnpm', ['--filter', '@tranche/console', 'build'], { cwd: root, stdio: 'ignore' });
}

const operations = Number(process.env.OPERATIONS ?? 200);
const tokenCount = Number(process.env.TOKENS ?? 20);
const chain = await startTestChain();
const t = await createTestApp({ kind: 'pglite', chain });
try {
  const me = await createTestUser(t, 'bench');
  const others = [await createTestUser(t, 'other1'), await createTestUser(t, 'other2')];
  const wallets = devWallets(t.ctx.chain.provider);
  const setup = await deploySchemeAndWhitelist(wallets);
  const projectIds: number[] = [];
  for (let i = 0; i < tokenCount; i += 1) {
    await deployTestToken(t.ctx.db, wallets, setup, {
      symbol: `BN${i}`,
      name: `Bench ${i}`,
      controller: null,
    });
  }
  for (const row of await t.ctx.db.select({ id: projects.id }).from(projects)) projectIds.push(row.id);

  async function seed(count: number, offset: number) {
    for (let i = 0; i < count; i += 1) {
      const [key] = await t.ctx.db
        .insert(shardedKeys)
        .values({
          address: randomAddress().toLowerCase(),
          name: `Key ${offset + i + 1}`,
          threshold: 2,
          total: 3,
          status: shardedKeyStatus.active,
          createdBy: me.accountId,
        })
        .returning();
      const keyId = key?.id as number;
      const shares = await t.ctx.db
        .insert(keyShares)
        .values(
          [me, ...(others as (typeof me)[])].map((user) => ({
            keyId,
            generation: 1,
            accountId: user.accountId,
            sealedShare: 'sealed',
            kdfSalt: 'salt',
            shareDigest: 'digest',
            pdfPasswordHash: 'hash',
          })),
        )
        .returning();
      // Half started by the caller (waiting for others), half by another signer (needs the caller).
      const starter = i % 2 === 0 ? me : (others[0] as typeof me);
      await insertDtx(
        t.ctx.db,
        {
          keyId,
          generation: 1,
          txType: 4,
          txData: {
            holderAddress: wallets.holders[i % wallets.holders.length]?.address as string,
            amount: String(1000 + i),
            partition: 'default',
            additionalData: '',
          },
          projectId: projectIds[(offset + i) % projectIds.length] as number,
          startedBy: starter.accountId,
          requiredApprovers: 2,
          expiresOn: new Date(Date.now() + 72 * 3600_000),
        },
        () => ({
          accountId: starter.accountId,
          shareId: shares.find((share) => share.accountId === starter.accountId)?.id as number,
          sealedShare: null,
        }),
      );
    }
  }

  async function measure(label: string) {
    // Warm-up (twice: a keep-alive socket left idle through the seeding may have been closed by the server).
    await me.client.call('listApprovals').catch(() => me.client.call('listApprovals'));
    const times: number[] = [];
    let bytes = 0;
    let listed = 0;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const answer = await me.client.call('listApprovals');
      times.push(performance.now() - started);
      bytes = JSON.stringify(answer).length;
      listed = answer.needsYou.length + answer.waiting.length;
    }
    times.sort((a, b) => a - b);
    const median = times[2] as number;
    console.log(
      `${label.padEnd(28)} listed ${String(listed).padStart(4)}  median ${median.toFixed(0).padStart(5)} ms  ` +
        `(${(median / listed).toFixed(2)} ms per operation, min ${times[0]?.toFixed(0)} ms)  ${bytes} bytes`,
    );
  }

  await seed(10, 0);
  await measure('GET /approvals, 10 ops');
  await seed(operations - 10, 10);
  await measure(`GET /approvals, ${operations} ops`);
  console.log(`tokens: ${projectIds.length}, keys: ${operations} (one pending operation per key)`);

  const render = await measureInboxRender(await baseUrlOf(t), me.token, operations);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `/Approvals render, ${render.cards} cards: every card rendered ${ms(render.allCardsMs)} after navigation start`,
  );
  const tasks = (label: string, figures: typeof render.longTasks) =>
    console.log(
      `${label}: ${figures.count}, total blocking ${ms(figures.totalBlockingMs)}, longest ${ms(figures.longestMs)}`,
    );
  console.log(`answer of GET /approvals in ${ms(render.answerMs)} after navigation start`);
  tasks('long tasks until settled', render.longTasks);
  tasks('long tasks after the answer (the inbox rendering)', render.longTasksAfterAnswer);
  console.log(
    `j key, ${render.keyPresses.count} presses: median ${ms(render.keyPresses.medianMs)}, ` +
      `worst ${ms(render.keyPresses.worstMs)} from keydown to the next frame`,
  );
} finally {
  await t.close();
  await chain.stop();
}
