import { createApiClient, type ShardedKeyResult } from '@tranche/api';
import { securitySchemeArtifact, securityTokenArtifact } from '@tranche/contracts';
import { eq } from 'drizzle-orm';
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { TestApp } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { listOutbox } from '../../mail/mailer.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';

/** The PDF password mailed to `email` last (read from the outbox, as a signer reads their mail). */
export async function mailedPdfPassword(
  ctx: { db: Database; masterKey: Buffer },
  email: string,
): Promise<string> {
  // Other mail (notifications of the key's transactions) may have come since: the last one with a password.
  const mails = await listOutbox(ctx, { to: email, limit: 50 });
  const match = mails
    .map((mail) => mail.text.match(/opens with this password: (\S+)/))
    .find((found) => found !== null);
  if (!match?.[1]) throw new Error(`no PDF password mailed to ${email}`);
  return match[1];
}

/** Opens an encrypted PDF (base64) with its password and answers its text, as a signer's PDF reader shows it. */
export async function pdfText(base64: string, password: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(Buffer.from(base64, 'base64')),
    password,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  } finally {
    await document.destroy();
  }
}

/** The access code printed in a signer's PDF. */
export async function accessCodeInPdf(base64: string, password: string): Promise<string> {
  const text = await pdfText(base64, password);
  const match = text.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
  if (!match) throw new Error('no access code in the PDF');
  return match[0];
}

/** Gives a sharded key Access Level 2 on a token's security scheme and 1 ether for gas (e2e set-up). */
export async function enableShardedKey(
  rpcUrl: string,
  tokenAddress: string,
  keys: { securityManager: string; funder: string },
  keyAddress: string,
): Promise<void> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
  try {
    const manager = new Wallet(keys.securityManager, provider);
    const token = new Contract(tokenAddress, securityTokenArtifact.abi, provider);
    const schemeAddress = (await token.getFunction('securityScheme')()) as string;
    const scheme = new Contract(schemeAddress, securitySchemeArtifact.abi, manager);
    await (await scheme.getFunction('grantLevel2')(keyAddress)).wait();
    const funder = new Wallet(keys.funder, provider);
    await (await funder.sendTransaction({ to: keyAddress, value: parseEther('1') })).wait();
  } finally {
    provider.destroy();
  }
}

/** Whether trading of a token is paused, read from the chain. */
export async function tokenIsPaused(rpcUrl: string, tokenAddress: string): Promise<boolean> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  try {
    return (await new Contract(tokenAddress, securityTokenArtifact.abi, provider).getFunction(
      'isPaused',
    )()) as boolean;
  } finally {
    provider.destroy();
  }
}

export function addressOfKey(privateKey: string): string {
  return new Wallet(privateKey).address.toLowerCase();
}

/**
 * Three signers with sessions, and a committed 2-of-3 sharded key of theirs (server tests): each signer's access code
 * read from their PDF with the mailed password, as a signer reads it, and every share marked opened.
 */
export async function committedKeyOfThree(
  t: TestApp,
  name: string,
): Promise<{ users: TestUser[]; emails: string[]; codes: string[]; keyAddress: string }> {
  const baseUrl = await baseUrlOf(t);
  const users: TestUser[] = [];
  const emails: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const user = await createTestUser(t, `${name}${i}`);
    users.push(user);
    const [row] = await t.ctx.db
      .select({ email: accounts.emailAddress })
      .from(accounts)
      .where(eq(accounts.id, user.accountId));
    emails.push(row?.email as string);
  }
  const first = users[0] as TestUser;
  const call = createApiClient({ baseUrl, getToken: () => first.token }).call as (
    id: string,
    input?: object,
  ) => Promise<unknown>;
  const created = (await call('createShardedKey', {
    body: { recipients: emails, minimum: 2 },
  })) as ShardedKeyResult;
  const keyAddress = created.publicAddress;
  await jobRunnerOf(t.app, t.ctx).idle();
  const codes: string[] = [];
  for (const share of created.shares) {
    const password = await mailedPdfPassword(t.ctx, share.emailAddress);
    codes[emails.indexOf(share.emailAddress)] = await accessCodeInPdf(share.pdf, password);
    await call('shardOpened', {
      body: { publicKey: keyAddress, emailAddress: share.emailAddress, pdfPassword: password },
    });
  }
  await call('commitShardedKey', { body: { publicKey: keyAddress, accessCode: codes[0] } });
  return { users, emails, codes, keyAddress };
}
