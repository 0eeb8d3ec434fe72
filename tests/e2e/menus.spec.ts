import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';

/**
 * Keyboard only, on a settled page: the landing page, the wallet strip (both load after the login) and their requests
 * are in, and the pointer rests off the menus. Radix menus follow the pointer: a pointer move, which Chromium also
 * fires when the layout changes under a resting pointer, makes the menu treat the user as a pointer user (it then
 * focuses the menu, not its first item) or focuses the item under the pointer. A keyboard user's page has settled.
 */
async function settleForKeyboard(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'New Token' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wallet' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.mouse.move(0, 0);
}

// The navigation bar's menus work from the keyboard alone (Radix menu button: Enter/ArrowDown opens,
// arrow keys move, Enter follows, Escape closes and gives the focus back).

test('My Account menu: keyboard only, from the trigger to My transactions, and Escape back', async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /My Account/ });
  await settleForKeyboard(page);
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'My Account' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'My Keys' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'My Keys' })).toBeFocused();
  // One press at a time, as a person presses: Radix moves the focus on a timer after each arrow key, and Chromium
  // runs input before timers, so presses sent faster than that each start from the same item.
  const below = ['Sharded keys', 'Reshard key', 'My transactions', 'My distributions', 'Approvals'];
  for (const name of [...below, 'Notifications', 'Webhooks']) {
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name })).toBeFocused();
  }
  // The theme choice (System, Light, Dark) sits between the links and Sign Out.
  for (const name of ['System', 'Light', 'Dark']) {
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitemradio', { name })).toBeFocused();
  }
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
  for (const name of ['Dark', 'Light', 'System']) {
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitemradio', { name })).toBeFocused();
  }
  for (const name of ['Webhooks', 'Notifications', 'Approvals', 'My distributions', 'My transactions']) {
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/TransactionHistory$/);
  await expect(page.getByRole('heading', { name: 'My transactions' })).toBeVisible();
  await expect(menu).toBeHidden();
});

/** A new account logged in, its Reports menu opened from the keyboard (the first item focused): answers the menu. */
async function openReportsMenu(page: Page, request: APIRequestContext, baseUrl: string) {
  const account = await createAccount(request, baseUrl);
  await loginInBrowser(page, account.email, account.password);
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Reports/ });
  await settleForKeyboard(page);
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  return page.getByRole('menu', { name: 'Reports' });
}

test('Reports menu: keyboard only, to Balance by Partition', async ({ page, request, server }) => {
  const menu = await openReportsMenu(page, request, server.url);
  await expect(menu.getByRole('menuitem', { name: 'Balance by Partition' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/AddrBalance$/);
  await expect(
    page.getByRole('heading', { name: 'Current Balance on all Tokens and Partitions' }),
  ).toBeVisible();
});

test('Reports menu: Token reports opens /Reports, which asks for the token symbol and shows its reports', async ({
  page,
  request,
  server,
}) => {
  const menu = await openReportsMenu(page, request, server.url);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Token reports' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Token of the reports' });
  await form.getByRole('button', { name: 'Show reports' }).click();
  await expect(form.getByText('The token symbol is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Token symbol' }).fill('NONE');
  await form.getByRole('button', { name: 'Show reports' }).click();
  await expect(page).toHaveURL(/\/Reports\?token=NONE$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports of NONE' })).toBeVisible();
});
