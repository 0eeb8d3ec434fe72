import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginInBrowser } from './helpers.ts';
import { chainRpcUrl, rpc } from './historyHelpers.ts';
import { accountWithToken, type TokenSetup } from './tokenSetup.ts';

// A phone (390 px wide): the navigation folds behind a menu button, and no page scrolls sideways.

test.describe.configure({ mode: 'serial' });

let setup: TokenSetup;
let txHash: string;

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(150_000);
  setup = await accountWithToken(request, server.url);
  const rpcUrl = await chainRpcUrl(request, server.url);
  const block = await rpc<{ transactions: string[] }>(rpcUrl, 'eth_getBlockByNumber', ['latest', false]);
  txHash = block.transactions[0] ?? '';
});

/** Waits for a page to settle: its requests in and no skeleton or busy region left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The page's width beyond the window, in CSS pixels (0 when nothing scrolls sideways). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollWidth - window.innerWidth;
  });
}

test('at 390 px wide no console page scrolls sideways (every route, the token page with each tab)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const wide: string[] = [];
  const check = async (label: string) => {
    await settled(page);
    const extra = await overflow(page);
    if (extra > 0) wide.push(`${label}: ${extra} px too wide`);
  };
  for (const path of ['/Login', '/SignUp', '/ForgotPassword', '/ResetPassword/abc', '/local/mail/sign-up']) {
    await page.goto(path);
    await check(path);
  }
  await loginInBrowser(page, setup.account.email, setup.account.password);
  const routes = [
    '/NewToken',
    `/ViewTokenDraft?token=${setup.draftSymbol}`,
    '/Tokens',
    `/Tokens?term=${setup.symbol}`,
    '/Whitelists',
    '/Permissions',
    '/AddrBalance',
    '/Keys',
    '/Distributions',
    '/Sharding',
    '/Resharding',
    '/ConfirmResharding',
    '/ViewTransaction?id=1',
    `/ViewRegularTransaction?hash=${txHash}`,
    '/TransactionHistory',
    '/Approvals',
    '/NotificationPreferences',
    '/Webhooks',
    `/local/address/${setup.owner}`,
    `/local/tx/${txHash}`,
    '/local/block/1',
    '/local/mail',
    '/NoSuchPage',
  ];
  for (const path of routes) {
    await page.goto(path);
    await check(path);
  }
  await page.goto(`/TokenInfo?token=${setup.symbol}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(setup.symbol);
  await check('/TokenInfo');
  const tabs = page.getByRole('tab');
  const names = await tabs.allInnerTexts();
  expect(names.length).toBeGreaterThan(3);
  for (const name of names) {
    await page.getByRole('tab', { name, exact: true }).click();
    await check(`/TokenInfo, tab ${name}`);
  }
  expect(wide).toEqual([]);
});

test('the navigation folds behind a Menu button: aria-expanded, keyboard, closes on Escape and on navigation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginInBrowser(page, setup.account.email, setup.account.password);
  // A settled landing page: any navigation closes the panel, the login's own included.
  await expect(page.getByRole('heading', { name: 'New Token' })).toBeVisible();
  await settled(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'My Tokens' })).toBeHidden();
  await expect(nav.getByRole('button', { name: /My Account/ })).toBeHidden();
  // The bar is one row: the brand and the button.
  const bar = await nav.boundingBox();
  expect(bar?.height ?? 0).toBeLessThan(70);

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'My Tokens' })).toBeVisible();
  await expect(nav.getByRole('searchbox', { name: 'Search tokens' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'New Token' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(nav.getByRole('link', { name: 'My Tokens' })).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'My Tokens' }).click();
  await expect(page).toHaveURL(/\/Tokens$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // The account menu (and its theme choice) is reachable from the panel too.
  await expect(page.getByRole('heading', { name: 'Tokens' })).toBeVisible();
  await settled(page);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('button', { name: /My Account/ }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // From 600 px up the links are in the bar and the button is gone.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(menu).toBeHidden();
  await expect(nav.getByRole('link', { name: 'My Tokens' })).toBeVisible();
});

test('tables become cards: a draft’s investors, the compliance rules and the permission schemes at 390 px', async ({
  page,
}) => {
  const shots = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'phone');
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginInBrowser(page, setup.account.email, setup.account.password);
  // Each row is a card (a block of lines, each named by its column) and the table never scrolls sideways.
  const asCards = async (table: Locator, shot: string) => {
    await expect(table).toBeVisible();
    await expect(table.locator('tbody > tr').first()).toHaveCSS('display', 'block');
    const sideways = await table.evaluate((element) => {
      const scroller = element.parentElement as HTMLElement;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    expect(sideways).toBeLessThanOrEqual(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await table.screenshot({ path: path.join(shots, `${shot}.png`) });
  };
  await page.goto(`/ViewTokenDraft?token=${setup.draftSymbol}`);
  await page.getByRole('tab', { name: 'Investors' }).click();
  await asCards(page.getByRole('table', { name: `Investors of ${setup.draftSymbol}` }), 'draft-investors');
  await page.goto(`/TokenInfo?token=${setup.symbol}`);
  await page.getByRole('tab', { name: 'Rules', exact: true }).click();
  await asCards(page.getByRole('table', { name: 'Compliance rules' }), 'compliance-rules');
  await page.goto('/Permissions');
  await page.getByRole('tab', { name: 'Permission schemes' }).click();
  await asCards(page.getByRole('table', { name: 'Permission schemes' }), 'permission-schemes');
});
