// The what-if against the chain's own checks on 1,000 random holders (issue 39's goal): the comparison of
// server/src/modules/rules/simulate.test.ts ('answers what evaluating each of N random holders on the chain
// answers'), which the suite runs with 200 holders, run here with RULES_COMPARE_HOLDERS=1000. It whitelists and
// issues to 1,000 new addresses (two partitions, countries from a seeded draw), simulates a rule (minimum 150,
// maximum 800, US and CH denied) through POST /token/rules/simulate, sets it on the chain, evaluates every holding
// there (balanceOfByPartition and canTransferByPartition) and requires the same findings; prints the time of each part.
// Usage: pnpm bench rulesCompare   (RULES_COMPARE_HOLDERS to change the number)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const holders = process.env.RULES_COMPARE_HOLDERS ?? '1000';
const started = performance.now();
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    'server/src/modules/rules/simulate.test.ts',
    '-t',
    'random holders on the chain',
  ],
  { cwd: root, env: { ...process.env, RULES_COMPARE_HOLDERS: holders }, encoding: 'utf8' },
);
const output = stripVTControlCharacters(`${result.stdout}${result.stderr}`);
const figures = output.split('\n').find((line) => line.includes('random holders: seeded in'));
console.log(figures?.trim() ?? output);
console.log(
  `${result.status === 0 ? 'agreed' : 'FAILED'}: ${holders} holders, ${Math.round((performance.now() - started) / 1000)} s in all`,
);
process.exit(result.status ?? 1);
