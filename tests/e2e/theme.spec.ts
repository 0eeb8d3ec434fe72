import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { loginInBrowser } from './helpers.ts';
import { accountWithToken, type TokenSetup } from './tokenSetup.ts';

// Dark mode: the console follows the system's colour scheme, and My Account's Theme choice (System, Light, Dark)
// overrides it in this browser. The token page is checked with axe in both themes and photographed in both.

const shots = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'theme');

test.describe.configure({ mode: 'serial' });

let setup: TokenSetup;

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(150_000);
  setup = await accountWithToken(request, server.url);
});

const root = (page: Page) => page.locator('[data-tranche-root]');

async function chooseTheme(page: Page, name: 'System' | 'Light' | 'Dark'): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My Account/ })
    .click();
  await page.getByRole('menuitemradio', { name }).click();
}

test('follows the system, and the choice in My Account is remembered in this browser', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await loginInBrowser(page, setup.account.email, setup.account.password);
  await expect(root(page)).toHaveAttribute('data-theme', 'dark');
  const background = () => root(page).evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background()).toBe('rgb(17, 20, 26)');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My Account/ })
    .click();
  await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(root(page)).toHaveAttribute('data-theme', 'light');
  expect(await background()).toBe('rgb(255, 255, 255)');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(root(page)).toHaveAttribute('data-theme', 'light');
  // The system changes while the page is open: Light stays Light; System follows it at once.
  await page.emulateMedia({ colorScheme: 'light' });
  await chooseTheme(page, 'System');
  await expect(root(page)).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(root(page)).toHaveAttribute('data-theme', 'dark');
  await chooseTheme(page, 'Dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(root(page)).toHaveAttribute('data-theme', 'dark');
  await chooseTheme(page, 'System');
  await expect(root(page)).toHaveAttribute('data-theme', 'light');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the token page and the token list are axe-clean in ${colorScheme}, photographed at 1440 and 390 px`, async ({
    page,
  }) => {
    mkdirSync(shots, { recursive: true });
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginInBrowser(page, setup.account.email, setup.account.password);
    // WCAG 2.2 AA (target size) and axe's best practices (heading order) too: what Lighthouse's accessibility score
    // asks of these pages, in both themes.
    const axe = async (what: string) => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      expect(
        results.violations.map(
          (v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`,
        ),
      ).toEqual([]);
    };

    await page.goto(`/Tokens?term=${setup.symbol}`);
    await expect(page.getByRole('cell', { name: setup.symbol, exact: true })).toBeVisible();
    await expect(root(page)).toHaveAttribute('data-theme', colorScheme);
    await axe('/Tokens');

    await page.goto(`/TokenInfo?token=${setup.symbol}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(setup.symbol);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await axe('/TokenInfo');
    await page.screenshot({ path: path.join(shots, `token-page-1440-${colorScheme}.png`), fullPage: true });
    await page.getByRole('tab', { name: 'Token Holders' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Token Holders' }).getByRole('table')).toBeVisible();
    await axe('/TokenInfo, Token Holders');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/TokenInfo?token=${setup.symbol}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(setup.symbol);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(shots, `token-page-390-${colorScheme}.png`), fullPage: true });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
    await axe('/TokenInfo at 390 px, menu open');
    await page.screenshot({ path: path.join(shots, `menu-390-${colorScheme}.png`) });
    await test.info().attach(`token-page-1440-${colorScheme}`, {
      path: path.join(shots, `token-page-1440-${colorScheme}.png`),
      contentType: 'image/png',
    });
  });
}
