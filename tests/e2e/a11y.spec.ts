import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';

// Both themes: the console follows the system's colour scheme (emulated here), so each page is checked light and dark.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const path of ['/Login', '/SignUp', '/ForgotPassword', '/ResetPassword/abc']) {
    test(`${path} has no accessibility violations and no console errors (${colorScheme})`, async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[data-tranche-root]')).toHaveAttribute('data-theme', colorScheme);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test(`the logged-in shell (navigation, wallet strip, menus) has no accessibility violations (${colorScheme})`, async ({
    page,
    request,
    server,
  }) => {
    await page.emulateMedia({ colorScheme });
    const account = await createAccount(request, server.url);
    await loginInBrowser(page, account.email, account.password);
    await expect(page.locator('[data-tranche-root]')).toHaveAttribute('data-theme', colorScheme);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /My Account/ })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}
