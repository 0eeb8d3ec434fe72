import { transferRefusalWords } from '../../contracts/src/index.ts';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { addressOfKey } from '../../server/src/modules/sharding/testing.ts';
import { verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, createAccount, loginInBrowser } from './helpers.ts';
import { fundedSender } from './historyHelpers.ts';

/** Dev account 0: the local seed gave it Access Levels 1 and 2 in the default scheme. */
const devAccount0 = addressOfKey(devAccountKeys[0] as string);

/**
 * Enforcement on a version 2 token in the console (issue 36): its owner freezes part of a holder's balance from the
 * Token Holders row action with the connected wallet; the table shows the frozen amount, and the pre-check refuses a
 * transfer above the free amount with the contracts' words.
 */
test('the owner freezes part of a holder balance from the holders table', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(300_000);
  const uniq = Date.now().toString(36).toUpperCase().slice(-5);
  const symbol = `F${uniq}`;
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as { rpcUrl: string };
  const alice = await createAccount(request, server.url, { profileName: `alice ${uniq}` });
  const aliceApi = await apiAs(request, server.url, { loginName: alice.email, password: alice.password });
  const whitelist = ((await aliceApi.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  const sender = await fundedSender(config.rpcUrl);
  const receiver = addressOfKey(`0x${'7'.repeat(63)}2`);
  await verifyMissing(config.rpcUrl, whitelist.address, devAccountKeys[0] as string, [sender, receiver]);

  await loginInBrowser(page, alice.email, alice.password);
  await page.getByLabel('Smart contract').selectOption('2');
  await page.getByLabel('Symbol').fill(symbol);
  await page.getByLabel('Token name').fill(`Enforced ${uniq}`);
  await page.getByRole('switch', { name: 'Controllable token' }).click();
  await page.getByRole('tab', { name: 'Investors' }).click();
  await page.getByLabel('Bulk investors').fill(`${sender};100\n${receiver};40`);
  await page.getByRole('button', { name: 'Add bulk investors' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Connect a wallet' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(devAccount0, 'i')).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await page.getByRole('button', { name: 'Deploy Token' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/TokenInfo\\?token=${symbol}$`), { timeout: 90_000 });

  await page.getByRole('tab', { name: 'Token Holders' }).click();
  const holders = page.getByRole('tabpanel', { name: 'Token Holders' });
  const table = holders.getByRole('table', { name: /^Holders of default \(2\)$/ });
  await expect(table.getByRole('columnheader', { name: 'Frozen' })).toBeVisible();
  const senderRow = table.getByRole('row').filter({ hasText: new RegExp(sender, 'i') });
  await senderRow.getByRole('button', { name: 'Freeze or recover' }).click();
  const panel = holders.getByText('0 of default frozen, 100 free.');
  await expect(panel).toBeVisible();
  await holders.getByLabel('Amount of default').fill('60');
  await holders.getByRole('button', { name: 'Freeze amount', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Freeze tokens' });
  await expect(question).toContainText(`Freeze 60 of default held by ${sender}`);
  await question.getByRole('button', { name: 'Yes, continue' }).click();
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Sounds good. Continue.' }).click();
  await page.getByRole('tab', { name: 'Token Holders' }).click();
  await expect
    .poll(
      async () => {
        await holders.getByRole('button', { name: 'Refresh' }).click();
        return senderRow.textContent();
      },
      { timeout: 60_000 },
    )
    .toMatch(/100\s*60/);
  await senderRow.getByRole('button', { name: 'Freeze or recover' }).click();
  await expect(holders.getByText('60 of default frozen, 40 free.')).toBeVisible();

  const words = transferRefusalWords['amount exceeds unfrozen balance'];
  const verdict = await aliceApi.post('/token/precheck', {
    operation: 'transfer',
    symbol,
    accountAddress: sender,
    toAddress: receiver,
    amount: '50',
    partition: 'default',
  });
  expect(verdict).toEqual({ ok: false, code: words?.code, reason: words?.words });

  for (const [width, scheme] of [
    [1440, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/enforcement-${width}-${scheme}.png`, fullPage: true });
  }
});
