import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dtxStatuses } from '@tranche/api';
import { devAccountKeys } from '@tranche/contracts';
import { Wallet } from 'ethers';
import { afterAll, describe, expect, it } from 'vitest';
import {
  committedShardedKey,
  killProducts,
  loggedIn,
  runCommand,
  signedUp,
  startProduct,
} from '../backup/product.ts';
import { openDatabase } from '../db/database.ts';
import { crashPoints } from '../jobs/crashPoints.ts';
import { decryptSecret } from './aesGcm.ts';
import { allSealedValues } from './sealedColumns.ts';
import { parseMasterKey } from './secrets.ts';

const cli = 'server/src/crypto/rotateCli.ts';
const demoLogin = 'demo@tranche.local';
const bobLogin = 'bob@rotation.test';
const bobPassword = 'a long password for bob';
const work = mkdtempSync(path.join(tmpdir(), 'tranche-rotation-'));

afterAll(async () => {
  await killProducts();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

const keyIn = (dataDir: string) =>
  parseMasterKey(readFileSync(path.join(dataDir, 'master.key'), 'utf8').trim());

/** How many sealed values of each place open under `key`, and how many do not. */
async function sealedUnder(
  dataDir: string,
  key: Buffer,
): Promise<{ places: Set<string>; opened: number; not: number }> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const places = new Set<string>();
  let opened = 0;
  let not = 0;
  try {
    for await (const value of allSealedValues(database.db)) {
      places.add(value.column);
      try {
        decryptSecret(key, value.sealed, value.binding);
        opened += 1;
      } catch {
        not += 1;
      }
    }
  } finally {
    await database.close();
  }
  return { places, opened, not };
}

describe('npm run rotate-master-key', () => {
  it('re-seals every sealed secret under a new key; stopped at each crash point, the next run finishes it', async () => {
    const dataDir = path.join(work, 'data');
    const product = await startProduct(dataDir);
    const demo = await loggedIn(product.url, demoLogin, product.demoPassword);
    await signedUp(product.url, bobLogin, bobPassword);
    // A secret of every kind: outbox mail (sign-up, PDF passwords), a registered key, a webhook secret, a sharded
    // key's shares and PDFs, and the approval share of a pending distributed transaction (a reshard bob must approve).
    await demo.call('registerCredentials', {
      body: {
        publicKey: new Wallet(devAccountKeys[5] as string).address,
        privateKey: devAccountKeys[5] as string,
      },
    });
    await demo.call('createWebhook', {
      body: { url: 'https://93.184.215.14/hook', events: ['draft.deployed'] },
    });
    const { key, codes } = await committedShardedKey(demo, [demoLogin, bobLogin]);
    const { id: reshardId } = await demo.call('reshard', {
      body: {
        accountAddress: key,
        accessCode: codes.get(demoLogin) as string,
        minimum: 2,
        recipients: [demoLogin, bobLogin],
      },
    });
    expect(await product.stop()).toBe(0);

    const first = keyIn(dataDir);
    const before = await sealedUnder(dataDir, first);
    expect(before.not).toBe(0);
    expect(before.places.size).toBeGreaterThanOrEqual(5);

    let old = first;
    for (const point of crashPoints.masterKey) {
      const crashed = await runCommand(cli, [], dataDir, { TRANCHE_CRASH_AT: point });
      expect(crashed.code, crashed.stderr).toBe(86);
      expect(crashed.stderr).toContain(`crash point ${point}`);
      if (point === 'masterKey:batch') {
        // Tranche refuses to start on a half-rotated database, in one line.
        const refused = await startProduct(dataDir).then(
          () => 'started',
          (error: Error) => error.message,
        );
        expect(refused).toMatch(
          /A master key rotation is unfinished \(started [^)]+\): run npm run rotate-master-key again to finish it before starting Tranche\./,
        );
      }
      const finished = await runCommand(cli, [], dataDir);
      expect(finished.stderr).toBe('');
      expect(finished.stdout).toMatch(
        /^Finishing the master key rotation started .*\nRe-sealed \d+ secrets under a new master key, now in .*master\.key\./,
      );
      const now = keyIn(dataDir);
      expect(now.equals(old)).toBe(false);
      const after = await sealedUnder(dataDir, now);
      expect({ point, opened: after.opened, not: after.not }).toEqual({
        point,
        opened: before.opened,
        not: 0,
      });
      expect((await sealedUnder(dataDir, old)).opened).toBe(0);
      old = now;
    }

    // MASTER_KEY from the environment needs NEW_MASTER_KEY: one line.
    const envOnly = await runCommand(cli, [], dataDir, { MASTER_KEY: old.toString('hex') });
    expect(envOnly.code).toBe(1);
    expect(envOnly.stderr).toBe(
      'MASTER_KEY comes from the environment: set NEW_MASTER_KEY to the new key (e.g. openssl rand -hex 32) and run again.\n',
    );

    // The product on the rotated key: the outbox opens, and the pending reshard completes with bob's approval (demo's
    // approval share and bob's key share open under the new master key).
    const again = await startProduct(dataDir);
    const demo2 = await loggedIn(again.url, demoLogin, product.demoPassword);
    const bob2 = await loggedIn(again.url, bobLogin, bobPassword);
    expect((await demo2.call('localOutbox')).some((mail) => /opens with this password/.test(mail.text))).toBe(
      true,
    );
    await bob2.call('approveDtx', {
      body: { id: reshardId, accountAddress: key, accessCode: codes.get(bobLogin) as string },
    });
    let status = (await demo2.call('getDtx', { params: { id: String(reshardId) } })).tx.txStatus;
    for (let i = 0; i < 300 && status === dtxStatuses.executing; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await demo2.call('getDtx', { params: { id: String(reshardId) } })).tx.txStatus;
    }
    expect(status).toBe(dtxStatuses.done);
    expect(await demo2.call('getShardedKey', { params: { address: key } })).toMatchObject({
      reshardPending: true,
    });
    expect(await again.stop()).toBe(0);

    // A MASTER_KEY other than the rotated one is refused at start, in one line.
    const wrongKey = await startProduct(dataDir, { MASTER_KEY: first.toString('hex') }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(wrongKey).toMatch(
      /MASTER_KEY is not the key the secrets were re-sealed under by the rotation of /,
    );
  }, 900_000);
});
