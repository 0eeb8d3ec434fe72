import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiClient, dtxStatuses, dtxTypes, zeroAddress } from '@tranche/api';
import { devAccountKeys } from '@tranche/contracts';
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import { randomAddresses, setupIssuerChain } from '../modules/drafts/testing.ts';
import { backupMessages } from './archive.ts';
import {
  committedShardedKey,
  killProducts,
  loggedIn,
  type Product,
  runCommand,
  signedUp,
  startProduct,
} from './product.ts';

const cli = 'server/src/backup/cli.ts';
const passphrase = 'correct horse battery staple';
const issuer = new Wallet(devAccountKeys[1] as string).address.toLowerCase();
const tokenOwner = new Wallet(devAccountKeys[3] as string).address.toLowerCase();
const demoLogin = 'demo@tranche.local';
const bobLogin = 'bob@backup.test';
const bobPassword = 'a long password for bob';
const work = mkdtempSync(path.join(tmpdir(), 'tranche-backup-'));

afterAll(async () => {
  await killProducts();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function balances(rpcUrl: string, token: string, holders: string[]): Promise<bigint[]> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  const contract = new Contract(token, ['function balanceOf(address) view returns (uint256)'], provider);
  return Promise.all(holders.map((h) => contract.getFunction('balanceOf')(h) as Promise<bigint>)).finally(
    () => provider.destroy(),
  );
}

/** A 2-of-2 issue by the sharded key (demo starts, bob approves); answers the transaction's final status. */
async function shardedIssue(
  demo: ApiClient,
  bob: ApiClient,
  key: string,
  codes: Map<string, string>,
  holder: string,
): Promise<number> {
  const { id } = await demo.call('startDtx', {
    body: {
      symbol: 'BAK',
      accountAddress: key,
      accessCode: codes.get(demoLogin) as string,
      txType: dtxTypes.issue,
      txData: { holderAddress: holder, amount: '7', partition: 'backup', additionalData: 'x' },
    },
  });
  await bob.call('approveDtx', {
    body: { id, accountAddress: key, accessCode: codes.get(bobLogin) as string },
  });
  const detail = await waitFor(
    () => demo.call('getDtx', { params: { id: String(id) } }),
    (d) => d.tx.txStatus !== dtxStatuses.executing,
    'the sharded issue',
  );
  return detail.tx.txStatus;
}

describe('npm run backup / restore', () => {
  it('backs up a running product (tokens, keys, a sharded key, drafts) and a restore into an empty directory finds everything', async () => {
    const original = path.join(work, 'original');
    const product: Product = await startProduct(original);
    const demo = await loggedIn(product.url, demoLogin, product.demoPassword);
    await signedUp(product.url, bobLogin, bobPassword);

    // A scheme and whitelist on the embedded chain, the issuer's key registered, a token deployed by the server.
    const investors = randomAddresses(3);
    const [shardHolder] = randomAddresses(1) as [string];
    const issuerChain = await setupIssuerChain(product.rpcUrl, [issuer]);
    await issuerChain.verify([...investors, shardHolder]);
    await demo.call('registerCredentials', {
      body: { publicKey: issuer, privateKey: devAccountKeys[1] as string },
    });
    const draft = (symbol: string) => ({
      symbol,
      name: `${symbol} Co`,
      exchangeRate: 1,
      currency: 'EUR' as const,
      codebaseId: 1,
      whitelistAddress: issuerChain.whitelistAddress,
      controllerAddress: zeroAddress,
      investors: investors.map((publicAddress, i) => ({ publicAddress, investmentAmount: 100 * (i + 1) })),
    });
    await demo.call('createDraft', { body: { bulk: { tokens: [draft('BAK'), draft('KEEP')] } } });
    await demo.call('deployDraft', {
      body: { txMode: 2, symbol: 'BAK', accountAddress: issuer, ownerAddress: tokenOwner },
    });
    const deployed = await waitFor(
      () => demo.call('getDraft', { params: { symbol: 'BAK' } }),
      (d) => d.status === 2 && d.investors.every((i) => i.status === 2),
      'the deployment',
    );
    const token = deployed.contractAddress as string;

    // A 2-of-2 sharded key of demo and bob, committed, with Access Level 2 and gas.
    const { key, codes } = await committedShardedKey(demo, [demoLogin, bobLogin]);
    await issuerChain.grantLevel2(key);
    const funder = new Wallet(devAccountKeys[4] as string, issuerChain.provider);
    await (await funder.sendTransaction({ to: key, value: parseEther('1') })).wait();
    issuerChain.close();

    // The backup is taken while the product runs (through its control socket), then the product stops.
    const archive = path.join(work, 'tranche.backup');
    const taken = await runCommand(cli, ['backup', archive], original, { BACKUP_PASSPHRASE: passphrase });
    expect(taken.stderr).toBe('');
    expect(taken.stdout).toMatch(
      /^Backed up .* \(running\) to .*tranche\.backup \(\d+ bytes\): pglite\.tar\.gz, chain-state\.json, demo-account\.json, jwt-secret, master\.key\.\n$/,
    );
    const before = await balances(product.rpcUrl, token, investors);
    expect(before).toEqual([100n, 200n, 300n]);
    expect(await product.stop()).toBe(0);

    // Refusals: a wrong passphrase, and a DATA_DIR that is not empty; each one line.
    const restored = path.join(work, 'restored');
    const wrong = await runCommand(cli, ['restore', archive], restored, {
      BACKUP_PASSPHRASE: 'not the passphrase',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(`${backupMessages.wrongPassphrase(archive)}\n`);
    expect(existsSync(restored)).toBe(false);
    const occupied = path.join(work, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'notes.txt'), 'keep me');
    const refused = await runCommand(cli, ['restore', archive], occupied, { BACKUP_PASSPHRASE: passphrase });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^.*occupied \(DATA_DIR\) is not empty: restore into an empty directory, or add --force.*\n$/,
    );
    expect(readdirSync(occupied)).toEqual(['notes.txt']);

    const done = await runCommand(cli, ['restore', archive], restored, { BACKUP_PASSPHRASE: passphrase });
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);

    // The restored product: same logins, drafts, token balances on the restored chain, registered and sharded keys.
    const again = await startProduct(restored);
    expect(again.demoPassword).toBe(product.demoPassword);
    const demo2 = await loggedIn(again.url, demoLogin, product.demoPassword);
    const bob2 = await loggedIn(again.url, bobLogin, bobPassword);
    const keep = await demo2.call('getDraft', { params: { symbol: 'KEEP' } });
    expect(keep.investors.map((i) => i.investorAddress)).toEqual(investors);
    const bak = await demo2.call('getDraft', { params: { symbol: 'BAK' } });
    expect(bak.contractAddress).toBe(token);
    expect(await balances(again.rpcUrl, token, investors)).toEqual(before);
    expect(await demo2.call('checkCredentials', { params: { address: issuer } })).toBe(true);
    // The sharded key still signs: its shards open under the restored master key.
    expect(await shardedIssue(demo2, bob2, key, codes, shardHolder)).toBe(dtxStatuses.done);
    expect(await balances(again.rpcUrl, token, [shardHolder])).toEqual([7n]);
    expect(await again.stop()).toBe(0);
  }, 600_000);
});
