import type { APIRequestContext, Page } from '@playwright/test';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';
import { rpc } from './historyHelpers.ts';

const issuer = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'; // dev account #8
const investors = [
  '0x1000000000000000000000000000000000000001',
  '0x1000000000000000000000000000000000000002',
  '0x1000000000000000000000000000000000000003',
];
const isVerifiedSelector = '0xb9209e33';

async function call<T>(
  request: APIRequestContext,
  url: string,
  jwt: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { statusCode: number; data: T; error?: { message: string } };
  expect(body.error?.message ?? 'ok').toBe('ok');
  return body.data;
}

/** A security scheme where the issuer's wallet holds OP and L1, set up through the API and the dev chain. */
async function schemeForIssuer(request: APIRequestContext, url: string, email: string, password: string) {
  const login = await request.post(`${url}/api/login`, { data: { loginName: email, password } });
  const jwt = ((await login.json()) as { data: { jwt: string } }).data.jwt;
  const { rpcUrl } = ((await (await request.get(`${url}/api/config`)).json()) as { data: { rpcUrl: string } })
    .data;
  const { txData } = await call<{ txData: { data: string } }>(request, url, jwt, 'POST', '/rbac/deploy/tx', {
    txMode: 1,
    accountAddress: issuer,
    schemeName: 'Whitelist journey scheme',
    codebaseId: 1,
    ownerAddress: issuer,
  });
  const hash = await rpc<string>(rpcUrl, 'eth_sendTransaction', [{ from: issuer, data: txData.data }]);
  let receipt: { contractAddress: string } | null = null;
  await expect
    .poll(async () => {
      receipt = await rpc<{ contractAddress: string } | null>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
      return receipt !== null;
    })
    .toBe(true);
  const scheme = (receipt as unknown as { contractAddress: string }).contractAddress;
  await call(request, url, jwt, 'POST', '/rbac/register', {
    securitySchemeAddress: scheme,
    schemeName: 'Whitelist journey scheme',
    codebaseId: 1,
  });
  const { asset } = await call<{ asset: string }>(request, url, jwt, 'GET', `/rbac/id/${scheme}`);
  const base = { targetAddress: issuer, securitySchemeAddress: scheme, accountAddress: issuer, txMode: 2 };
  await call(request, url, jwt, 'POST', '/rbac/operator', { ...base, asset });
  await call(request, url, jwt, 'POST', '/rbac/fixed/level1', base);
  return { rpcUrl };
}

async function connect(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(issuer)).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
}

test('deploy a whitelist, enqueue three addresses, save, and see them verified with hash and date', async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await page.goto('/Keys');
  await page.getByRole('textbox', { name: 'Public address' }).fill(issuer.slice(2));
  await page.getByLabel('Private key').fill(devAccountKeys[8]);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Your keys were registered')).toBeVisible();
  const { rpcUrl } = await schemeForIssuer(request, server.url, account.email, account.password);

  await page.goto('/Whitelists');
  await page.getByRole('textbox', { name: 'Name' }).fill('Journey investors');
  await page.getByLabel('Security scheme').selectOption({ label: 'Whitelist journey scheme' });
  await page.getByRole('textbox', { name: 'Owner' }).fill(issuer);
  await page.getByRole('button', { name: 'Deploy' }).click();
  await connect(page);
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'All whitelists' }).click();
  await expect(page.getByRole('cell', { name: 'Journey investors' })).toBeVisible();
  await page.getByRole('tab', { name: 'New Address' }).click();
  const form = page.getByRole('form', { name: 'New Address' });
  await form.getByRole('button', { name: 'Enqueue' }).click();
  await expect(form.getByText('The whitelist address is required')).toBeVisible();
  await expect(form.getByText('The public address is required')).toBeVisible();
  await expect(
    form.getByText('The legal name of the contact is required. Please enter a valid value and try again'),
  ).toBeVisible();
  await form.getByLabel('Whitelist').selectOption({ label: 'Journey investors' });
  await form.getByRole('textbox', { name: 'Public address' }).fill('0x12');
  await form.getByRole('button', { name: 'Enqueue' }).click();
  await expect(form.getByText('The public address specified is invalid')).toBeVisible();
  // Issue 36: the new whitelist is on the newest smart contract (WhitelistV2), whose records may expire. The second
  // investor's KYC expires 12 days after the chain's date (at 00:00 UTC, so within 12 days of the chain's time).
  const { chainTime } = (
    (await (await request.get(`${server.url}/api/health`)).json()) as {
      data: { chainTime: string };
    }
  ).data;
  const inTwelveDays = new Date(Date.parse(chainTime) + 12 * 86_400_000).toISOString().slice(0, 10);
  for (const [i, investor] of investors.entries()) {
    // The last investor is entered with a template that has a date and a bool field (part 2, section 3).
    const accredited = i === investors.length - 1;
    if (accredited) await form.getByLabel('Template').selectOption('Accredited Investor Template');
    await form.getByRole('textbox', { name: 'Public address' }).fill(investor);
    await form.getByRole('textbox', { name: 'Legal name' }).fill(`Investor ${i + 1}`);
    await form.getByRole('textbox', { name: 'Email address' }).fill(`investor${i + 1}@example.com`);
    await form.getByRole('textbox', { name: 'Country (ISO code, e.g. DE)' }).fill(i === 0 ? 'de' : 'FR');
    await form.getByRole('textbox', { name: 'Notes' }).fill('Passport checked');
    if (accredited) {
      await form.getByRole('button', { name: 'Enqueue' }).click();
      await expect(
        form.getByText(
          'The accreditation date of the contact is required. Please enter a valid value and try again',
        ),
      ).toBeVisible();
      await form.getByLabel('Accreditation date').fill('2026-03-31');
      await form.getByRole('checkbox', { name: 'Professional investor' }).check();
    }
    if (i === 1) {
      await form.getByLabel('KYC expiry date (optional)').fill('2020-01-01');
      await form.getByRole('button', { name: 'Enqueue' }).click();
      await expect(form.getByText('The expiry date should be in the future')).toBeVisible();
      await form.getByLabel('KYC expiry date (optional)').fill(inTwelveDays);
    }
    await form.getByRole('button', { name: 'Enqueue' }).click();
  }
  const pending = page.getByRole('table', { name: 'Pending changes' });
  await expect(pending.getByRole('row')).toHaveCount(4);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('3 addresses saved')).toBeVisible({ timeout: 30_000 });
  await expect(pending.getByRole('row')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  await page.getByRole('tab', { name: 'Verified Addresses' }).click();
  await expect(page.getByText('Please select a whitelist')).toBeVisible();
  await page.getByRole('tabpanel').getByLabel('Whitelist').selectOption({ label: 'Journey investors' });
  const table = page.getByRole('table', { name: 'Verified Addresses' });
  for (const investor of investors) await expect(table.getByText(investor.toLowerCase())).toBeVisible();
  await expect(table.getByText(/^0x[0-9a-f]{64}$/)).toHaveCount(3);
  await expect(table.getByText(String(new Date().getFullYear())).first()).toBeVisible();
  await expect(table.getByRole('row', { name: /0x1000000000000000000000000000000000000002/ })).toContainText(
    'expires in 12 days',
  );
  await expect(table.getByText(/^expires in/)).toHaveCount(1);
  const expiring = page.getByRole('table', { name: 'Expiring investors' });
  await expect(expiring.getByRole('row')).toHaveCount(2);
  await expect(expiring.getByRole('row', { name: /Investor 2/ })).toContainText('expires in 12 days');

  const whitelist = (
    (await (await request.get(`${server.url}/api/config`)).json()) as unknown as { data: unknown }
  ).data;
  expect(whitelist).toBeTruthy();
  const address = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('jwt') ?? '{}').token as string;
    const answer = await fetch('/api/whitelist/list', { headers: { authorization: `Bearer ${token}` } });
    const list = (await answer.json()).data as { name: string; address: string }[];
    return list.find((w) => w.name === 'Journey investors')?.address ?? '';
  });
  for (const investor of investors) {
    const result = await rpc<string>(rpcUrl, 'eth_call', [
      { to: address, data: `${isVerifiedSelector}${investor.slice(2).toLowerCase().padStart(64, '0')}` },
      'latest',
    ]);
    expect(BigInt(result)).toBe(1n);
  }

  // (A page load, so last: the wallet connection lives in the page.) /Whitelists?term= opens All whitelists searched for the term; typing keeps the term in the address.
  await page.goto('/Whitelists?term=journey');
  await expect(page.getByRole('tab', { name: 'All whitelists' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('cell', { name: 'Journey investors' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search whitelists' }).fill('nothing like it');
  await expect(page).toHaveURL(/term=nothing\+like\+it/);
  await expect(page.getByText('No whitelist matches nothing like it')).toBeVisible();
});
