import { expect, test } from './fixtures.ts';
import { apiAs, connectAs, loginInBrowser } from './helpers.ts';
import { chainRpcUrl, rpc } from './historyHelpers.ts';

/** The demo account's key (dev account #0): it holds OP and level 1 on the Default security scheme. */
const demoAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** `n` fresh investor addresses (unique per run: the server is shared with other specs). */
function freshAddresses(n: number): string[] {
  const tag = Date.now().toString(16).padStart(12, '0');
  return Array.from({ length: n }, (_, i) => `0x${tag}${String(i + 1).padStart(28, '0')}`);
}

test('the investor registry: search, country picker, CSV import with a preview, revoke', async ({
  page,
  request,
  server,
}, testInfo) => {
  if (!server.demo) throw new Error('the local server printed no demo login');
  const api = await apiAs(request, server.url, server.demo);
  const rpcUrl = await chainRpcUrl(request, server.url);
  const schemes = (await api.get('/rbac/list')) as { securitySchemeAddress: string; schemeName: string }[];
  const scheme = schemes.find((s) => s.schemeName === 'Default security scheme')?.securitySchemeAddress;
  if (!scheme) throw new Error('no security scheme seeded');
  const name = `Registry journey ${Date.now()}`;
  const { txData } = (await api.post('/whitelist/deploy/tx', {
    txMode: 1,
    accountAddress: demoAddress,
    whitelistName: name,
    securitySchemeAddress: scheme,
    codebaseId: 1,
    ownerAddress: demoAddress,
  })) as { txData: { data: string } };
  const hash = await rpc<string>(rpcUrl, 'eth_sendTransaction', [{ from: demoAddress, data: txData.data }]);
  let whitelist = '';
  await expect
    .poll(async () => {
      const receipt = await rpc<{ contractAddress: string } | null>(rpcUrl, 'eth_getTransactionReceipt', [
        hash,
      ]);
      whitelist = receipt?.contractAddress ?? '';
      return whitelist;
    })
    .not.toBe('');
  await api.post('/whitelist/register', {
    whitelistAddress: whitelist,
    whitelistName: name,
    securitySchemeAddress: scheme,
    codebaseId: 1,
    transactionHash: hash,
  });
  const [alice, bruno, carla, dora] = freshAddresses(4);
  const people = [
    [alice, 'Alice Martin', 'DE'],
    [bruno, 'Bruno Stone', 'FR'],
    [carla, 'Carla Martin', 'LU'],
  ] as const;
  const saved = (await api.post('/whitelist/bulk', {
    txMode: 2,
    accountAddress: demoAddress,
    whitelistAddress: whitelist,
    addresses: people.map(([address, legalName, country]) => ({
      targetAddress: address,
      legalName,
      contactDetails: { emailAddress: 'kyc@example.com', country },
    })),
  })) as { saved: number };
  expect(saved.saved).toBe(3);

  await loginInBrowser(page, server.demo.loginName, server.demo.password);
  await page.goto('/Whitelists?tab=registry');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Whitelist').selectOption({ label: name });
  const table = page.getByRole('table', { name: 'Investor registry' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByText('Germany (DE)')).toBeVisible();

  // Search (on the server) and the country picker.
  await panel.getByRole('searchbox', { name: 'Search by name or address' }).fill('martin');
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=martin/);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('Bruno Stone')).toHaveCount(0);
  await panel.getByLabel('Country').selectOption({ label: 'Luxembourg (LU)' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Carla Martin')).toBeVisible();
  await panel.getByLabel('Country').selectOption({ label: 'All countries' });
  await panel.getByRole('searchbox', { name: 'Search by name or address' }).fill('');
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(4);

  // Tokens using this whitelist: none yet.
  await expect(page.getByText('No token uses this whitelist yet')).toBeVisible();

  // Revoke Bruno: confirmation first, then the wallet sends removeVerified through the pipeline.
  await connectAs(page, demoAddress);
  await table.getByRole('button', { name: 'Revoke Bruno Stone' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke the verification?' });
  await expect(confirm).toContainText('Bruno Stone');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sounds good. Continue.' }).click();
  await expect(table.getByText('Bruno Stone')).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(3);
  const verified = await rpc<string>(rpcUrl, 'eth_call', [
    { to: whitelist, data: `0xb9209e33${bruno?.slice(2).padStart(64, '0')}` },
    'latest',
  ]);
  expect(BigInt(verified)).toBe(0n);

  // CSV import: the preview says which lines are valid and why the others are not; send after a confirmation.
  const csv = [
    'publicAddress,legalName,emailAddress,country',
    `${dora},Dora Keller,dora@example.com,ch`,
    '0x12,Eve Invalid,eve@example.com,Germany',
    `${alice},Alice Again,alice@example.com,DE`,
    `${dora},Dora Twice,dora@example.com,CH`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'investors.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(page.getByText('investors.csv: 2 valid rows, 2 invalid rows')).toBeVisible();
  const eve = preview.getByRole('row').filter({ hasText: 'Eve Invalid' });
  await expect(eve).toContainText('The public address specified is invalid');
  await expect(eve).toContainText('Each country must be an ISO 3166 alpha-2 code such as DE or US');
  await expect(preview.getByRole('row').filter({ hasText: 'Dora Twice' })).toContainText(
    'The address is in the file more than once',
  );
  // The registry with its preview in both themes, on a desk and on a phone (no horizontal page scroll at 390 px).
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(preview).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: testInfo.outputPath(`registry-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Send 2 valid rows' }).click();
  const send = page.getByRole('alertdialog', { name: 'Send the valid rows?' });
  await expect(send).toContainText('the 2 invalid row(s) are left out');
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('2 addresses saved')).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText('Dora Keller')).toBeVisible();
  await expect(table.getByText('Alice Again')).toBeVisible();
  await expect(table.getByText('Switzerland (CH)')).toBeVisible();
});
