// What-if of a proposed rule over 100,000 holders (issue 39; goal < 2 s): the indexer's tables seeded straight
// into the database as the indexer and the whitelists module would have filled them (server/src/modules/rules/
// benchSeed.ts: 100,000 holders of CLASS-A, a third also in CLASS-B, each with a named whitelist record and a
// country, every tenth investor with two wallets), then the simulation of POST /token/rules/simulate
// (server/src/modules/rules/simulate.ts: the SQL the route runs after its chain checks) for three proposed rules,
// 5 runs each: prints the seed time, each rule's median and worst time and what it found.
// Usage: pnpm bench rulesSimulate   (BENCH_DATABASE_URL for PostgreSQL instead of PGlite)
import { startDevChain } from '../contracts/src/index.ts';
import { seedRulesSimulation, timeSimulation } from '../server/src/modules/rules/benchSeed.ts';
import { createTestApp } from '../server/test/helpers.ts';

process.env.INDEXER = 'off';
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const kind = process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite';
const holderCount = 100_000;
const runs = 5;

const chain = await startDevChain({ port: 0 });
const t = await createTestApp({ kind, chain });
try {
  const started = Date.now();
  const seeded = await seedRulesSimulation(t.ctx.db, holderCount);
  console.log(
    `seeded ${holderCount.toLocaleString('en')} holders on ${kind} in ${(Date.now() - started) / 1000} s`,
  );
  const proposals: [string, Parameters<typeof timeSimulation>[2]][] = [
    [
      'token: max holding 990,000, at most 80,000 holders',
      { partition: '', maxHolding: '990000', maxHolders: 80_000 },
    ],
    [
      'token: min holding 1,000, refuse US and CH',
      { partition: '', minHolding: '1000', countries: { mode: 'deny', list: ['US', 'CH'] } },
    ],
    ['CLASS-A: a lock-up (every holding)', { partition: 'CLASS-A', lockupUntil: 1_800_000_000 }],
  ];
  for (const [name, rule] of proposals) {
    const { times, answer } = await timeSimulation(t.ctx.db, seeded, rule, runs);
    const out = answer.outOfBounds;
    console.log(
      `${name}: median ${Math.round(times[Math.floor(runs / 2)]!)} ms, worst ${Math.round(times[runs - 1]!)} ms; ` +
        `${answer.holders.addresses} addresses / ${answer.holders.investors} investors; out of bounds: ` +
        `${out.holdings} holdings, ${out.addresses} addresses, ${out.investors} investors`,
    );
  }
} finally {
  await t.close();
  await chain.stop();
}
