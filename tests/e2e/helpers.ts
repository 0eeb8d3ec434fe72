import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { demoLogins } from './fixtures.ts';

let counter = 0;

/** A fresh address for each account a test makes, so tests never share state. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

type OutboxMail = { id: number; to: string; subject: string; text: string; createdOn: string };

const outboxTokens = new Map<string, string>();

/**
 * The local outbox needs a session; on loopback any session reads all of it. Tests read it as the demo account
 * the server printed at start.
 */
export async function outboxMail(request: APIRequestContext, baseUrl: string): Promise<OutboxMail[]> {
  let token = outboxTokens.get(baseUrl);
  if (!token) {
    const demo = demoLogins.get(baseUrl);
    if (!demo) throw new Error(`No demo login known for ${baseUrl}`);
    const login = await request.post(`${baseUrl}/api/login`, { data: demo });
    token = ((await login.json()) as { data: { jwt: string } }).data.jwt;
    outboxTokens.set(baseUrl, token);
  }
  const answer = await request.get(`${baseUrl}/api/local/outbox`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { data: OutboxMail[] }).data;
}

/** The newest mail for an address in the local outbox (local mode), waiting for it to arrive. */
export async function readMail(
  request: APIRequestContext,
  baseUrl: string,
  to: string,
  subject: RegExp,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxMail(request, baseUrl)).find(
          (mail) => mail.to === to && subject.test(mail.subject),
        );
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`No mail to ${to}`);
  return found;
}

export function codeIn(text: string): string {
  const match = /code is: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`No code in mail: ${text}`);
  return match[1];
}

/** Signs up and confirms an account through the API, for tests that are about something else. */
export async function createAccount(
  request: APIRequestContext,
  baseUrl: string,
  options: { email?: string; password?: string; profileName?: string } = {},
): Promise<{ email: string; password: string; profileName: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const profileName = options.profileName ?? 'Acme Issuer';
  const created = await request.post(`${baseUrl}/api/accounts`, {
    data: { loginName: email, emailAddress: email, password, profileName },
  });
  expect(created.status()).toBe(200);
  const mail = await readMail(request, baseUrl, email, /confirmation code/);
  const confirmed = await request.post(`${baseUrl}/api/accounts/confirm`, {
    data: { confirmationCode: codeIn(mail.text) },
  });
  expect(confirmed.status()).toBe(200);
  return { email, password, profileName };
}

/** Fills and sends the Login form. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/Login');
  await page.getByRole('textbox', { name: 'Login' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Logs in through the Login page and waits until the console is shown logged in (the My Account menu, or on a phone
 * the Menu button the links fold behind).
 */
export async function loginInBrowser(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^(My Account|Menu)/ }),
  ).toBeVisible();
  // The logged-in navigation shows a moment before the console leaves /Login for the page it lands on; the header's
  // search box starts afresh on that navigation, so a test typing into it must wait for the landing.
  await expect(page).not.toHaveURL(/\/Login$/);
}

/** A logged-in API client for setup: `data` of each answer, or an Error naming the route and the server's message. */
export type Api = {
  get: (path: string) => Promise<unknown>;
  post: (path: string, data: unknown) => Promise<unknown>;
};

export async function apiAs(
  request: APIRequestContext,
  baseUrl: string,
  login: { loginName: string; password: string },
): Promise<Api> {
  const answer = await request.post(`${baseUrl}/api/login`, { data: login });
  const headers = {
    authorization: `Bearer ${((await answer.json()) as { data: { jwt: string } }).data.jwt}`,
  };
  const unwrap = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const body = (await response.json()) as { data?: unknown; error?: { message: string } };
    if (response.status() !== 200) throw new Error(`${response.url()}: ${body.error?.message}`);
    return body.data;
  };
  return {
    get: async (path) => unwrap(await request.get(`${baseUrl}/api${path}`, { headers })),
    post: async (path, data) => unwrap(await request.post(`${baseUrl}/api${path}`, { headers, data })),
  };
}

/** Connects (or switches) the embedded chain's 'Local development account' wallet to `address` via the header strip. */
export async function connectAs(page: Page, address: string): Promise<void> {
  await page.getByRole('region', { name: 'Wallet' }).getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(address, 'i')).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText(address);
}

/** Waits for the TxWizard to report the transaction mined and continues. */
export async function mined(page: Page, timeout = 30_000): Promise<void> {
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout });
  await page.getByRole('button', { name: 'Sounds good. Continue.' }).click();
}

/** Fills and sends the sign-up form at /SignUp in the browser. */
export async function signUpInBrowser(
  page: Page,
  email: string,
  profileName: string,
  /** Runs on the filled form before it is sent (the user guide's screenshot). */
  filled?: () => Promise<void>,
): Promise<void> {
  await page.goto('/SignUp');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a strong password');
  await page.getByLabel('Re-type password').fill('a strong password');
  await page.getByLabel('Profile name').fill(profileName);
  await filled?.();
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/**
 * Raw text no person should read (issue 34): a provider's revert dump, error data (0x and 8 or more hex digits that
 * are neither an address nor a hash), a value that never arrived, a number that is not one, an object printed.
 */
const rawTextPatterns: [RegExp, string][] = [
  [/execution reverted/i, 'a raw revert'],
  [/\bundefined\b/, 'the word undefined'],
  [/\bNaN\b/, 'NaN'],
  [/\[object Object\]/, '[object Object]'],
];

/** Hex after 0x that is not an address (40 digits) or a hash (64): error data, a selector, raw call data. */
function errorData(text: string): string[] {
  return [...text.matchAll(/0x([0-9a-fA-F]{8,})/g)]
    .filter((match) => match[1]?.length !== 40 && match[1]?.length !== 64)
    .map((match) => match[0]);
}

/**
 * Fails when the page shows raw provider or program text: `execution reverted`, `0x` error data, `undefined`,
 * `NaN`, `[object Object]`, or a table header in camelCase (`holderAddress`) instead of words.
 */
export async function expectNoRawText(page: Page): Promise<void> {
  await page.waitForLoadState();
  // biome-ignore lint/performance/useDomNodeTextContent: innerText is the text shown (textContent has hidden text too).
  const text = await page.locator('body').innerText();
  const found = rawTextPatterns
    .filter(([pattern]) => pattern.test(text))
    .map(([pattern, what]) => `${what}: …${excerpt(text, pattern)}…`);
  for (const data of errorData(text)) found.push(`error data: ${data}`);
  // Every header cell shown (a hidden one reads ''), without a sort arrow's glyph around its words.
  for (const shown of await page.locator('th, [role="columnheader"]').allInnerTexts()) {
    const header = shown.replace(/^[^\w]+|[^\w]+$/g, '');
    if (/^[a-z]+[A-Z]\w*$/.test(header)) found.push(`camelCase column header: ${header}`);
  }
  expect(found, `raw text on ${page.url()}`).toEqual([]);
}

function excerpt(text: string, pattern: RegExp): string {
  const at = text.search(pattern);
  return text.slice(Math.max(0, at - 60), at + 60).replace(/\s+/g, ' ');
}

/**
 * On /Permissions after a scheme was deployed: opens the scheme, checks `address` and grants it the operator right
 * (Security Manager), which the server signs with the address's registered key.
 */
export async function grantOperatorRight(page: Page, scheme: string, address: string): Promise<void> {
  await page.getByRole('tab', { name: 'Permission schemes' }).click();
  await page.getByRole('button', { name: `Edit ${scheme}` }).click();
  await page.getByRole('tab', { name: 'Access rights' }).click();
  await page.getByRole('textbox', { name: 'Wallet address' }).fill(address);
  await page.getByRole('button', { name: 'Check' }).click();
  const op = page.getByRole('switch', { name: 'Security Manager (OP)' });
  await expect(op).toBeEnabled();
  await op.click();
  await page.getByRole('button', { name: 'Apply Permissions' }).click();
  await expect(page.getByText('The access rights were changed')).toBeVisible({ timeout: 30_000 });
}

/**
 * The chain's clock: GET /health's chainTime, its latest block's time, by which the server and the contracts judge
 * claim deadlines (a dev chain's clock may have been moved ahead of the wall clock) and the console's forms take
 * their dates.
 */
export async function chainDate(request: APIRequestContext, baseUrl: string): Promise<Date> {
  const answer = await request.get(`${baseUrl}/api/health`);
  expect(answer.ok()).toBe(true);
  return new Date(((await answer.json()) as { data: { chainTime: string } }).data.chainTime);
}

/** A date or datetime-local field's value as a time (milliseconds), read in the page's time zone. */
export async function fieldTime(page: Page, field: Locator): Promise<number> {
  const value = await field.inputValue();
  return page.evaluate((local) => new Date(local).getTime(), value);
}

/** Agrees to a token operation's confirmation (Issue, Redeem, the controller's): 'Yes, continue'. */
export async function confirmOperation(page: Page, title: string): Promise<void> {
  await page.getByRole('alertdialog', { name: title }).getByRole('button', { name: 'Yes, continue' }).click();
}
