// Several instances on one PostgreSQL (issue 20): three server processes on one database and one Anvil; prints
// server-signed operations per second (POST /token/issue from one key, BENCH_OPS concurrent, until every one is
// mined) sent to 1, 2 and 3 of them, and read requests per second (GET /projects/search, autocannon, BENCH_SECONDS)
// sent to 1 and 2 of them. The instances not sent to keep running (one of them may be the indexer's leader).
// Usage: pnpm bench cluster   (BENCH_OPS 60, BENCH_SECONDS 5, BENCH_CONNECTIONS 10; TEST_DATABASE_URL for the server)
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { devWallets } from '../server/src/modules/tokens/testing.ts';
import {
  createClusterDatabase,
  type Instance,
  JsonRpcProvider,
  minedReceipt,
  Network,
  setupIssuer,
  startDevChain,
  startInstance,
  stopInstance,
} from '../server/test/cluster/cluster.ts';

const ops = Number(process.env.BENCH_OPS ?? 60);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const secrets = { jwtSecret: randomBytes(24).toString('hex'), masterKey: randomBytes(32).toString('hex') };

const chain = await startDevChain({ port: 0 });
const database = await createClusterDatabase();
const provider = new JsonRpcProvider(chain.rpcUrl, Network.from(chain.chainId), { staticNetwork: true });
const wallets = devWallets(provider);
const { jwt } = await setupIssuer(database.url, wallets, secrets);
const env = { databaseUrl: database.url, rpcUrl: chain.rpcUrl, ...secrets };
const instances: Instance[] = [];
try {
  instances.push(...(await Promise.all(['a', 'b', 'c'].map((name) => startInstance(name, env)))));
  const headers = { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' };
  let amount = 0n;
  for (const n of [1, 2, 3]) {
    const started = Date.now();
    const hashes = await Promise.all(
      Array.from({ length: ops }, async (_, i) => {
        amount += 1n;
        const response = await fetch(`${instances[i % n]?.url}/api/token/issue`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            symbol: 'CLU',
            accountAddress: wallets.owner.address,
            txMode: 2,
            holderAddress: wallets.holders[0]?.address,
            amount: amount.toString(),
            partition: 'CLASS-A',
            additionalData: 'bench',
          }),
        });
        const body = (await response.json()) as { data?: { transactionHash?: string } };
        return body.data?.transactionHash;
      }),
    );
    for (const hash of hashes) if (hash) await minedReceipt(provider, hash, { pollMs: 20 });
    const elapsed = (Date.now() - started) / 1000;
    const accepted = hashes.filter(Boolean).length;
    console.log(
      `server-signed issues, ${n} instance(s): ${accepted}/${ops} accepted and mined in ${elapsed.toFixed(1)} s = ${(accepted / elapsed).toFixed(1)} ops/s`,
    );
  }
  for (const n of [1, 2]) {
    const results = await Promise.all(
      instances.slice(0, n).map((instance) =>
        autocannon({
          url: `${instance.url}/api/projects/search?term=CLU`,
          headers: { authorization: `Bearer ${jwt}` },
          connections: Math.max(1, Math.round(connections / n)),
          duration: seconds,
        }),
      ),
    );
    const total = results.reduce((sum, r) => sum + r.requests.average, 0);
    const errors = results.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    console.log(
      `GET /projects/search, ${n} instance(s), ${connections} connections: ${total.toFixed(0)} req/s (${errors} errors or non-2xx)`,
    );
  }
} finally {
  await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGKILL')));
  provider.destroy();
  await chain.stop();
  await database.drop();
}
