import { devAccountKeys } from '../../contracts/src/index.ts';
import { distributionChain } from '../../server/src/modules/distributions/testing.ts';
import { addressOf, randomAddress } from '../../server/src/modules/tokens/testing.ts';
import { expect, testOwnChain as test } from './fixtures.ts';
import {
  chainDate,
  confirmOperation,
  connectAs,
  expectNoRawText,
  fieldTime,
  grantOperatorRight,
  mined,
  signUpInBrowser,
  uniqueEmail,
} from './helpers.ts';
import { guideShot } from './guideShots.ts';
import type { Locator, Page } from '@playwright/test';

/**
 * Issue 34's newcomer's walk, in the browser only: sign up (the code read in the outbox the confirmation step
 * links to), the 'Get started' checklist, one's own development account (registered, with ETH and tUSD), then each
 * step of the checklist in its order (scheme, rights, whitelist, token, a dividend in tUSD units) and a holder's
 * claim, the checklist ticking each step as it is done. Every page visited shows no raw provider text.
 * Its own chain: the shared development account #3 is the holder who claims, used by no one else here.
 */
const holder = addressOf(devAccountKeys[3] as string);
const other = randomAddress();
const uniq = Date.now().toString(36).toUpperCase().slice(-5);
const symbol = `NEW${uniq}`;

// A step that cannot be done fails at once, not at the test's timeout.
test.use({ actionTimeout: 20_000 });

/** Back to the landing page (New Token, where the checklist is) by the main navigation. */
async function home(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Token' }).click();
  await expect(page.getByRole('heading', { name: 'New Token' })).toBeVisible();
}

/** The checklist's five steps: the first `done` ticked, the next one marked Next, the rest not done yet. */
async function expectSteps(checklist: Locator, done: number): Promise<void> {
  const titles = [
    'Deploy a security scheme',
    'Grant access rights',
    'Whitelist your investors',
    'Deploy your first token',
    'Pay your first distribution',
  ];
  await expect(checklist.getByRole('listitem')).toHaveText(
    titles.map(
      (title, i) =>
        new RegExp(`${i + 1}\\. ${title}.*${i < done ? 'Done' : i === done ? 'Next' : 'Not done yet'}`),
    ),
  );
}

test('the newcomer’s walk: sign up, own development account, scheme, rights, whitelist, token, dividend, claim', async ({
  page,
  context,
  request,
  server,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('walk');
  await signUpInBrowser(page, email, 'Walk Capital', () => guideShot(page, '01-sign-up'));
  await expectNoRawText(page);

  // The confirmation step links to the local outbox (a new tab), where the code is.
  const [outbox] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Read your confirmation code in the local outbox' }).click(),
  ]);
  const mail = outbox.getByRole('listitem', { name: 'Your Tranche confirmation code' });
  await expect(mail).toContainText(`To ${email}`);
  await expectNoRawText(outbox);
  await guideShot(outbox, '02-outbox');
  const code = /confirmation code is: (\S+)/.exec((await mail.locator('pre').textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();
  await outbox.close();
  await page.getByLabel('Confirmation code').fill(code ?? '');
  await guideShot(page, '03-confirm');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Start using the platform' }).click();

  // The landing page: the checklist, the scheme first.
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expectSteps(checklist, 0);
  await guideShot(page, '04-get-started');
  await expectNoRawText(page);

  // One's own development account: funded with ETH and tUSD, registered for server signing.
  await page.getByRole('region', { name: 'Wallet' }).getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  const own = dialog.getByRole('radio', { name: /^Your development account - 0x[0-9a-fA-F]{40}$/ });
  await expect(own).toHaveAccessibleDescription('10 ETH, 1,000,000 tUSD', { timeout: 30_000 });
  await expectNoRawText(page);
  const me = (await own.getAttribute('value')) ?? '';
  await guideShot(page, '05-development-account', { region: dialog });
  await own.check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  const chip = page.getByRole('region', { name: 'Connected account' });
  await expect(chip).toContainText('Your development account');
  await expect(chip).toContainText('10.00 ETH');
  await expect(chip).toContainText('Registered for server signing: yes');
  await expect(page.getByRole('region', { name: 'Wallet' })).not.toContainText('is not registered');
  await expectNoRawText(page);

  // 1. A security scheme, deployed from the development account.
  await checklist.getByRole('link', { name: 'Open Access Rights' }).first().click();
  await expect(page.getByRole('heading', { name: 'Blockchain security' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Walk scheme');
  await expect(page.getByRole('combobox', { name: 'Smart contract' })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Owner' }).fill(me);
  await guideShot(page, '06-security-scheme');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 30_000 });
  await expectNoRawText(page);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('', { timeout: 10_000 });

  // 2. Rights: the operator right, then both access levels (the server signs with the registered key).
  await grantOperatorRight(page, 'Walk scheme', me);
  await expectNoRawText(page);
  const l1 = page.getByRole('switch', { name: 'Access Level #1 (L1)' });
  await expect(l1).toBeEnabled({ timeout: 10_000 });
  await l1.click();
  await page.getByRole('switch', { name: 'Access Level #2 (L2)' }).click();
  await guideShot(page, '07-access-rights');
  await page.getByRole('button', { name: 'Apply Permissions' }).click();
  await expect(page.getByText('The access rights were changed')).toBeVisible({ timeout: 30_000 });
  await expectNoRawText(page);
  await home(page);
  await expectSteps(checklist, 2);

  // 3. A whitelist on the scheme, two investors saved (the server signs the saves).
  await checklist.getByRole('link', { name: 'Open Whitelists' }).click();
  await expect(page.getByRole('heading', { name: 'Whitelists' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Walk investors');
  await page.getByLabel('Security scheme').selectOption({ label: 'Walk scheme' });
  await page.getByRole('textbox', { name: 'Owner' }).fill(me);
  await guideShot(page, '08-new-whitelist');
  await page.getByRole('button', { name: 'Deploy' }).click();
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 30_000 });
  await expectNoRawText(page);
  await page.getByRole('tab', { name: 'All whitelists' }).click();
  await expect(page.getByRole('cell', { name: 'Walk investors' })).toBeVisible();
  await expectNoRawText(page);
  await page.getByRole('tab', { name: 'New Address' }).click();
  const form = page.getByRole('form', { name: 'New Address' });
  await form.getByLabel('Whitelist').selectOption({ label: 'Walk investors' });
  for (const [i, investor] of [holder, other].entries()) {
    await form.getByRole('textbox', { name: 'Public address' }).fill(investor);
    await form.getByRole('textbox', { name: 'Legal name' }).fill(`Walk Investor ${i + 1}`);
    await form.getByRole('textbox', { name: 'Email address' }).fill(`investor${i + 1}@example.com`);
    await form.getByRole('textbox', { name: 'Country (ISO code, e.g. DE)' }).fill('DE');
    await form.getByRole('button', { name: 'Enqueue' }).click();
  }
  await expect(page.getByRole('table', { name: 'Pending changes' }).getByRole('row')).toHaveCount(3);
  await expectNoRawText(page);
  await guideShot(page, '09-new-addresses', { top: form.getByRole('button', { name: 'Enqueue' }) });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('2 addresses saved')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Verified Addresses' }).click();
  await page.getByRole('tabpanel').getByLabel('Whitelist').selectOption({ label: 'Walk investors' });
  await expect(page.getByRole('table', { name: 'Verified Addresses' }).getByRole('row')).toHaveCount(3);
  await expectNoRawText(page);
  await guideShot(page, '10-verified-addresses');
  await home(page);
  await expectSteps(checklist, 3);

  // 4. A token draft on the whitelist with the two investors, saved and deployed.
  await checklist.getByRole('link', { name: 'Open New Token' }).click();
  await expect(page.getByRole('heading', { name: 'New Token' })).toBeVisible();
  await page.getByLabel('Symbol').fill(symbol);
  await page.getByLabel('Token name').fill(`Walk Residential ${uniq}`);
  // The whitelist the connected wallet owns is preselected, not the platform's seeded one listed first.
  await expect(page.getByLabel('Whitelist').locator('option:checked')).toHaveText(/^Walk investors \(0x/);
  await page.getByLabel('Controller address').fill(me);
  await guideShot(page, '11-token-draft', { top: page.getByRole('heading', { name: 'New Token' }) });
  await page.getByRole('tab', { name: 'Investors' }).click();
  await page.getByLabel('Bulk investors').fill(`${holder};1000\n${other};3000`);
  await page.getByRole('button', { name: 'Add bulk investors' }).click();
  await expect(page.getByLabel('Public address of investor 2')).toHaveValue(new RegExp(other, 'i'));
  await expectNoRawText(page);
  await guideShot(page, '12-draft-investors', { top: page.getByRole('heading', { name: 'New Token' }) });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/ViewTokenDraft\\?token=${symbol}$`));
  await expect(page.getByText('Total supply:')).toBeVisible();
  await expectNoRawText(page);
  await guideShot(page, '13-draft-view');
  await page.getByRole('button', { name: 'Deploy Token' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/TokenInfo\\?token=${symbol}$`), { timeout: 60_000 });
  const supply = page.getByLabel('Token figures').getByText('Total supply', { exact: true }).locator('..');
  await expect(supply).toContainText('4,000');
  await expectNoRawText(page);
  await guideShot(page, '14-token-page');

  // Issue: 1,000 more to the holder who will claim.
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  const issueForm = page.getByRole('form', { name: 'Issue tokens' });
  await issueForm.getByLabel('Amount').fill('1000');
  await issueForm.getByLabel('Token holder').fill(holder);
  await issueForm.getByLabel('Partition').selectOption('default');
  await issueForm.getByLabel('Comments').fill('Second closing');
  await expectNoRawText(page);
  await guideShot(page, '15-issue');
  await issueForm.getByRole('button', { name: 'Issue', exact: true }).click();
  await confirmOperation(page, 'Issue tokens');
  await mined(page);
  await expect(supply).toContainText('5,000');
  await expectNoRawText(page);
  await page.getByRole('tab', { name: 'Token Holders' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Token Holders' })).toContainText('Walk Investor 1');
  await expectNoRawText(page);
  await guideShot(page, '16-token-holders');
  await home(page);
  await expectSteps(checklist, 4);

  // 5. A dividend of 35,250.00 tUSD by the current register, funded from the development account's tUSD.
  await checklist.getByRole('link', { name: 'Open My Tokens' }).click();
  await expectNoRawText(page);
  await page.getByRole('button', { name: `View ${symbol}` }).click();
  await page.getByRole('tab', { name: 'Distributions' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Distributions' });
  await tab.getByRole('button', { name: 'New distribution' }).click();
  await tab.getByRole('radio', { name: 'A new register at a record date' }).check();
  // The record date starts at the chain's time now, which runs a few seconds ahead of the wall clock after the walk's
  // quick transactions (the dev chain mines blocks one second apart at least): the register then holds every issue.
  const chainNow = (await chainDate(request, server.url)).getTime();
  await expect
    .poll(() => fieldTime(page, tab.getByRole('textbox', { name: 'Record date' })))
    .toBeGreaterThanOrEqual(Math.floor(chainNow / 1000) * 1000);
  await tab.getByRole('button', { name: 'Take the register' }).click();
  const register = tab.getByRole('region', { name: /^Register #\d+$/ });
  await expect(register).toContainText('2 holders, 5,000 tokens in total');
  await expectNoRawText(page);
  await guideShot(page, '17-register', { top: page.getByRole('tab', { name: 'Distributions' }) });
  await tab.getByRole('textbox', { name: 'Total amount' }).fill('35,250.00');
  // The claim deadline is a week after the chain's time by default (to the minute), as the server judges it.
  await expect
    .poll(async () => {
      const deadline = await fieldTime(page, tab.getByRole('textbox', { name: 'Claim deadline' }));
      return Math.abs(deadline - ((await chainDate(request, server.url)).getTime() + 7 * 86_400_000));
    })
    .toBeLessThan(120_000);
  await tab.getByRole('button', { name: 'Review' }).click();
  const table = tab.getByRole('table', { name: 'Payments by holder' });
  // 2,000 of 5,000 tokens: 14,100 tUSD; 3,000: 21,150 tUSD.
  await expect(table.getByRole('row', { name: new RegExp(holder, 'i') })).toContainText('14,100.00 tUSD');
  await expect(table.getByRole('row', { name: /Total funded/ })).toContainText('35,250.00 tUSD');
  await expectNoRawText(page);
  await guideShot(page, '18-dividend-review');
  await tab.getByRole('button', { name: 'Fund with my wallet' }).click();
  await mined(page, 60_000);
  const card = tab.getByRole('region', { name: /^Distribution #\d+$/ });
  await expect(card.getByRole('progressbar', { name: 'Funded: 35,250.00 tUSD' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expectNoRawText(page);
  await guideShot(page, '19-dividend-funded', { top: page.getByRole('tab', { name: 'Distributions' }) });

  // The holder claims in the console.
  await connectAs(page, holder);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My Account/ })
    .click();
  await page.getByRole('menuitem', { name: 'My distributions' }).click();
  const claim = page.getByRole('region', { name: new RegExp(`^${symbol} distribution #\\d+$`) });
  await expect(claim).toContainText('You are owed: 14,100.00 tUSD');
  await expectNoRawText(page);
  await guideShot(page, '20-claim');
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as {
    rpcUrl: string;
    testStableToken: string;
  };
  const chain = distributionChain(config.rpcUrl);
  const before = await chain.erc20BalanceOf(config.testStableToken, holder);
  await claim.getByRole('button', { name: 'Claim' }).click();
  await expect(claim.getByRole('status')).toHaveText('Paid to your wallet.', { timeout: 60_000 });
  await expectNoRawText(page);
  await guideShot(page, '21-claimed');
  // The chain paid the holder its share to the unit (tUSD has 6 decimals).
  expect(await chain.erc20BalanceOf(config.testStableToken, holder)).toBe(before + 14_100_000_000n);
  chain.close();

  // Every step done: the checklist has served its purpose and is no longer shown.
  await home(page);
  await expect(checklist).toHaveCount(0);
  await expectNoRawText(page);

  // The account's history lists what the walk did, in words.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My Account/ })
    .click();
  await page.getByRole('menuitem', { name: 'My transactions' }).click();
  await expect(page.getByRole('heading', { name: 'My transactions', level: 1 })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectNoRawText(page);
});
