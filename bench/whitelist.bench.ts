// Whitelisting throughput: ADDRESSES (default 1,000) new addresses with contact details through
// POST /whitelist/bulk on the embedded chain, signed by the server with the caller's registered key and batched
// by the contracts' batch sizing. Prints seconds, transactions and gas per address.
// Usage: pnpm bench whitelist   (ADDRESSES=n to change the size)
import { devAccountKeys, startDevChain, whitelistBatchSize } from '../contracts/src/index.ts';
import { createTestUser } from '../server/src/modules/credentials/testing.ts';
import { chainWallet, schemeWithRights, whitelistOf } from '../server/src/modules/rbac/testing.ts';
import { createTestApp } from '../server/test/helpers.ts';

const count = Number(process.env.ADDRESSES ?? 1000);
const chain = await startDevChain({ port: 0 });
const t = await createTestApp({ kind: 'pglite', chain });
try {
  const user = await createTestUser(t, 'bench');
  const wallet = chainWallet(chain, devAccountKeys[1]);
  const account = wallet.address.toLowerCase();
  await user.client.call('registerCredentials', {
    body: { publicKey: account, privateKey: devAccountKeys[1] },
  });
  const scheme = await schemeWithRights(user, wallet, 'Bench scheme');
  const whitelist = await whitelistOf(user, wallet, scheme.address, 'Bench whitelist');
  const addresses = Array.from({ length: count }, (_, i) => ({
    targetAddress: `0x${'be'.repeat(4)}${(i + 1).toString(16).padStart(32, '0')}`,
    legalName: `Investor ${i + 1}`,
    contactDetails: { emailAddress: `investor${i + 1}@example.com`, phoneNumber: '+44 20 0000 0000' },
  }));

  const started = performance.now();
  const answer = await user.client.call('whitelistBulk', {
    body: { txMode: 2, accountAddress: account, whitelistAddress: whitelist, asset: scheme.asset, addresses },
  });
  const seconds = (performance.now() - started) / 1000;
  if (answer.errorMessages.length > 0 || answer.saved !== count)
    throw new Error(`not all saved: ${JSON.stringify(answer.errorMessages.slice(0, 3))}`);
  const hashes = [...answer.transactionHashes.insertions, ...answer.transactionHashes.updates];
  let gas = 0n;
  for (const hash of hashes) gas += (await wallet.provider?.getTransactionReceipt(hash))?.gasUsed ?? 0n;
  console.log(`addresses:            ${count}`);
  console.log(`batch size:           ${whitelistBatchSize()} (transactions: ${hashes.length})`);
  console.log(`seconds (end to end): ${seconds.toFixed(2)}`);
  console.log(`addresses per second: ${(count / seconds).toFixed(0)}`);
  console.log(`gas per address:      ${(Number(gas) / count).toFixed(0)} (total ${gas})`);
} finally {
  await t.close();
  await chain.stop();
}
