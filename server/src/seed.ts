import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PasswordHashingOptions } from './context.ts';
import type { Database } from './db/database.ts';
import { randomCode } from './crypto/tokens.ts';
import { findAccountByLogin, insertAccount } from './modules/accounts/repository.ts';
import { hashPassword } from './modules/accounts/service.ts';

export const demoLogin = 'demo@tranche.local';
export const demoProfileName = 'Demo Issuer';

export type DemoAccount = { loginName: string; password: string };

/**
 * Local mode: on first start, a confirmed demo issuer account so a new user can log in at once.
 * Its generated password is kept in DATA_DIR/demo-account.json (mode 0600) and printed at every start.
 * Answers undefined when the account exists but its password file is gone.
 */
export async function seedDemoAccount(
  db: Database,
  dataDir: string,
  passwordHashing: PasswordHashingOptions,
): Promise<DemoAccount | undefined> {
  const file = path.join(dataDir, 'demo-account.json');
  const existing = await findAccountByLogin(db, demoLogin);
  if (existing) {
    if (!existsSync(file)) return undefined;
    return JSON.parse(readFileSync(file, 'utf8')) as DemoAccount;
  }
  const password = `demo-${randomCode(10).toLowerCase()}`;
  await insertAccount(db, {
    loginName: demoLogin,
    emailAddress: demoLogin,
    profileName: demoProfileName,
    passwordHash: await hashPassword(password, passwordHashing),
    confirmedOn: new Date(),
  });
  const account = { loginName: demoLogin, password };
  writeFileSync(file, `${JSON.stringify(account)}\n`, { mode: 0o600 });
  return account;
}
