import AxeBuilder from '@axe-core/playwright';
import { toChecksumAddress as getAddress } from '../../ui-kit/src/AddressText/address.ts';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { addressOf, randomAddress, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, connectAs, createAccount, loginInBrowser } from './helpers.ts';

/**
 * Issue 22, the Bulk tab: a CSV of 5 rows with 1 bad row; the row's error shows before start, the 4 others are
 * issued by the server (one transaction), the progress bar and each row's result show, the results export as CSV.
 */
const owner = addressOf(devAccountKeys[0]);
const uniq = Date.now().toString(36).toUpperCase().slice(-5);
const symbol = `BLK${uniq}`;
const holders = [randomAddress(), randomAddress(), randomAddress(), randomAddress()].map((a) =>
  a.toLowerCase(),
);
let account: { email: string; password: string };

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(120_000);
  account = await createAccount(request, server.url);
  const api = await apiAs(request, server.url, { loginName: account.email, password: account.password });
  const { rpcUrl } = (await api.get('/config')) as { rpcUrl: string };
  const whitelist = ((await api.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await verifyMissing(rpcUrl, whitelist.address, devAccountKeys[0], holders);
  const codebases = (await api.get('/codebase/list/1')) as { id: number; default?: boolean }[];
  await api.post('/draft', {
    bulk: {
      tokens: [
        {
          symbol,
          name: `Bulk ${uniq}`,
          codebaseId: (codebases.find((c) => c.default) ?? codebases[codebases.length - 1])?.id ?? 1,
          whitelistAddress: whitelist.address,
          controllerAddress: addressOf(devAccountKeys[1]),
          isControllable: true,
          investors: [{ publicAddress: holders[0], investmentAmount: 1 }],
        },
      ],
    },
  });
  await api.post('/draft/deploy', { symbol, accountAddress: owner, ownerAddress: owner, txMode: 2 });
  await expect
    .poll(async () => ((await api.get(`/projects/${symbol}`)) as { projectStatus: number }).projectStatus, {
      timeout: 90_000,
    })
    .toBe(2);
});

test('a bulk issue from a CSV: the bad row shows before start, the others are issued, results export', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${symbol}`);
  await connectAs(page, owner);
  await page.getByRole('tab', { name: 'Bulk' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Bulk' });
  const csv = [
    'address,amount,partition',
    `${holders[0]},10,default`,
    `${holders[1]},20,default`,
    'not-an-address,30,default',
    `${holders[2]},40,default`,
    `${holders[3]},50,default`,
  ].join('\n');
  await panel
    .getByLabel('CSV file of the rows')
    .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(panel.getByRole('alert')).toContainText('Row 3: the address is invalid');
  const axe = await new AxeBuilder({ page })
    .include('[role="tabpanel"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // A preview to confirm before anything is issued: rows, total per partition, the investors.
  const start = panel.getByRole('button', { name: 'Start: bulk issue of 5 rows' });
  await start.click();
  const preview = panel.getByRole('region', { name: 'Confirm the bulk operation' });
  await expect(preview).toContainText('Bulk issue: 4 rows that pass the check, to 4 investors');
  await expect(
    preview.getByRole('table', { name: 'Total per partition' }).getByRole('row', { name: 'default 120' }),
  ).toBeVisible();
  // Each investor by the one Address component: checksummed, the full value readable beside the short form.
  await expect(preview).toContainText(getAddress(holders[3] ?? ''));
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await preview.screenshot({ path: `test-results/bulk-preview-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await preview.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(panel.getByText('Finished in 1 transaction: 4 rows done, 1 refused.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  // The finished job cannot be issued again by a second click: a new file is needed.
  await expect(start).toBeDisabled();
  const results = panel.getByRole('table', { name: 'Results of each row' });
  await expect(results.getByRole('row')).toHaveCount(6);
  await expect(results.getByRole('row', { name: /^3 / })).toContainText('Row 3: the address is invalid');
  await expect(results.getByRole('row', { name: /^4 / })).toContainText('Done');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export the results (CSV)' }).click();
  const file = await (await download).path();
  const text = (await import('node:fs')).readFileSync(file, 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'row,address,fromAddress,amount,partition,status,reason,transactionHash',
  );
  expect(text).toContain('3,not-an-address,,30,default,failed,Row 3: the address is invalid,');
  const after = await new AxeBuilder({ page })
    .include('[role="tabpanel"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(after.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // My transactions (issue 34): the server-signed deployment, its initial issuance and the bulk issue, each decoded.
  await page.goto('/TransactionHistory');
  const table = page.getByRole('table', { name: 'Blockchain transactions ran with your platform account:' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  for (const header of ['Type', 'Effect', 'Status'])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const bulkRow = rows.filter({ hasText: `Issued 120 ${symbol} to 4 holders on partition default` });
  await expect(bulkRow).toHaveCount(1);
  await expect(bulkRow).toContainText('Token issue');
  await expect(bulkRow).toContainText('Mined');
  const initial = rows.filter({
    hasText: `${symbol} to ${getAddress(holders[0] ?? '')} on partition default`,
  });
  await expect(initial).toHaveCount(1);
  await expect(initial).toContainText(/Issued \d[\d,]* /);
  await expect(rows.filter({ hasText: `Deployed ${symbol} at ` })).toHaveCount(1);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `test-results/my-transactions-${width}-${colorScheme}.png`,
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Filters: by kind (in the address, so a page link keeps it), then a status none of them has.
  await page.getByLabel('Kind').selectOption({ label: 'Token issue' });
  await expect(page).toHaveURL('/TransactionHistory?kind=4');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Status').selectOption({ label: 'Reverted' });
  await expect(page.getByText('None of your transactions match these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Mined' });
  await expect(rows).toHaveCount(2);

  // The CSV holds the filtered rows with their decoded effects.
  const history = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = (await import('node:fs'))
    .readFileSync(await (await history).path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'ID,Type,Type code,Status,Effect,Amount,Counterparty,Counterparty name,Partition,Token,Token address,Contract,Contract address,Public address,Transaction hash,Created on,Updated on',
  );
  expect(lines).toHaveLength(3);
  expect(lines.filter((line) => line.includes(',Token issue,4,Mined,'))).toHaveLength(2);
  expect(
    lines.some((line) =>
      line.includes(`Issued 120 ${symbol} to 4 holders on partition default,120 ${symbol},,,default,`),
    ),
  ).toBe(true);
});
