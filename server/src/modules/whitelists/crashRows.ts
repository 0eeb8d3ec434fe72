import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiClient } from '@tranche/api';
import { devAccountKeys, startDevChain } from '@tranche/contracts';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { expect } from 'vitest';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { type CrashRow, crashHarness } from '../../jobs/crashTesting.ts';
import { schemeWithRights, whitelistOf } from '../rbac/testing.ts';
import { whitelistInterface } from './onChain.ts';

/**
 * The whitelist batch save's rows of the crash table (server/src/jobs/crash.test.ts), on a chain and database of
 * its own: at each crash point a save of 7 addresses in batches of 3 (3 batch transactions and 3 of countries)
 * stops the server; after the restart on the same database and chain the job finishes by itself, and then every
 * address is verified on-chain with the hash of its record, every record is marked verified, the key sent exactly
 * 6 transactions (nothing sent twice), and the same request again finds all 7 unchanged (nothing lost).
 */
export async function whitelistCrashRows(): Promise<CrashRow[]> {
  const rows: CrashRow[] = [];
  const chain = await startDevChain({ port: 0 });
  const provider = new JsonRpcProvider(chain.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-whitelist-crash-'));
  const harness = crashHarness(dataDir, chain.rpcUrl, { WHITELIST_BATCH_SIZE: '3' });
  try {
    const wallet = new Wallet(devAccountKeys[3] as string, provider);
    const issuer = wallet.address.toLowerCase();
    await harness.start();
    const user = () => {
      const { url, token } = harness.server;
      return { accountId: 0, token, client: createApiClient({ baseUrl: url, getToken: () => token }) };
    };
    await user().client.call('registerCredentials', {
      body: { publicKey: issuer, privateKey: devAccountKeys[3] as string },
    });
    const scheme = await schemeWithRights(user(), wallet, 'Crash scheme');
    for (const [n, point] of crashPoints.whitelist.entries()) {
      const whitelist = await whitelistOf(user(), wallet, scheme.address, `Crash list ${n}`);
      const targets = Array.from({ length: 7 }, () => Wallet.createRandom().address.toLowerCase());
      const body = {
        txMode: 2 as const,
        accountAddress: issuer,
        whitelistAddress: whitelist,
        addresses: targets.map((targetAddress, i) => ({
          targetAddress,
          legalName: `Holder ${i}`,
          contactDetails: { emailAddress: `h${i}@crash.test`, country: 'FR' },
        })),
      };
      const sentBefore = await provider.getTransactionCount(issuer, 'latest');
      const answered = await harness.crashAt(point, () => user().client.call('whitelistBulk', { body }));
      // The restarted server's job runner finishes the save: 3 batches and 3 of countries, each sent once.
      let listed = await user().client.call('listWhitelistAddresses', {
        params: { whitelistAddress: whitelist, page: 1 },
      });
      for (let i = 0; i < 300; i += 1) {
        const sent = (await provider.getTransactionCount(issuer, 'latest')) - sentBefore;
        if (sent >= 6 && listed.totalRows === 7 && listed.pagedResults.every((row) => row.transactionHash))
          break;
        await new Promise((resolve) => setTimeout(resolve, 200));
        listed = await user().client.call('listWhitelistAddresses', {
          params: { whitelistAddress: whitelist, page: 1 },
        });
      }
      const sent = (await provider.getTransactionCount(issuer, 'latest')) - sentBefore;
      expect(sent, `${point}: transactions the key sent`).toBe(6);
      expect(listed.totalRows).toBe(7);
      const contract = new Contract(whitelist, whitelistInterface, provider);
      for (const record of listed.pagedResults) {
        expect(record.transactionHash, `${point}: ${record.publicAddress} marked verified`).toBeTruthy();
        expect(await contract.getFunction('verificationHash')(record.publicAddress)).toBe(record.hash);
        expect(await contract.getFunction('countryOf')(record.publicAddress)).toBe('0x4652');
      }
      const again = await user().client.call('whitelistBulk', { body });
      expect([again.saved, again.unchanged, again.errorMessages.length]).toEqual([0, 7, 0]);
      rows.push({
        flow: 'whitelist batch',
        point,
        outcome: `resumed after restart (request: ${answered})`,
        chain: `7 verified once, ${sent} transactions (expected 6)`,
        after: 'records = chain hashes; same request: 7 unchanged',
      });
    }
    return rows;
  } finally {
    harness.server.child.kill('SIGTERM');
    provider.destroy();
    await chain.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
