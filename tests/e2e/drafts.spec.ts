import { verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { bulkInvestorMessages, draftMessages, formatAmount } from '../../api/src/index.ts';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { randomAddress, readTokenBalances } from '../../server/src/modules/drafts/testing.ts';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';

/** Dev account 0: the local seed gave it Access Levels 1 and 2 in the default scheme. */
const devAccount0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

test('New Token: 20 investors as bulk text, save, deploy, progress, token info; the chain holds every amount', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(300_000);
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as { rpcUrl: string };
  const account = await createAccount(request, server.url);
  const login = await request.post(`${server.url}/api/login`, {
    data: { loginName: account.email, password: account.password },
  });
  const jwt = ((await login.json()) as { data: { jwt: string } }).data.jwt;
  const headers = { authorization: `Bearer ${jwt}` };
  const whitelists = (
    (await (await request.get(`${server.url}/api/whitelist/list`, { headers })).json()) as {
      data: { address: string; name: string }[];
    }
  ).data;
  const whitelist = whitelists[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');

  // The investors are whitelisted beforehand (dev account 0 has Access Level 1 in the seeded scheme).
  const investors = Array.from({ length: 20 }, (_, i) => ({
    address: randomAddress(),
    amount: 100 + i * 7,
  }));
  await verifyMissing(
    config.rpcUrl,
    whitelist.address,
    devAccountKeys[0],
    investors.map((i) => i.address),
  );

  await loginInBrowser(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'New Token' })).toBeVisible();
  const symbol = `J${Date.now().toString(36).toUpperCase().slice(-6)}`;

  // Defaults: the default codebase (version 1), first whitelist, EUR, rate 1; Save waits for the first investor's address.
  await expect(page.getByLabel('Whitelist')).toHaveValue(whitelist.address);
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  await expect(page.getByLabel('Exchange rate')).toHaveValue('1');
  await expect(page.getByLabel('Smart contract')).not.toHaveValue('');
  const codebase = (await page.getByLabel('Smart contract').locator('option:checked').textContent()) ?? '';
  expect(codebase).toMatch(/^\d+ - \S/);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  // Bulk text errors cite their rows.
  await page.getByRole('tab', { name: 'Investors' }).click();
  const bulk = page.getByLabel('Bulk investors');
  await bulk.fill(
    `${investors[0]?.address};\n${investors[1]?.address};x\n${investors[2]?.address};0\n${investors[3]?.address};5\n${investors[3]?.address};6`,
  );
  await page.getByRole('button', { name: 'Add bulk investors' }).click();
  for (const message of [
    bulkInvestorMessages.amountRequired(1),
    bulkInvestorMessages.amountInvalid(2),
    bulkInvestorMessages.amountNotPositive(3),
    bulkInvestorMessages.addressTwice(5),
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  await bulk.fill(investors.map((i) => `${i.address};${i.amount}`).join('\n'));
  await page.getByRole('button', { name: 'Add bulk investors' }).click();
  await expect(page.getByLabel('Public address of investor 20')).toHaveValue(investors[19]?.address ?? '');
  await expect(save).toBeEnabled();

  // Form messages: symbol, name and controller of a controllable token.
  await save.click();
  await page.getByRole('tab', { name: 'Summary' }).click();
  await expect(page.getByText(draftMessages.symbolRequired)).toBeVisible();
  await expect(page.getByText(draftMessages.nameRequired)).toBeVisible();
  await expect(page.getByText(draftMessages.controllerRequired)).toBeVisible();
  await page.getByLabel('Controller address').fill('0x0000000000000000000000000000000000000000');
  await save.click();
  await expect(page.getByText(draftMessages.controllerZero)).toBeVisible();

  await page.getByLabel('Symbol').fill(symbol.toLowerCase());
  await page.getByLabel('Token name').fill('Journey token');
  // Non-controllable: the controller becomes the zero address and the field is disabled.
  await page.getByRole('switch', { name: 'Controllable token' }).click();
  await expect(page.getByLabel('Controller address')).toBeDisabled();
  await expect(page.getByLabel('Controller address')).toHaveValue(
    '0x0000000000000000000000000000000000000000',
  );
  await save.click();

  // No wallet yet: the wallet step, then saving, then the draft view.
  await page.getByRole('button', { name: 'Connect a wallet' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(devAccount0)).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/ViewTokenDraft\\?token=${symbol}$`));
  await expect(page.getByText('Total supply:')).toBeVisible();
  // The Summary names the smart contract as 'id - description' beside the (not yet known) contract address.
  await expect(page.getByText(codebase, { exact: true })).toBeVisible();
  await expect(page.getByText('Contract address:')).toBeVisible();
  await expect(page.getByText('Not deployed yet')).toBeVisible();
  const total = investors.reduce((sum, i) => sum + i.amount, 0);
  await expect(page.getByText(formatAmount(BigInt(total)), { exact: true })).toBeVisible();
  await expect(page.getByLabel('Token owner')).toHaveValue(new RegExp(devAccount0, 'i'));

  await page.getByRole('button', { name: 'Deploy Token' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deploy', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: 'Deploying the token' });
  await expect(bar).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/TokenInfo\\?token=${symbol}$`), { timeout: 60_000 });
  // The token page shows the total supply, the sum issued: in the dashboard's tile and in the Summary card below it.
  const supply = formatAmount(BigInt(total), { symbol });
  await expect(
    page.getByLabel('Token figures').getByText('Total supply', { exact: true }).locator('..'),
  ).toContainText(supply);
  await expect(page.getByText('Total supply', { exact: true }).last().locator('..')).toContainText(supply);

  const draft = (
    (await (await request.get(`${server.url}/api/draft/${symbol}`, { headers })).json()) as {
      data: { contractAddress: string; investors: { status: number }[] };
    }
  ).data;
  expect(draft.investors.every((i) => i.status === 2)).toBe(true);
  const chain = await readTokenBalances(
    config.rpcUrl,
    draft.contractAddress,
    investors.map((i) => i.address),
  );
  expect(chain.totalSupply).toBe(BigInt(total));
  expect(chain.balances).toEqual(investors.map((i) => BigInt(i.amount)));
});
