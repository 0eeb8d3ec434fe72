import { devAccountKeys, toBytes32Name } from '../../contracts/src/index.ts';
import { addressOf, randomAddress, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { expect, testOwnServer } from './fixtures.ts';
import { apiAs, createAccount, loginInBrowser } from './helpers.ts';
import { chainRpcUrl, type MinedReceipt, receiptOf, rpc } from './historyHelpers.ts';

/**
 * A server that shows balances as final only under 3 blocks (INDEXER_CONFIRMATIONS=3) on the embedded chain, which
 * mines a block per transaction and then stands still: the indexer reads the newest blocks once the head stalls, and
 * the console marks a balance changed in them 'Unconfirmed' until 3 more blocks are mined.
 */
const test = testOwnServer({ INDEXER_CONFIRMATIONS: '3' });

/** Dev account 0 holds Access Levels 1 and 2 of the seeded scheme; in local mode any account may sign with it. */
const issuer = addressOf(devAccountKeys[0]);
/** Selector of SecurityToken.issueByPartition(bytes32,address,uint256,bytes). */
const issueByPartitionSelector = '0x67c84919';
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

test('a just-issued holder is marked unconfirmed in the holders and the balance report until 3 blocks are mined', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(180_000);
  const account = await createAccount(request, server.url);
  const api = await apiAs(request, server.url, { loginName: account.email, password: account.password });
  const get = api.get;
  const rpcUrl = await chainRpcUrl(request, server.url);
  const holder = randomAddress();
  const whitelist = ((await get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await verifyMissing(rpcUrl, whitelist.address, devAccountKeys[0], [issuer, holder]);
  const codebases = (await get('/codebase/list/1')) as { id: number }[];
  const codebaseId = codebases[codebases.length - 1]?.id ?? 1;
  const symbol = `UC${Date.now().toString(36).toUpperCase().slice(-5)}`;
  await api.post('/draft', {
    bulk: {
      tokens: [
        {
          symbol,
          name: `Unconfirmed ${symbol}`,
          codebaseId,
          whitelistAddress: whitelist.address,
          controllerAddress: issuer,
          isControllable: true,
          investors: [{ publicAddress: issuer, investmentAmount: 10 }],
        },
      ],
    },
  });
  await api.post('/draft/deploy', {
    symbol,
    accountAddress: issuer,
    ownerAddress: issuer,
    txMode: 2,
  });
  await expect
    .poll(async () => ((await get(`/projects/${symbol}`)) as { projectStatus: number }).projectStatus, {
      timeout: 90_000,
    })
    .toBe(2);

  // The owner (dev account 0, unlocked on the embedded chain) issues to the holder: the newest block, after which
  // the chain stands still.
  const contractAddress = ((await get(`/projects/${symbol}`)) as { contractAddress: string }).contractAddress;
  const issue = await rpc<string>(rpcUrl, 'eth_sendTransaction', [
    {
      from: issuer,
      to: contractAddress,
      // partition, holder, amount, then the empty data: its offset (4 words in) and its length 0.
      data: `${issueByPartitionSelector}${toBytes32Name('default').slice(2)}${word(holder)}${word((50).toString(16))}${word('80')}${word('0')}`,
    },
  ]);
  const receipt = (await receiptOf(rpcUrl, issue)) as MinedReceipt & { status: string };
  expect(receipt.status).toBe('0x1');

  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${symbol}`);
  await page.getByRole('tab', { name: 'Token Holders' }).click();
  const holders = page.getByRole('tabpanel', { name: 'Token Holders' });
  const row = holders.getByRole('row').filter({ hasText: new RegExp(holder, 'i') });
  // The indexer reads the newest block once the head has stood still for a second.
  await expect(async () => {
    await holders.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: /^50/ })).toBeVisible();
  const badge = row.getByText('Unconfirmed', { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAccessibleDescription('Not yet final: waiting for 3 confirmations');

  await page.goto('/AddrBalance');
  await page.getByRole('textbox', { name: 'Wallet address' }).fill(holder);
  await page.getByRole('button', { name: 'Check balance' }).click();
  const report = page.getByRole('table', { name: `Current balance of address ${holder}:` });
  const reportRow = report.getByRole('row').filter({ hasText: symbol });
  await expect(reportRow).toContainText(`50 ${symbol}`);
  await expect(reportRow.getByText('Unconfirmed', { exact: true })).toHaveAccessibleDescription(
    'Not yet final: waiting for 3 confirmations',
  );

  // Three blocks on top of the issue: final.
  for (let i = 0; i < 3; i++) await rpc(rpcUrl, 'evm_mine');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(reportRow).toContainText(`50 ${symbol}`);
  await expect(reportRow.getByText('Unconfirmed', { exact: true })).toHaveCount(0);

  await page.goto(`/TokenInfo?token=${symbol}`);
  await page.getByRole('tab', { name: 'Token Holders' }).click();
  await expect(row.getByRole('cell', { name: '50', exact: true })).toBeVisible();
  await expect(row.getByText('Unconfirmed', { exact: true })).toHaveCount(0);
});
