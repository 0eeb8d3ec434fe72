import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { callToken, randomAddress, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, loginInBrowser } from './helpers.ts';
import { accountWithToken } from './tokenSetup.ts';

type CapTable = {
  blockNumber: number;
  headBlock: number;
  contractAddress: string;
  partitions: { value: string; name: string }[];
  holders: { holderAddress: string }[];
};

/** The page at 1440 and 390 px in light and dark (files `name-width-scheme.png`), then back to light at 1280. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the reports of a token show the cap table at a chosen block and download it as CSV', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(180_000);
  const setup = await accountWithToken(request, server.url);
  const api = await apiAs(request, server.url, {
    loginName: setup.account.email,
    password: setup.account.password,
  });
  const before = (await api.get(`/reports/${setup.symbol}/cap-table`)) as CapTable;
  expect(before.holders).toHaveLength(3);
  // A fourth holder after that block: the latest cap table has four, the one at the earlier block three.
  const config = (await api.get('/config')) as { rpcUrl: string };
  const whitelist = ((await api.get('/whitelist/list')) as { address: string }[])[0];
  const newcomer = randomAddress();
  const ownerKey = devAccountKeys[0] as string;
  await verifyMissing(config.rpcUrl, whitelist?.address ?? '', ownerKey, [newcomer]);
  await callToken(
    config.rpcUrl,
    ownerKey,
    before.contractAddress,
    'issueByPartition(bytes32,address,uint256,bytes)',
    before.partitions[0]?.value,
    newcomer,
    7n,
    '0x',
  );
  await expect
    .poll(async () => ((await api.get(`/reports/${setup.symbol}/cap-table`)) as CapTable).holders.length, {
      timeout: 30_000,
    })
    .toBe(4);

  await loginInBrowser(page, setup.account.email, setup.account.password);
  await page.goto(`/TokenInfo?token=${setup.symbol}`);
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Reports of ${setup.symbol}` })).toBeVisible();
  const capTable = page.getByRole('region', { name: 'Cap table', exact: true });
  const rows = capTable.getByRole('table', { name: /^Cap table of/ }).getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(capTable.getByText(/, the latest block$/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Block' }).fill(String(before.blockNumber));
  await page.getByRole('button', { name: 'Show reports' }).click();
  await expect(page).toHaveURL(new RegExp(`block=${before.blockNumber}`));
  await expect(capTable.getByText(new RegExp(`^At block ${before.blockNumber} `))).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Holder concentration', exact: true }).first()).toBeVisible();
  await expect(page.getByText('No distribution was recorded at or before this block.')).toBeVisible();

  const download = page.waitForEvent('download');
  await capTable.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${setup.symbol}-cap-table-${before.blockNumber}.csv`);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Address,(Legal name,)?Balance in \S+,Total balance,% of supply$/);
  expect(lines).toHaveLength(4);
  expect(lines.join('\n')).not.toContain(newcomer);

  await screenshots(page, 'reports');
});
