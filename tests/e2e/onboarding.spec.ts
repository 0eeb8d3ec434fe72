import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { grantOperatorRight, signUpInBrowser, uniqueEmail } from './helpers.ts';

const shots = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'onboarding');

test("a newcomer in local mode: sign up, read the code in the linked outbox, confirm, the checklist and one's own development account", async ({
  page,
  context,
}) => {
  mkdirSync(shots, { recursive: true });
  const email = uniqueEmail('newcomer');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpInBrowser(page, email, 'Newcomer Capital');

  // The confirmation step links to this address's mail in the local outbox (a new tab: the step stays).
  await expect(page.getByLabel('Confirmation code')).toBeVisible();
  const [outbox] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Read your confirmation code in the local outbox' }).click(),
  ]);
  await outbox.waitForLoadState();
  expect(new URL(outbox.url()).pathname).toBe('/local/mail/sign-up');
  const mail = outbox.getByRole('listitem', { name: 'Your Tranche confirmation code' });
  await expect(mail).toContainText(`To ${email}`);
  const text = (await mail.locator('pre').textContent()) ?? '';
  const code = /confirmation code is: (\S+)/.exec(text)?.[1] ?? '';
  expect(code).not.toBe('');
  await outbox.close();

  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Start using the platform' }).click();

  // The landing page: the checklist, nothing done yet, the scheme first.
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist).toBeVisible();
  const steps = checklist.getByRole('listitem');
  await expect(steps).toHaveText([
    /1\. Deploy a security scheme.*Next/,
    /2\. Grant access rights.*Not done yet/,
    /3\. Whitelist your investors.*Not done yet/,
    /4\. Deploy your first token.*Not done yet/,
    /5\. Pay your first distribution.*Not done yet/,
  ]);
  await expect(steps.first().getByRole('link', { name: 'Open Access Rights' })).toHaveAttribute(
    'href',
    '/Permissions',
  );
  await checklist.screenshot({ path: path.join(shots, 'checklist-1440.png') });

  // The wallet selector: one's own development account with its ETH and tUSD, then the shared ones with their users.
  await page.getByRole('region', { name: 'Wallet' }).getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  const own = dialog.getByRole('radio', { name: /^Your development account - 0x[0-9a-fA-F]{40}$/ });
  await expect(own).toBeVisible({ timeout: 30_000 });
  await expect(own).toHaveAccessibleDescription('10 ETH, 1,000,000 tUSD');
  const shared = dialog.getByRole('group', { name: 'Shared development accounts' });
  await expect(shared.getByRole('radio')).toHaveCount(10);
  const first = shared.getByRole('radio').first();
  await expect(first).toHaveAccessibleName(/^Dev account #0 - 0x/);
  await expect(first).toHaveAccessibleDescription('Used by demo@tranche.local');
  await dialog.screenshot({ path: path.join(shots, 'wallet-1440.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.screenshot({ path: path.join(shots, 'wallet-390.png') });
  const address = (await own.getAttribute('value')) ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await own.check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText(address);
  await checklist.screenshot({ path: path.join(shots, 'checklist-390.png') });

  // With no private key pasted anywhere: a scheme deployed from the development account (the node sends), then the
  // operator right granted by the server with its registered key; the checklist ticks both.
  await page.setViewportSize({ width: 1440, height: 900 });
  await checklist.getByRole('link', { name: 'Open Access Rights' }).first().click();
  // The landing page (New Token) has a Name field too: fill the scheme's once its page is there.
  await expect(page.getByRole('heading', { name: 'Blockchain security' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('First scheme');
  await expect(page.getByRole('combobox', { name: 'Smart contract' })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Owner' }).fill(address);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('', { timeout: 10_000 });
  await grantOperatorRight(page, 'First scheme', address);
  await page.goto('/');
  await expect(checklist.getByRole('listitem')).toHaveText([
    /1\. Deploy a security scheme.*Done/,
    /2\. Grant access rights.*Done/,
    /3\. Whitelist your investors.*Next/,
    /4\. Deploy your first token.*Not done yet/,
    /5\. Pay your first distribution.*Not done yet/,
  ]);
  await checklist.screenshot({ path: path.join(shots, 'checklist-progress-1440.png') });
});
