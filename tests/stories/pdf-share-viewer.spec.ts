/**
 * PdfShareViewer in a real browser (pdf.js needs a canvas and a worker): the password prompt,
 * a wrong password, the right one, onOpened, and the failure text.
 */
import { expect, test } from '@playwright/test';
import { ensureStorybookBuilt, type StaticServer, serveStorybook } from './storybookStatic.ts';

ensureStorybookBuilt();

let server: StaticServer;

test.beforeAll(async () => {
  server = await serveStorybook();
});

test.afterAll(async () => {
  await server?.close();
});

test('a protected share asks for its password, rejects a wrong one and reports when opened', async ({
  page,
}) => {
  await page.goto(
    `${server.baseUrl}/iframe.html?id=domain-pdfshareviewer--password-protected&viewMode=story`,
  );
  const password = page.getByLabel('PDF password');
  await expect(password).toBeVisible();
  await expect(page.getByText('Document not opened yet')).toBeVisible();

  await page.getByRole('button', { name: 'Open document' }).click();
  await expect(password).toHaveAccessibleDescription('The password is required');

  await password.fill('wrong-password');
  await page.getByRole('button', { name: 'Open document' }).click();
  await expect(page.getByLabel('PDF password')).toHaveAccessibleDescription('The password is incorrect.');

  await page.getByLabel('PDF password').fill('share-password');
  await page.getByRole('button', { name: 'Open document' }).click();
  const rendered = page.getByRole('img', { name: 'Key share of alice@example.com' });
  await expect(rendered).toBeVisible();
  await expect(page.getByText('Document opened')).toBeVisible();
  // First page at scale 1.5: a US-letter page (612 x 792 pt) becomes a 918 x 1188 canvas.
  expect(await rendered.evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height])).toEqual([
    918, 1188,
  ]);
});

test('a broken file shows the failure text', async ({ page }) => {
  await page.goto(`${server.baseUrl}/iframe.html?id=domain-pdfshareviewer--failed&viewMode=story`);
  await expect(page.getByRole('alert')).toHaveText('Failed to display the PDF document.');
  await expect(page.getByText('Document not opened yet')).toBeVisible();
});
