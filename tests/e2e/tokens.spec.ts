import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { toChecksumAddress as getAddress } from '../../ui-kit/src/AddressText/address.ts';
import {
  addressOf,
  callToken,
  randomAddress,
  verifyMissing,
} from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, connectAs, createAccount, loginInBrowser, mined } from './helpers.ts';

/** Dev accounts of the embedded chain: 0 holds Access Levels 1 and 2 of the seeded scheme (issuer, owner). */
const dev = devAccountKeys.map((key) => addressOf(key));
const owner = dev[0] as string;
const controller = dev[1] as string;
const nobody = dev[5] as string;

const uniq = Date.now().toString(36).toUpperCase().slice(-5);
const opsSymbol = `OPS${uniq}`;
const holderA = randomAddress();
const holderB = randomAddress();
/** The whitelist's legal names of holderA and holderB: the controller picks them by name. */
const nameA = `Harbour Pension ${uniq}`;
const nameB = `Quay Trust ${uniq}`;
const partition = `E2E-${uniq}`;
// The token's first partition holds holderA (100) and 59 more, 101 to 159: two pages of holders.
const crowd = Array.from({ length: 59 }, (_, i) => ({ address: randomAddress(), amount: 101 + i }));

/** The page at 1440 and 390 px in light and dark (files `name-width-scheme.png`), then back to light at 1280. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function confirm(page: Page): Promise<void> {
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, continue' }).click();
}

test.describe.configure({ mode: 'serial' });

let account: { email: string; password: string };

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(120_000);
  const created = await createAccount(request, server.url);
  account = created;
  const api = await apiAs(request, server.url, { loginName: created.email, password: created.password });
  const config = (await api.get('/config')) as { rpcUrl: string };
  const whitelist = ((await api.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await api.post('/whitelist/bulk', {
    txMode: 2,
    accountAddress: owner,
    whitelistAddress: whitelist.address,
    addresses: [
      { targetAddress: holderA, legalName: nameA },
      { targetAddress: holderB, legalName: nameB },
    ],
  });
  await verifyMissing(config.rpcUrl, whitelist.address, devAccountKeys[0], [
    owner,
    holderA,
    holderB,
    ...crowd.map((c) => c.address),
  ]);
  const codebases = (await api.get('/codebase/list/1')) as { id: number; default?: boolean }[];
  const codebaseId = (codebases.find((c) => c.default) ?? codebases[codebases.length - 1])?.id ?? 1;
  const draft = (symbol: string, name: string) => ({
    symbol,
    name,
    codebaseId,
    whitelistAddress: whitelist.address,
    controllerAddress: controller,
    isControllable: true,
    investors: [{ publicAddress: holderA, investmentAmount: 100 }],
  });
  // 24 drafts and one token to operate: 25 results for the search term, 3 pages.
  const fillers = Array.from({ length: 24 }, (_, i) => draft(`T${uniq}${i}`, `Zephyr ${uniq} ${i}`));
  await api.post('/draft', { bulk: { tokens: fillers.slice(0, 12) } });
  await api.post('/draft', { bulk: { tokens: fillers.slice(12) } });
  const operations = draft(opsSymbol, `Operations ${uniq}`);
  operations.investors.push(...crowd.map((c) => ({ publicAddress: c.address, investmentAmount: c.amount })));
  await api.post('/draft', { bulk: { tokens: [operations] } });
  await api.post('/draft/deploy', {
    symbol: opsSymbol,
    accountAddress: owner,
    ownerAddress: owner,
    txMode: 2,
  });
  await expect
    .poll(
      async () => ((await api.get(`/projects/${opsSymbol}`)) as { projectStatus: number }).projectStatus,
      {
        timeout: 90_000,
      },
    )
    .toBe(2);
});

test('search finds tokens by symbol and by name, and pages through 3 pages', async ({ page }) => {
  await loginInBrowser(page, account.email, account.password);
  const search = page.getByPlaceholder('Token name or symbol...');
  await search.fill(opsSymbol.toLowerCase());
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Tokens' })).toBeVisible();
  await expect(page.getByRole('cell', { name: opsSymbol, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'None' })).toHaveCount(0);

  await search.fill(`zephyr ${uniq.toLowerCase()}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: `Zephyr ${uniq} 23` })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Not available yet' }).first()).toBeVisible();

  await search.fill(uniq);
  await search.press('Enter');
  await expect(page.getByRole('row')).toHaveCount(11);
  await page.getByRole('link', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(new RegExp(`/Tokens\\?page=3&term=${uniq}$`));
  await expect(page.getByRole('row')).toHaveCount(6);

  await page.goto(`/Tokens?term=nothing-${uniq}`);
  await expect(page.getByText('We could not find any tokens matching your search criteria')).toBeVisible();

  await page.goto(`/Tokens?term=${opsSymbol}`);
  await page.getByRole('cell', { name: opsSymbol, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/TokenInfo\\?token=${opsSymbol}$`));
  await expect(page.getByRole('heading', { name: `[${opsSymbol}] Operations ${uniq}` })).toBeVisible();
});

test('the token dashboard shows the figures and the charts of a deployed token, in both themes', async ({
  page,
}) => {
  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${opsSymbol}`);
  const tile = (label: string) =>
    page
      .locator('dl[aria-label="Token figures"] > div')
      .filter({ has: page.getByText(label, { exact: true }) });
  await expect(tile('Holders').getByRole('definition')).toHaveText('60');
  await expect(tile('Partitions').getByRole('definition')).toHaveText('1');
  await expect(tile('Status').getByRole('definition')).toHaveText('Active');
  await expect(tile('Next scheduled action').getByRole('definition')).toHaveText('Nothing scheduled');
  await expect(tile('Total supply').getByRole('definition')).toContainText('7,770');
  const supply = page.getByRole('region', { name: 'Supply by partition' });
  await expect(supply.getByRole('row')).toHaveCount(2);
  await expect(supply.getByRole('row').nth(1)).toContainText(/default.*100\.00%/);
  // The ten largest hold 159 down to 150 (1,545 of 7,770: the rest holds the other 6,225).
  const concentration = page.getByRole('region', { name: 'Holder concentration' });
  await expect(concentration.getByRole('row')).toHaveCount(12);
  await expect(concentration.getByRole('row').nth(11)).toContainText(/All other holders.*6,225/);
  // Supply and holders over time: the last day's figures are today's, in the last 30 days and over all time.
  const history = page.getByRole('region', { name: 'Supply and holders over time' });
  const ranges = history.getByRole('group', { name: 'Range' });
  await expect(ranges.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(history.getByRole('row').last()).toContainText(/7,770.*60$/);
  await ranges.getByText('All', { exact: true }).click();
  await expect(ranges.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(history.getByRole('row').last()).toContainText(/7,770.*60$/);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 1100 });
      await page.screenshot({ path: test.info().outputPath(`dashboard-${width}-${colorScheme}.png`) });
      await page.locator('dl[aria-label="Token figures"]').screenshot({
        path: test.info().outputPath(`dashboard-tiles-${width}-${colorScheme}.png`),
      });
      await history.screenshot({
        path: test.info().outputPath(`dashboard-history-${width}-${colorScheme}.png`),
      });
    }
  }
});

test('nothing below the dashboard moves while its figures and charts load, on a phone and a desktop', async ({
  page,
}) => {
  await loginInBrowser(page, account.email, account.password);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The figures answer after the page's own data (a slow network), as they did when the Summary card was pushed down
  // by the charts arriving above it (Lighthouse: CLS 0.167 on a phone, 0.109 on a desktop).
  await page.route('**/api/tokenstats/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/TokenInfo?token=${opsSymbol}`);
    await expect(page.getByRole('region', { name: 'Supply and holders over time' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts, `layout shifts at ${width} px`).toEqual([]);
  }
  await page.unroute('**/api/tokenstats/**');
});

test('holders of a partition: server order across pages with cursors, sorting, CSV of every holder', async ({
  page,
}) => {
  const all = [{ address: holderA, amount: 100 }, ...crowd];
  const byBalanceDesc = [...all].sort((a, b) => b.amount - a.amount).map((h) => h.address.toLowerCase());
  const byBalanceAsc = [...byBalanceDesc].reverse();
  /** The address column of the page shown must hold exactly these holders, in this order. */
  const inOrder = (addresses: string[]) => addresses.map((address) => new RegExp(address, 'i'));
  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${opsSymbol}`);
  await page.getByRole('tab', { name: 'Token Holders' }).click();
  const holders = page.getByRole('tabpanel', { name: 'Token Holders' });
  const table = holders.getByRole('table', { name: /^Holders of default \(60\)$/ });
  const rows = table.getByRole('row');
  const firstRow = rows.nth(1);
  const addressCells = table.locator('tbody tr td:first-child');
  await expect(rows).toHaveCount(51);
  await expect(table.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(firstRow).toContainText(new RegExp(`${byBalanceDesc[0]}.*159`, 'i'));
  await expect(addressCells).toHaveText(inOrder(byBalanceDesc.slice(0, 50)));

  await holders.getByRole('button', { name: 'Next page' }).click();
  await expect(holders.getByText('Page 2 of 2')).toBeVisible();
  // The 10 holders after the first 50: none shown twice, none left out.
  await expect(addressCells).toHaveText(inOrder(byBalanceDesc.slice(50)));
  await expect(rows.nth(10)).toContainText(new RegExp(`${holderA}.*100`, 'i'));
  await expect(holders.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await holders.getByRole('button', { name: 'Previous page' }).click();
  await expect(holders.getByText('Page 1 of 2')).toBeVisible();
  await expect(addressCells).toHaveText(inOrder(byBalanceDesc.slice(0, 50)));

  // The smallest holder of the whole partition comes first, not the smallest of the page shown.
  await table.getByRole('button', { name: 'Balance' }).click();
  await expect(table.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(firstRow).toContainText(new RegExp(`${holderA}.*100`, 'i'));
  await expect(holders.getByText('Page 1 of 2')).toBeVisible();
  await expect(addressCells).toHaveText(inOrder(byBalanceAsc.slice(0, 50)));
  await holders.getByRole('button', { name: 'Next page' }).click();
  await expect(holders.getByText('Page 2 of 2')).toBeVisible();
  await expect(addressCells).toHaveText(inOrder(byBalanceAsc.slice(50)));
  await expect(rows.nth(10)).toContainText(new RegExp(`${byBalanceDesc[0]}.*159`, 'i'));

  const download = page.waitForEvent('download');
  await holders.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${opsSymbol}-default-holders.csv`);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('holderAddress,legalName,balance,verificationTransactionHash');
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual([...byBalanceDesc].sort());
});

test('issues into a new partition, shows holders and balance, redeems, pauses and resumes', async ({
  page,
  server,
}) => {
  test.setTimeout(150_000);
  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${opsSymbol}`);
  await expect(page.getByText('Please connect to the network').first()).toBeVisible();
  await connectAs(page, owner);

  const issueButton = page.getByRole('button', { name: 'Issue', exact: true });
  const issueForm = page.getByRole('form', { name: 'Issue tokens' });
  await issueButton.click();
  await issueForm.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(issueForm.getByText('The amount is required')).toBeVisible();
  await expect(issueForm.getByText('The token holder is required')).toBeVisible();
  await issueForm.getByRole('button', { name: 'Create new partition' }).click();
  const partitionForm = page.getByRole('form', { name: 'Create new partition' });
  await partitionForm.getByLabel('Partition name').fill(`Series ${uniq}`);
  await partitionForm.getByLabel('Partition value').fill(partition);
  await partitionForm.getByRole('button', { name: 'Save partition' }).click();
  await expect(issueForm.getByLabel('Partition')).toHaveValue(partition);
  await issueForm.getByLabel('Amount').fill('50');
  await issueForm.getByLabel('Token holder').fill(holderB);
  await issueForm.getByLabel('Comments').fill('Series issue');
  await issueForm.getByRole('button', { name: 'Issue', exact: true }).click();
  // A confirmation first (issue 34): the amount, the holder's role, legal name and address in full (wrapped, never
  // clipped) and the partition; Go back finds the form as it was left.
  const question = page.getByRole('alertdialog', { name: 'Issue tokens' });
  await expect(question).toContainText(`Issue 50 ${opsSymbol}?`);
  await expect(question).toContainText(`To ${nameB} ${getAddress(holderB)}`);
  await expect(question).toContainText(`On partition ${partition}.`);
  const full = question.getByText(getAddress(holderB), { exact: true });
  const [box, dialog] = await Promise.all([full.boundingBox(), question.boundingBox()]);
  expect(box && dialog && box.x >= dialog.x && box.x + box.width <= dialog.x + dialog.width).toBe(true);
  await screenshots(page, 'issue-confirm');
  await question.getByRole('button', { name: 'Go back' }).click();
  await expect(question).toHaveCount(0);
  await expect(issueForm.getByLabel('Amount')).toHaveValue('50');
  await expect(issueForm.getByLabel('Token holder')).toHaveValue(holderB);
  await expect(issueForm.getByLabel('Partition')).toHaveValue(partition);
  await expect(issueForm.getByLabel('Comments')).toHaveValue('Series issue');
  await issueForm.getByRole('button', { name: 'Issue', exact: true }).click();
  await confirm(page);
  await mined(page);

  const holders = page.getByRole('tabpanel', { name: 'Token Holders' });
  await holders.getByLabel('Partition').selectOption(partition);
  await holders.getByRole('button', { name: 'Refresh' }).click();
  await expect(holders.getByRole('cell', { name: new RegExp(holderB, 'i') })).toBeVisible();
  await expect(holders.getByRole('cell', { name: '50', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Balance' }).click();
  const balance = page.getByRole('tabpanel', { name: 'Balance' });
  await balance.getByLabel('Wallet address').fill(holderB);
  await balance.getByRole('button', { name: 'Check balance' }).click();
  await expect(balance.getByRole('cell', { name: partition })).toBeVisible();
  await balance.getByRole('button', { name: 'View History' }).click();
  const history = balance.getByRole('table', { name: 'Balance history' });
  await expect(history.getByRole('cell', { name: partition })).toBeVisible();
  // The server sorts the history: the date column asks for blockTimestamp ascending.
  await history.getByRole('button', { name: 'date' }).click();
  await expect(history.getByRole('columnheader', { name: 'date' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(history.getByRole('cell', { name: partition })).toBeVisible();

  // Redeem: the owner issues to itself first, then redeems part of it.
  await issueButton.click();
  await issueForm.getByLabel('Amount').fill('20');
  await issueForm.getByLabel('Token holder').fill(owner);
  await issueForm.getByLabel('Partition').selectOption(partition);
  await issueForm.getByLabel('Comments').fill('Treasury');
  await issueForm.getByRole('button', { name: 'Issue', exact: true }).click();
  await confirm(page);
  await mined(page);
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  const redeemForm = page.getByRole('form', { name: 'Redeem tokens' });
  await redeemForm.getByLabel('Amount').fill('5');
  await redeemForm.getByLabel('Partition').selectOption(partition);
  await redeemForm.getByRole('button', { name: 'Redeem', exact: true }).click();
  const redeemQuestion = page.getByRole('alertdialog', { name: 'Redeem tokens' });
  await expect(redeemQuestion).toContainText(`Redeem 5 ${opsSymbol}?`);
  await expect(redeemQuestion).toContainText(`From ${getAddress(owner)}`);
  await expect(redeemQuestion).toContainText(`From partition ${partition}.`);
  await screenshots(page, 'redeem-confirm');
  await confirm(page);
  await mined(page);
  await page.getByRole('tab', { name: 'Balance' }).click();
  await balance.getByLabel('Wallet address').fill(owner);
  await balance.getByRole('button', { name: 'Check balance' }).click();
  await expect(balance.getByRole('cell', { name: '15', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Pause trading' }).click();
  await confirm(page);
  await mined(page);
  await expect(page.getByText('Token trading is paused').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Resume trading' }).click();
  await confirm(page);
  await mined(page);
  await expect(page.getByRole('button', { name: 'Pause trading' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue', exact: true })).toBeEnabled();

  // A stale page: the owner pauses the token elsewhere (straight on the chain) while this page shows it active.
  const token = (await page.evaluate(async (symbol) => {
    const jwt = JSON.parse(localStorage.getItem('jwt') ?? '{}').token;
    const answer = await fetch(`/api/projects/${symbol}`, { headers: { authorization: `Bearer ${jwt}` } });
    return ((await answer.json()) as { data: { contractAddress: string } }).data;
  }, opsSymbol)) as { contractAddress: string };
  const { rpcUrl } = (await (await fetch(`${server.url}/api/config`)).json()).data as { rpcUrl: string };
  const ownerKey = devAccountKeys[0] as string;
  await callToken(rpcUrl, ownerKey, token.contractAddress, 'pause');
  await page.getByRole('button', { name: 'Pause trading' }).click();
  await confirm(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Already paused' })).toContainText(
    'Trading on this token is paused already',
  );
  // The page reloads the token: it now offers Resume; resuming elsewhere first makes that one stale too.
  await expect(page.getByRole('button', { name: 'Resume trading' })).toBeVisible();
  await callToken(rpcUrl, ownerKey, token.contractAddress, 'unPause');
  await page.getByRole('button', { name: 'Resume trading' }).click();
  await confirm(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Already unpaused' })).toContainText(
    'Token trading is active already',
  );
  await expect(page.getByRole('button', { name: 'Pause trading' })).toBeVisible();
});

test('documents and operators', async ({ page }) => {
  test.setTimeout(120_000);
  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${opsSymbol}`);
  await connectAs(page, owner);

  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByText('No documents available')).toBeVisible();
  await page.getByRole('button', { name: 'Add Document' }).click();
  await expect(page.getByText('The document title is required')).toBeVisible();
  const documentForm = page.getByRole('form', { name: 'Add Document' });
  await documentForm.getByLabel('Title').fill('Prospectus');
  await documentForm.getByLabel('Location').fill('https://example.com/prospectus.pdf');
  await page.getByRole('button', { name: 'Add Document' }).click();
  await mined(page);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('cell', { name: 'Prospectus', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Prospectus' }).click();
  await confirm(page);
  await mined(page);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByText('No documents available')).toBeVisible();

  const operator = controller;
  await page.getByRole('tab', { name: 'Operators' }).click();
  await page.getByLabel('Operator address').fill(operator);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await confirm(page);
  await mined(page);
  await page.getByRole('tab', { name: 'Operators' }).click();
  await page.getByLabel('Operator address').fill(operator);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`${operator} is an operator of`)).toBeVisible();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await confirm(page);
  await mined(page);
  await page.getByRole('tab', { name: 'Operators' }).click();
  await page.getByLabel('Operator address').fill(operator);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`${operator} is not an operator of`)).toBeVisible();
});

test('controller operations, removing the controller, and a wallet without rights', async ({ page }) => {
  test.setTimeout(150_000);
  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${opsSymbol}`);
  await connectAs(page, controller);

  await page.getByRole('tab', { name: 'Controller' }).click();
  const transfer = page.getByRole('form', { name: 'Force a transfer' });
  await transfer.getByRole('button', { name: 'Force transfer' }).click();
  await expect(
    page.getByText('Please enter a comment explaining why you are running a forced transfer'),
  ).toBeVisible();
  // Holders are picked from the register by name: with the keyboard (Down, Enter) and with the mouse.
  const from = transfer.getByRole('combobox', { name: 'From address' });
  await from.pressSequentially('harbour pen');
  await expect(transfer.getByRole('option', { name: new RegExp(nameA) })).toContainText(getAddress(holderA));
  await page.screenshot({ path: test.info().outputPath('holder-picker-open.png') });
  await from.press('ArrowDown');
  await from.press('Enter');
  await expect(from).toHaveValue(getAddress(holderA));
  await expect(from).toHaveAccessibleDescription(nameA);
  const to = transfer.getByRole('combobox', { name: 'To address' });
  await to.pressSequentially('Quay Trust');
  await transfer.getByRole('option', { name: new RegExp(nameB) }).click();
  await expect(to).toHaveValue(getAddress(holderB));
  await transfer.getByLabel('Amount').fill('10');
  await transfer.getByLabel('Comment').fill('Court order 12');
  await transfer.getByRole('button', { name: 'Force transfer' }).click();
  // The confirmation names both parties and their addresses in full (checksummed, nothing clipped), the amount and
  // the partition.
  const question = page.getByRole('alertdialog', { name: 'Force transfer' });
  await expect(question).toContainText(`Transfer 10 ${opsSymbol}?`);
  await expect(question).toContainText(`From ${nameA} ${getAddress(holderA)}`);
  await expect(question).toContainText(`To ${nameB} ${getAddress(holderB)}`);
  await expect(question).toContainText(/From partitions? default[,.]/);
  for (const holder of [holderA, holderB]) {
    const full = question.getByText(getAddress(holder), { exact: true });
    // Wrapped inside the dialog, never clipped: the whole address lies within the dialog's box.
    const [box, dialog] = await Promise.all([full.boundingBox(), question.boundingBox()]);
    expect(box && dialog && box.x >= dialog.x && box.x + box.width <= dialog.x + dialog.width).toBe(true);
  }
  await screenshots(page, 'force-confirm');
  await confirm(page);
  await mined(page);
  await page.getByRole('tab', { name: 'Controller' }).click();
  const redeem = page.getByRole('form', { name: 'Redeem from an address' });
  await redeem.getByLabel('From address').fill(holderA);
  await redeem.getByLabel('Amount').fill('5');
  await redeem.getByLabel('Comment').fill('Lost keys');
  await redeem.getByRole('button', { name: 'Controller redeem' }).click();
  await confirm(page);
  await mined(page);
  await page.getByRole('tab', { name: 'Balance' }).click();
  const balance = page.getByRole('tabpanel', { name: 'Balance' });
  await balance.getByLabel('Wallet address').fill(holderA);
  await balance.getByRole('button', { name: 'Check balance' }).click();
  await expect(balance.getByRole('cell', { name: '85', exact: true })).toBeVisible();

  await connectAs(page, owner);
  await page.getByRole('tab', { name: 'Controller' }).click();
  await expect(
    page.getByText(
      'Forced transfers are not available to you because you are not the controller of this token',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remove controller' }).click();
  await confirm(page);
  await mined(page);
  await expect(page.getByText('Not controllable', { exact: true })).toBeVisible();
  // The owner still sees the Controller tab; it says why it is disabled (part 1, section 6).
  await page.getByRole('tab', { name: 'Controller' }).click();
  await expect(page.getByText('The token is not controllable')).toBeVisible();
  await expect(page.getByText('This screen is disabled because the project has no controller')).toBeVisible();

  await connectAs(page, nobody);
  await expect(page.getByText('Your wallet address is not allowed to issue new tokens')).toBeVisible();
  await expect(page.getByText('Your wallet address is not allowed to redeem tokens')).toBeVisible();
  await expect(page.getByText('Your wallet address is not allowed to pause token trading')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Pause trading' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(
    page.getByText('Your wallet address is not allowed to manage the documents of this token'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Document' })).toBeDisabled();
});
