import type { AddressInfo } from 'node:net';
import { type ApiClient, createApiClient } from '@tranche/api';
import type { TestApp } from '../../../test/helpers.ts';
import { insertAccount } from '../accounts/repository.ts';

export type TestUser = { accountId: number; token: string; client: ApiClient };

let counter = 0;

/** Listens on a free port (once) and answers the base URL of a test app. */
export async function baseUrlOf(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A confirmed account with a live session and an API client calling as that account (tests only). */
export async function createTestUser(t: TestApp, name = 'user'): Promise<TestUser> {
  counter += 1;
  const login = `${name}-${process.pid}-${counter}@tranche.test`;
  const row = await insertAccount(t.ctx.db, {
    loginName: login,
    emailAddress: login,
    profileName: name,
    passwordHash: 'not-used-in-tests',
    confirmedOn: new Date(),
  });
  if (!row) throw new Error('account not created');
  const token = await t.ctx.sessions.issue({ accountId: row.id, sessionVersion: row.sessionVersion });
  const client = createApiClient({ baseUrl: await baseUrlOf(t), getToken: () => token });
  return { accountId: row.id, token, client };
}
