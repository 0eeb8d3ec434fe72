import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatAmount } from '../../api/src/index.ts';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { distributionChain } from '../../server/src/modules/distributions/testing.ts';
import { addressOf, randomAddress, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { toChecksumAddress as getAddress } from '../../ui-kit/src/AddressText/address.ts';
import { expect, testOwnChain as test } from './fixtures.ts';
import { type Api, apiAs, chainDate, connectAs, fieldTime, loginInBrowser, mined } from './helpers.ts';

/**
 * Issue 21's journey, whole stack: a token with holders whose balances change after the record block; a
 * distribution paying by the record block, funded from the issuer's wallet; one holder claims in the console;
 * the issuer pushes the rest (durable job); after the deadline (chain time moved) the issuer reclaims; the
 * chain's ERC-20 balances match the per-holder amounts to the unit.
 */
const dev = devAccountKeys.map((key) => addressOf(key));
const issuer = dev[0] as string;
const claimer = dev[3] as string;
const second = dev[4] as string;
const lateHolder = dev[5] as string;
const third = randomAddress();
const symbol = `DIV${Date.now().toString(36).toUpperCase().slice(-5)}`;
const partition = 'default';
/** 1000.000001 tUSD over 600 tokens: floor per holder, a remainder of 2 base units. */
const funded = 1_000_000_001n;
const recordBalances = new Map([
  [claimer, 100n],
  [second, 200n],
  [third, 300n],
]);
const share = (address: string) => (funded * (recordBalances.get(address) ?? 0n)) / 600n;
/** Base units shown as the console shows them: the one amount formatter (6 decimals, thousands grouped). */
const tusd = (amount: bigint) => formatAmount(amount, { decimals: 6, symbol: 'tUSD' });

/** No WCAG 2.1 A/AA violations on the page as shown. */
async function accessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

let api: Api;
let rpcUrl: string;
let stableAddress: string;
let recordBlock = 0;

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(180_000);
  if (!server.demo) throw new Error('the local server printed no demo login');
  api = await apiAs(request, server.url, server.demo);
  const config = (await api.get('/config')) as { rpcUrl: string; testStableToken: string | null };
  rpcUrl = config.rpcUrl;
  await expect.poll(async () => ((await api.get('/config')) as typeof config).testStableToken).not.toBeNull();
  stableAddress = ((await api.get('/config')) as typeof config).testStableToken as string;
  const whitelist = ((await api.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await verifyMissing(rpcUrl, whitelist.address, devAccountKeys[0], [
    issuer,
    ...recordBalances.keys(),
    lateHolder,
  ]);
  const codebases = (await api.get('/codebase/list/1')) as { id: number; default?: boolean }[];
  await api.post('/draft', {
    bulk: {
      tokens: [
        {
          symbol,
          name: `Dividend shares ${symbol}`,
          codebaseId: (codebases.find((c) => c.default) ?? codebases[codebases.length - 1])?.id ?? 1,
          whitelistAddress: whitelist.address,
          controllerAddress: dev[1],
          isControllable: true,
          investors: [...recordBalances].map(([publicAddress, amount]) => ({
            publicAddress,
            investmentAmount: Number(amount),
          })),
        },
      ],
    },
  });
  await api.post('/draft/deploy', { symbol, accountAddress: issuer, ownerAddress: issuer, txMode: 2 });
  await expect
    .poll(async () => ((await api.get(`/projects/${symbol}`)) as { projectStatus: number }).projectStatus, {
      timeout: 120_000,
    })
    .toBe(2);
  // The deployment issues the investors after the contract is deployed (the project is listed as deployed first):
  // the record block is taken once all three are issued.
  await expect
    .poll(
      async () =>
        ((await api.get(`/draft/${symbol}`)) as { investors: { status: number }[] }).investors.map(
          (investor) => investor.status,
        ),
      { timeout: 60_000 },
    )
    .toEqual([2, 2, 2]);
  const chain = distributionChain(rpcUrl);
  recordBlock = await chain.blockNumber();
  // After the record block: the claimer sells 50 to the second holder, and a new holder is issued 1000.
  const token = (await api.get(`/projects/${symbol}`)) as { contractAddress: string };
  await chain.transferByPartition(token.contractAddress, devAccountKeys[3] as string, partition, second, 50n);
  await api.post('/token/issue', {
    symbol,
    accountAddress: issuer,
    txMode: 2,
    holderAddress: lateHolder,
    amount: '1000',
    partition,
    additionalData: 'after the record block',
  });
  // The indexer has read past the record block once the late holder shows.
  await expect
    .poll(
      async () => JSON.stringify(await api.get(`/holders/${symbol}/${partition}?pageSize=10`)).toLowerCase(),
      { timeout: 60_000 },
    )
    .toContain(lateHolder.toLowerCase());
  chain.close();
});

test('a dividend pays by the record block: fund, claim in the console, push, reclaim; balances to the unit', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(300_000);
  const chain = distributionChain(rpcUrl);
  const balanceOf = (address: string) => chain.erc20BalanceOf(stableAddress, address);
  const everyone = [issuer, claimer, second, third, lateHolder];
  const before = new Map(await Promise.all(everyone.map(async (a) => [a, await balanceOf(a)] as const)));
  // The dev chain's clock runs a month ahead of the wall clock (evm_increaseTime, as a spec sharing a chain may
  // leave it): the form's dates follow the chain's clock, by which the server and the Distributor judge them.
  await chain.increaseTime(30 * 24 * 3600);

  await loginInBrowser(page, server.demo?.loginName ?? '', server.demo?.password ?? '');
  await page.goto(`/TokenInfo?token=${symbol}`);
  await connectAs(page, issuer);
  await page.getByRole('tab', { name: 'Distributions' }).click();
  const tab = page.getByRole('tabpanel', { name: 'Distributions' });
  await tab.getByRole('button', { name: 'New distribution' }).click();

  // Step 1: the register at the record block (the sale and the late issue come after it).
  await tab.getByRole('radio', { name: 'A new register at a record block' }).check();
  await tab.getByRole('textbox', { name: 'Record block' }).fill(String(recordBlock));
  await tab.getByRole('button', { name: 'Take the register' }).click();
  const register = tab.getByRole('region', { name: /^Register #\d+$/ });
  await expect(register).toContainText(`Record block ${recordBlock}`);
  await expect(register).toContainText('3 holders, 600 tokens in total');
  const csv = page.waitForEvent('download');
  await register.getByRole('button', { name: 'Export CSV' }).click();
  expect((await csv).suggestedFilename()).toBe(`${symbol}-register-${recordBlock}.csv`);

  // Step 2: the local test stable token by default, a total amount.
  await expect(tab.getByRole('textbox', { name: 'Payment token address' })).toHaveValue(stableAddress);
  // In the payment token's units (the form turns them into base units with its decimals).
  // An excluded holder is picked from the token's register by the start of its address and added as a line.
  const exclude = tab.getByRole('combobox', { name: 'Add an excluded holder' });
  await exclude.pressSequentially(lateHolder.slice(0, 10));
  const option = tab.getByRole('option', { name: new RegExp(lateHolder, 'i') });
  await expect(option).toBeVisible();
  await accessible(page);
  await exclude.press('ArrowDown');
  await exclude.press('Enter');
  await expect(exclude).toHaveValue('');
  const excluded = tab.getByRole('textbox', { name: 'Excluded addresses' });
  await expect(excluded).toHaveValue(getAddress(lateHolder));
  // This journey pays everyone on the register: the line goes again.
  await excluded.fill('');
  await tab.getByRole('textbox', { name: 'Total amount' }).fill('1,000.000001');
  // The claim deadline is a week after the chain's time by default (to the minute), not the wall clock's.
  await expect
    .poll(async () => {
      const deadline = await fieldTime(page, tab.getByRole('textbox', { name: 'Claim deadline' }));
      return Math.abs(deadline - ((await chainDate(request, server.url)).getTime() + 7 * 86_400_000));
    })
    .toBeLessThan(120_000);
  await tab.getByRole('button', { name: 'Review' }).click();

  // Step 3: the per-holder table by the record block, and the remainder.
  const table = tab.getByRole('table', { name: 'Payments by holder' });
  for (const [holder] of recordBalances) {
    const amount = share(holder);
    await expect(table.getByRole('row', { name: new RegExp(holder, 'i') })).toContainText(tusd(amount));
  }
  await expect(table.getByRole('row', { name: new RegExp(lateHolder, 'i') })).toHaveCount(0);
  const remainder = funded - share(claimer) - share(second) - share(third);
  expect(remainder).toBe(2n);
  await expect(table.getByRole('row', { name: /Rounding remainder/ })).toContainText('0.000002 tUSD');
  await expect(table.getByRole('row', { name: /Total funded/ })).toContainText('1,000.000001 tUSD');
  await accessible(page);
  await tab.getByRole('button', { name: 'Fund with my wallet' }).click();
  await mined(page, 60_000);
  const card = tab.getByRole('region', { name: /^Distribution #\d+$/ });
  await expect(card.getByRole('progressbar', { name: 'Funded: 1,000.000001 tUSD' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );

  // The claimer's wallet sees its payment on My distributions and claims it.
  await connectAs(page, claimer);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My Account/ })
    .click();
  await page.getByRole('menuitem', { name: 'My distributions' }).click();
  await expect(page.getByRole('heading', { name: 'My distributions', level: 1 })).toBeVisible();
  const claim = page.getByRole('region', { name: new RegExp(`^${symbol} distribution #\\d+$`) });
  await expect(claim).toContainText('You are owed: 166.666666 tUSD');
  await accessible(page);
  await claim.getByRole('button', { name: 'Claim' }).click();
  await expect(claim.getByRole('status')).toHaveText('Paid to your wallet.', { timeout: 60_000 });
  expect(await balanceOf(claimer)).toBe((before.get(claimer) ?? 0n) + share(claimer));

  // The issuer pushes the rest (a durable server job with progress).
  await page.goto(`/TokenInfo?token=${symbol}`);
  await connectAs(page, issuer);
  await page.getByRole('tab', { name: 'Distributions' }).click();
  await card.getByRole('button', { name: 'Push payments' }).click();
  await expect(card.getByRole('progressbar', { name: /^Push done: 2 of 3 holders/ })).toBeVisible({
    timeout: 90_000,
  });
  await expect(card.getByRole('progressbar', { name: 'Claimed: 166.666666 tUSD' })).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Pushed: 833.333333 tUSD' })).toBeVisible();

  // Before the deadline Reclaim is disabled and says when it opens; once the chain's time is past it (moved here:
  // the server reads the deadline by the chain's clock, as the Distributor does), the issuer reclaims.
  await expect(card.getByRole('button', { name: 'Reclaim' })).toBeDisabled();
  await expect(card).toContainText('Reclaim opens after the claim deadline');
  await chain.increaseTime(8 * 24 * 3600);
  await page.reload();
  await page.getByRole('tab', { name: 'Distributions' }).click();
  await card.getByRole('button', { name: 'Reclaim' }).click();
  await mined(page, 60_000);
  await expect(card).toContainText('Reclaimed by the issuer. Rounding remainder: 0.000002 tUSD');

  // My transactions (issue 34): the wallet-signed funding, claim and reclaim and the server-signed push, each with
  // its effect in tUSD units.
  await page.goto('/TransactionHistory');
  const history = page.getByRole('table', {
    name: 'Blockchain transactions ran with your platform account:',
  });
  const effects = [
    'Funded a distribution with 1,000.000001 tUSD',
    'Claimed 166.666666 tUSD',
    'Paid 833.333333 tUSD to 2 holders',
    'Reclaimed 0.000002 tUSD',
  ];
  for (const effect of effects)
    await expect(history.getByRole('row').filter({ hasText: effect })).toHaveCount(1);
  // Each sits under its token, not under the Distributor it called: the token filter keeps all four, and each row
  // names the token (issue 34).
  await page
    .getByRole('combobox', { name: 'Token or contract' })
    .selectOption({ label: `Dividend shares ${symbol}` });
  for (const effect of effects)
    await expect(
      history.getByRole('row').filter({ hasText: effect }).getByRole('cell', { name: symbol, exact: true }),
    ).toHaveCount(1);

  // The chain's balances: each record-block holder got its floor share, the late holder nothing, the issuer
  // paid exactly the sum of the shares (the remainder came back), and neither the distribution's escrow nor the
  // Distributor holds anything.
  for (const holder of recordBalances.keys()) {
    expect(await balanceOf(holder)).toBe((before.get(holder) ?? 0n) + share(holder));
  }
  expect(await balanceOf(lateHolder)).toBe(before.get(lateHolder));
  expect(await balanceOf(issuer)).toBe((before.get(issuer) ?? 0n) - (funded - remainder));
  const issuerApi = await apiAs(request, server.url, server.demo ?? { loginName: '', password: '' });
  const distributions = (await issuerApi.get(`/distributions/list/${symbol}`)) as {
    distributorAddress: string;
    distributionId: string;
  }[];
  const { distributorAddress = '', distributionId = '' } = distributions[0] ?? {};
  expect(await balanceOf(await chain.escrowOf(distributorAddress, distributionId))).toBe(0n);
  expect(await balanceOf(distributorAddress)).toBe(0n);
  chain.close();
});
