import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';

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
  // Keyboard only: the pointer rests off the menus (left where the login's click was, it can sit where a menu item
  // opens, and a pointer move Chromium fires on a layout change then moves the focus to that item).
  await page.mouse.move(0, 0);
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
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'My transactions' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'My distributions' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Approvals' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Notifications' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Webhooks' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
  for (const name of ['Webhooks', 'Notifications', 'Approvals', 'My distributions', 'My transactions']) {
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/TransactionHistory$/);
  await expect(page.getByRole('heading', { name: 'My transactions' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('Reports menu: keyboard only, to Balance by Partition', async ({ page, request, server }) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Reports/ });
  await page.mouse.move(0, 0);
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Reports' });
  await expect(menu.getByRole('menuitem', { name: 'Balance by Partition' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/AddrBalance$/);
  await expect(
    page.getByRole('heading', { name: 'Current Balance on all Tokens and Partitions' }),
  ).toBeVisible();
});
