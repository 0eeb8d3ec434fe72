// Webhook deliveries must not delay user work: the time a draft deployment (the durable deploy job) takes with no
// webhook delivery queued, then with DELIVERIES (default 1,000) deliveries queued first to a silent endpoint (a local
// TCP server that accepts connections and never answers). Prints both and the delay; goal: under 2 s more.
// A deployment still unfinished after LIMIT_S (default 120) seconds is reported as such (the bench stops waiting).
// Usage: pnpm bench webhookLane
import { createServer, type Socket } from 'node:net';

// Before the server's modules load: the webhook address guard reads it once (deliveries go to 127.0.0.1 here).
process.env.TRANCHE_WEBHOOK_ALLOW_PRIVATE = '1';
const { zeroAddress } = await import('../api/src/index.ts');
const { devAccountKeys, startDevChain } = await import('../contracts/src/index.ts');
const { jobRunnerOf } = await import('../server/src/jobs/runner.ts');
const { createTestUser } = await import('../server/src/modules/credentials/testing.ts');
const { addressOfKey, randomAddresses, setupIssuerChain } = await import(
  '../server/src/modules/drafts/testing.ts'
);
const { queueTestDeliveries, readJob } = await import('../server/src/modules/webhooks/testing.ts');
const { createTestApp } = await import('../server/test/helpers.ts');

const deliveryCount = Number(process.env.DELIVERIES ?? 1000);
const limitMs = Number(process.env.LIMIT_S ?? 120) * 1000;
const issuer = addressOfKey(devAccountKeys[1]);

// The silent endpoint: accepts every connection, never answers.
const sockets: Socket[] = [];
const silent = createServer((socket) => {
  sockets.push(socket);
  socket.on('error', () => undefined);
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const silentPort = (silent.address() as { port: number }).port;

const chain = await startDevChain({ port: 0 });
const setup = await setupIssuerChain(chain.rpcUrl, [issuer]);
const investors = randomAddresses(10);
await setup.verify(investors);
const t = await createTestApp({ kind: 'pglite', chain });
try {
  const user = await createTestUser(t, 'bench');
  const token = (symbol: string) => ({
    symbol,
    name: `Lane ${symbol}`,
    exchangeRate: 1,
    currency: 'EUR' as const,
    codebaseId: 1,
    whitelistAddress: setup.whitelistAddress,
    controllerAddress: zeroAddress,
    investors: investors.map((publicAddress, i) => ({ publicAddress, investmentAmount: 100 + i })),
  });
  await user.client.call('createDraft', { body: { bulk: { tokens: [token('LANEA'), token('LANEB')] } } });

  /** Seconds from the deploy request until its job is done (undefined: not within the limit). */
  const deploy = async (symbol: string): Promise<number | undefined> => {
    const started = performance.now();
    const { jobId } = await user.client.call('deployDraft', {
      body: { txMode: 2, symbol, accountAddress: issuer, ownerAddress: issuer },
    });
    while (performance.now() - started < limitMs) {
      const job = await readJob(t.ctx.db, jobId);
      if (job?.state === 'done') return (performance.now() - started) / 1000;
      if (job?.state === 'failed') throw new Error(`the deployment failed: ${job.lastError}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return undefined;
  };

  const alone = await deploy('LANEA');
  // Another account's endpoint, its deliveries queued by the runner as the event recorder queues them.
  const other = await createTestUser(t, 'bench-other');
  await queueTestDeliveries(
    t.ctx,
    jobRunnerOf(t.app, t.ctx),
    other.accountId,
    `http://127.0.0.1:${silentPort}/hook`,
    deliveryCount,
  );
  const behind = await deploy('LANEB');
  const figure = (s: number | undefined) =>
    s === undefined ? `not done after ${limitMs / 1000} s` : `${s.toFixed(2)} s`;
  console.log(`draft deployment, no delivery queued:           ${figure(alone)}`);
  console.log(`draft deployment, ${deliveryCount} to a silent endpoint:  ${figure(behind)}`);
  console.log(`connections the silent endpoint accepted:       ${sockets.length}`);
  const delay = alone !== undefined && behind !== undefined ? behind - alone : undefined;
  console.log(
    `delay:                                          ${delay === undefined ? 'n/a' : `${delay.toFixed(2)} s`} (goal < 2 s)`,
  );
  if (delay === undefined || delay >= 2) process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.destroy();
  silent.close();
  await t.close();
  setup.close();
  await chain.stop();
}
