// Distributions: for 10, 1,000 and 10,000 holders on the embedded chain, the gas to fund a distribution (one
// transaction, flat), per claim, per holder pushed in a batch of 200, and the time to build the register and payment
// trees; beside them, what paying each holder with a plain ERC-20 transfer costs. Then the register and trees of
// 100,000 holders timed. Goals (issue 21): fund ≤ 150,000 gas; claim at 10,000 holders ≤ 75,000; push ≤ 32,000
// per holder in a batch of 200; 100,000 holders' snapshot and tree under 10 s.
// Usage: pnpm bench distributions   (SIZES=10,1000 to change the sizes, BIG=100000 for the timed register)
import { runDistributionBench } from '../contracts/scripts/distributionBench.ts';

await runDistributionBench(
  (process.env.SIZES ?? '10,1000,10000').split(',').map(Number),
  Number(process.env.BIG ?? 100_000),
);
