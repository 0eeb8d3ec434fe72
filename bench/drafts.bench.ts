// Draft deployment throughput: a draft of 1,000 investors deployed on the embedded chain by the durable job
// (token deployment + batch issues sized by the contracts' batch sizing under the 16,777,216 gas cap).
// Prints total seconds, transactions and gas per investor. Targets: under 60 s and under 60,000 gas per investor.
// Usage: pnpm bench drafts   (INVESTORS=n to change the size)
import { type Draft, zeroAddress } from '../api/src/index.ts';
import { devAccountKeys, issueBatchSize, startDevChain } from '../contracts/src/index.ts';
import { jobs, jobTransactions } from '../server/src/jobs/schema.ts';
import { createTestUser } from '../server/src/modules/credentials/testing.ts';
import {
  addressOfKey,
  randomAddresses,
  readTokenBalances,
  setupIssuerChain,
} from '../server/src/modules/drafts/testing.ts';
import { createTestApp } from '../server/test/helpers.ts';

const investorCount = Number(process.env.INVESTORS ?? 1000);
const issuer = addressOfKey(devAccountKeys[1]);

const chain = await startDevChain({ port: 0 });
const setup = await setupIssuerChain(chain.rpcUrl, [issuer]);
const investors = randomAddresses(investorCount);
await setup.verify(investors);
const t = await createTestApp({ kind: 'pglite', chain });
try {
  const user = await createTestUser(t, 'bench');
  await user.client.call('createDraft', {
    body: {
      bulk: {
        tokens: [
          {
            symbol: 'BENCH',
            name: 'Benchmark token',
            exchangeRate: 1,
            currency: 'EUR',
            codebaseId: 1,
            whitelistAddress: setup.whitelistAddress,
            controllerAddress: zeroAddress,
            investors: investors.map((publicAddress, i) => ({ publicAddress, investmentAmount: 100 + i })),
          },
        ],
      },
    },
  });
  const started = performance.now();
  const { jobId } = await user.client.call('deployDraft', {
    body: { txMode: 2, symbol: 'BENCH', accountAddress: issuer, ownerAddress: issuer },
  });
  // Wait on the job row (cheap), not on the 1,000-investor draft answer.
  for (;;) {
    const [job] = (await t.ctx.db.select().from(jobs)).filter((row) => row.id === jobId);
    if (job && (job.state === 'done' || job.state === 'failed')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const draft: Draft = await user.client.call('getDraft', { params: { symbol: 'BENCH' } });
  const issued = draft.investors.filter((i) => i.status === 2).length;
  const sent = (await t.ctx.db.select().from(jobTransactions)).filter((row) => row.jobId === jobId);
  const gas = sent.reduce((sum, row) => sum + (row.gasUsed ?? 0), 0);
  const chainState = await readTokenBalances(chain.rpcUrl, draft.contractAddress ?? '', investors);
  const expected = investors.reduce((sum, _, i) => sum + BigInt(100 + i), 0n);
  const perInvestor = gas / investorCount;
  console.log(`investors:              ${investorCount} (${issued} issued)`);
  console.log(`batch size:             ${issueBatchSize()} holders (gas cap 16,777,216)`);
  console.log(`total seconds:          ${seconds.toFixed(2)} (target < 60)`);
  console.log(`transactions:           ${sent.length} (1 deployment + ${sent.length - 1} batch issues)`);
  console.log(`gas, total:             ${gas.toLocaleString('en')}`);
  console.log(`gas per investor:       ${Math.round(perInvestor).toLocaleString('en')} (target < 60,000)`);
  console.log(`chain total supply ok:  ${chainState.totalSupply === expected}`);
  for (const row of sent) {
    const at = ((row.createdOn.getTime() - started - performance.timeOrigin) / 1000).toFixed(2);
    const took = ((row.updatedOn.getTime() - row.createdOn.getTime()) / 1000).toFixed(2);
    console.log(
      `  ${row.stepKey.padEnd(8)} recorded at ${at} s, mined ${took} s later, ${row.gasUsed?.toLocaleString('en')} gas`,
    );
  }
  if (
    issued !== investorCount ||
    chainState.totalSupply !== expected ||
    seconds >= 60 ||
    perInvestor >= 60_000
  ) {
    process.exitCode = 1;
  }
} finally {
  await t.close();
  setup.close();
  await chain.stop();
}
