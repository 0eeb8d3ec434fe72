import { keyMessages } from '@tranche/api';
import { type DevChain, devAccountKeys } from '@tranche/contracts';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
} from '../../../test/helpers.ts';
import { credentials } from './schema.ts';
import { registeredKeyOf, signingKeyFor } from './service.ts';
import { createTestUser, type TestUser } from './testing.ts';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

describe.each(databaseKinds)('credentials on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const key = devAccountKeys[5];
  const address = new Wallet(key).address;

  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    alice = await createTestUser(t, 'alice');
    bob = await createTestUser(t, 'bob');
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers a key without 0x, encrypts it at rest and answers the check', async () => {
    expect(await alice.client.call('checkCredentials', { params: { address } })).toBe(false);
    await alice.client.call('registerCredentials', {
      body: { publicKey: address.toUpperCase().replace('0X', '0x'), privateKey: key.slice(2) },
    });
    expect(await alice.client.call('checkCredentials', { params: { address } })).toBe(true);
    expect(
      await alice.client.call('checkCredentials', { params: { address: address.slice(2).toLowerCase() } }),
    ).toBe(true);
    const rows = await t.ctx.db.select().from(credentials);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.address).toBe(address.toLowerCase());
    expect(rows[0]?.encryptedKey).not.toContain(key.slice(2));
    expect(rows[0]?.encryptedKey.startsWith('v1.')).toBe(true);
    expect(await signingKeyFor(t.ctx, alice.accountId, address)).toBe(key);
    // The chain service's sweep finds it (to replace a transaction of it stuck under too low a fee); nothing else.
    expect(await registeredKeyOf(t.ctx, address)).toBe(key);
    expect(await registeredKeyOf(t.ctx, Wallet.createRandom().address)).toBeUndefined();
  });

  it('accepts a leading 0x and lets the same account replace its key', async () => {
    await alice.client.call('registerCredentials', { body: { publicKey: address, privateKey: key } });
    expect(await t.ctx.db.select().from(credentials)).toHaveLength(1);
  });

  it('refuses an address another account registered, and never hands out its key', async () => {
    const error = await failureOf(
      bob.client.call('registerCredentials', { body: { publicKey: address, privateKey: key } }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(keyMessages.addressTaken);
    expect(await bob.client.call('checkCredentials', { params: { address } })).toBe(false);
    await expect(signingKeyFor(t.ctx, bob.accountId, address)).rejects.toThrow(
      keyMessages.notRegistered(address),
    );
  });

  it('refuses a key that does not match the address', async () => {
    const other = new Wallet(devAccountKeys[6]).address;
    const error = await failureOf(
      alice.client.call('registerCredentials', { body: { publicKey: other, privateKey: key } }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(keyMessages.keyMismatch);
  });

  it('validates the input with the spec texts', async () => {
    const cases: [unknown, string][] = [
      [{ privateKey: key }, keyMessages.publicKeyRequired],
      [{ publicKey: '  ', privateKey: key }, keyMessages.publicKeyRequired],
      [{ publicKey: '0x1234', privateKey: key }, keyMessages.publicKeyInvalid],
      [{ publicKey: address }, keyMessages.privateKeyRequired],
      [{ publicKey: address, privateKey: '0xnothex' }, keyMessages.privateKeyInvalid],
      [{ publicKey: address, privateKey: key.slice(0, 40) }, keyMessages.privateKeyInvalid],
    ];
    for (const [body, message] of cases) {
      const error = await failureOf(
        alice.client.call('registerCredentials', { body: body as { publicKey: string; privateKey: string } }),
      );
      expect([error.statusCode, error.message]).toEqual([400, message]);
    }
    const bad = await failureOf(
      alice.client.call('checkCredentials', { params: { address: 'not-an-address' } }),
    );
    expect([bad.statusCode, bad.message]).toEqual([400, keyMessages.publicKeyInvalid]);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/credentials/check/${address}` });
    expect(response.statusCode).toBe(401);
  });
});
