import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';
import {
  chainRpcUrl,
  fundedSender,
  loginToken,
  receiptOf,
  recordReceipt,
  recordTransaction,
  rpc,
  sendTransaction,
  tinyContractInitCode,
} from './historyHelpers.ts';

test('My transactions shows both empty states for a new account', async ({ page, request, server }) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await page.goto('/TransactionHistory');
  await expect(page.getByRole('heading', { name: 'My transactions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Transactions', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('No transactions available')).toBeVisible();
  await expect(page.getByText('You did not run any transactions on the blockchain yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Sharded Transactions' }).click();
  await expect(page.getByText('No sharded transactions available')).toBeVisible();
  await expect(page.getByText('You did not run any distributed transactions yet.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Transactions pages' })).toHaveCount(0);
});

test('recorded transactions are listed, open their detail by View or row click, and link to the local pages', async ({
  page,
  request,
  server,
}) => {
  const rpcUrl = await chainRpcUrl(request, server.url);
  const account = await createAccount(request, server.url);
  const token = await loginToken(request, server.url, account);
  const sender = await fundedSender(rpcUrl);

  const deployHash = await sendTransaction(rpcUrl, { from: sender, data: tinyContractInitCode });
  await recordTransaction(request, server.url, token, { hash: deployHash, from: sender, txType: 1 });
  const deployment = await receiptOf(rpcUrl, deployHash);
  await recordReceipt(request, server.url, token, deployment);
  const contract = deployment.contractAddress as string;
  const callHash = await sendTransaction(rpcUrl, { from: sender, to: contract, value: '0x1' });
  await recordTransaction(request, server.url, token, {
    hash: callHash,
    from: sender,
    txType: 4,
    contractAddress: contract,
  });
  const call = await receiptOf(rpcUrl, callHash);

  await loginInBrowser(page, account.email, account.password);
  await page.goto('/TransactionHistory');
  const table = page.getByRole('table', { name: 'Blockchain transactions ran with your platform account:' });
  await expect(table).toBeVisible();
  for (const header of ['View', 'ID', 'Type', 'Contract', 'Public address', 'Transaction hash', 'Created on'])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.nth(0)).toContainText('Token issue');
  await expect(rows.nth(0).getByRole('link', { name: callHash })).toHaveAttribute(
    'href',
    `/local/tx/${callHash}`,
  );
  // A contract that is no token, whitelist or scheme (relatedAssetClassId 0) gets no contract link.
  await expect(rows.nth(0).getByRole('link', { name: contract })).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('Contract deployment');
  await expect(rows.nth(1).getByRole('link', { name: sender }).first()).toBeVisible();

  // View opens the deployment.
  await rows.nth(1).getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(`/ViewRegularTransaction?hash=${deployHash}`);
  const details = page.getByRole('table', { name: 'Transaction', exact: true });
  const blockNumber = String(Number(deployment.blockNumber));
  await expect(details.getByRole('row', { name: /Block Number/ }).getByRole('link')).toHaveText(blockNumber);
  await expect(details.getByRole('row', { name: /Block Hash/ })).toContainText(deployment.blockHash);
  await expect(details.getByRole('row', { name: /Contract Address/ })).toContainText(contract);
  await expect(details.getByRole('row', { name: /^From/ })).toContainText(sender);
  await expect(details.getByRole('row', { name: /^To/ })).toContainText('Not available');
  await page.getByRole('tab', { name: 'Receipt' }).click();
  await expect(page.getByRole('table', { name: 'Receipt' })).toContainText('Success');
  // The receipt is cached locally by hash (part 1, section 3): with the server unreachable the page still shows it.
  await page.route(`**/api/transactions/${deployHash}`, (route) => route.abort('failed'));
  await page.reload();
  await expect(details.getByRole('row', { name: /Block Hash/ })).toContainText(deployment.blockHash);
  await page.unroute(`**/api/transactions/${deployHash}`);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/TransactionHistory');

  // A click on the row itself opens the call.
  await rows.nth(0).getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(`/ViewRegularTransaction?hash=${callHash}`);
  await expect(details.getByRole('row', { name: /Contract Address/ })).toContainText(
    'Not available because this is not a contract-creation transaction.',
  );
  await expect(details.getByRole('row', { name: /^To/ })).toContainText(contract);

  // The toolbar views another hash.
  await page.getByRole('textbox', { name: 'Transaction hash' }).fill(deployHash);
  await page.getByRole('button', { name: 'View transaction' }).click();
  await expect(page).toHaveURL(`/ViewRegularTransaction?hash=${deployHash}`);
  await expect(details.getByRole('row', { name: /^To/ })).toContainText('Not available');

  // The block link opens the local page with the real block.
  await page.goto(`/ViewRegularTransaction?hash=${callHash}`);
  await details
    .getByRole('row', { name: /Block Number/ })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(`/local/block/${Number(call.blockNumber)}`);
  await expect(page.getByRole('heading', { name: 'Local Ethereum Block' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Block', exact: true })).toContainText(call.blockHash);
  await expect(
    page.getByRole('table', { name: 'Transactions of this block:' }).getByRole('link', { name: callHash }),
  ).toBeVisible();
});

test('pages of My transactions, a page query that is not a number, and the CSV export', async ({
  page,
  request,
  server,
}) => {
  const rpcUrl = await chainRpcUrl(request, server.url);
  const account = await createAccount(request, server.url);
  const token = await loginToken(request, server.url, account);
  const sender = await fundedSender(rpcUrl);
  const recipient = await fundedSender(rpcUrl);
  const hashes: string[] = [];
  for (let i = 0; i < 12; i++) {
    const hash = await sendTransaction(rpcUrl, { from: sender, to: recipient, value: '0x1' });
    await recordTransaction(request, server.url, token, {
      hash,
      from: sender,
      txType: 2,
      contractAddress: recipient,
    });
    hashes.push(hash);
  }

  await loginInBrowser(page, account.email, account.password);
  await page.goto('/TransactionHistory?page=abc');
  const table = page.getByRole('table', { name: 'Blockchain transactions ran with your platform account:' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(hashes[11] as string);
  const pages = page.getByRole('navigation', { name: 'Transactions pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/TransactionHistory?page=2');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(hashes[0] as string);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'ID,Type,Type code,Status,Effect,Amount,Counterparty,Counterparty name,Partition,Token,Token address,Contract,Contract address,Public address,Transaction hash,Created on,Updated on',
  );
  expect(lines).toHaveLength(13);
  expect(lines.filter((line) => line.includes('Whitelist update'))).toHaveLength(12);
  for (const hash of hashes) expect(lines.some((line) => line.includes(hash))).toBe(true);
});

test('the transaction detail shows its not-found, validation, network and not-mined states', async ({
  page,
  request,
  server,
}) => {
  const rpcUrl = await chainRpcUrl(request, server.url);
  const account = await createAccount(request, server.url);
  const token = await loginToken(request, server.url, account);
  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/Login/);

  const unknown = `0x${'cd'.repeat(32)}`;
  await page.goto(`/ViewRegularTransaction?hash=${unknown}`);
  const warning = page.getByRole('alert').filter({ hasText: 'We could not find this transaction' });
  await expect(warning).toContainText('It seems like this transaction was not recorded in our platform.');
  await expect(warning.getByRole('link', { name: 'blockchain explorer' })).toHaveAttribute(
    'href',
    `/local/tx/${unknown}`,
  );
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/TransactionHistory');

  await page.goto('/ViewRegularTransaction');
  await expect(page.getByText('We could not find this transaction')).toBeVisible();

  await page.goto('/ViewRegularTransaction?hash=nothash');
  const invalid = page.getByRole('alert').filter({ hasText: 'Validation error' });
  await expect(invalid).toContainText('The transaction hash is invalid');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();

  await page.route('**/api/transactions/**', (route) => route.abort('failed'));
  await page.goto(`/ViewRegularTransaction?hash=${unknown}`);
  const network = page
    .getByRole('alert')
    .filter({ hasText: 'Could not load the transaction due to the following error:' });
  await expect(network).toContainText('Error');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await page.unroute('**/api/transactions/**');

  // A transaction without a receipt yet.
  const sender = await fundedSender(rpcUrl);
  await rpc(rpcUrl, 'evm_setAutomine', [false]);
  let pending: string;
  try {
    pending = await sendTransaction(rpcUrl, { from: sender, to: sender, value: '0x1' });
    await recordTransaction(request, server.url, token, { hash: pending, from: sender, txType: 6 });
    await page.goto(`/ViewRegularTransaction?hash=${pending}`);
    const details = page.getByRole('table', { name: 'Transaction', exact: true });
    for (const label of ['Block Hash', 'Block Number', 'Contract Address', 'To'])
      await expect(details.getByRole('row', { name: new RegExp(`^${label}`) })).toContainText(
        'Not available yet',
      );
  } finally {
    await rpc(rpcUrl, 'evm_setAutomine', [true]);
    await rpc(rpcUrl, 'evm_mine', []);
  }
  await page.reload();
  await expect(
    page
      .getByRole('table', { name: 'Transaction', exact: true })
      .getByRole('row', { name: /Block Number/ })
      .getByRole('link'),
  ).toBeVisible();
});

test('the sharded transaction detail warns when there is no such transaction', async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/Login/);
  await page.goto('/ViewTransaction?id=999999');
  await expect(page.getByRole('heading', { name: 'Sharded transaction' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'We could not find this transaction' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/TransactionHistory');

  await page.route('**/api/dtx/5', (route) => route.abort('failed'));
  await page.goto('/ViewTransaction?id=5');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Could not load the transaction due to the following error' }),
  ).toBeVisible();
});

test('a security scheme deployed from the Permissions page is in My transactions with its name, hash and detail', async ({
  page,
  request,
  server,
}) => {
  const deployer = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'; // dev account #8
  const name = `History scheme ${Date.now().toString(36)}`;
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/Login/);
  await page.goto('/Permissions');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Owner' }).fill(deployer);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(deployer)).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 30_000 });

  await page.goto('/TransactionHistory');
  const table = page.getByRole('table', { name: 'Blockchain transactions ran with your platform account:' });
  const row = table.getByRole('row').filter({ hasText: 'Contract deployment' });
  await expect(row).toHaveCount(1);
  const schemeLink = row.getByRole('link', { name });
  await expect(schemeLink).toHaveAttribute('href', /^\/local\/address\/0x[0-9a-f]{40}$/);
  const schemeAddress = ((await schemeLink.getAttribute('href')) as string).split('/').pop() as string;
  await expect(row.getByRole('link', { name: new RegExp(deployer, 'i') })).toBeVisible();
  const hashLink = row.getByRole('link', { name: /^0x[0-9a-f]{64}$/ });
  const hash = (await hashLink.textContent()) as string;

  await row.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(`/ViewRegularTransaction?hash=${hash}`);
  const details = page.getByRole('table', { name: 'Transaction', exact: true });
  await expect(details.getByRole('row', { name: /Block Number/ }).getByRole('link')).toHaveText(/^\d+$/);
  await expect(details.getByRole('row', { name: /Contract Address/ })).toContainText(schemeAddress);
  await expect(details.getByRole('row', { name: /^From/ })).toContainText(deployer.toLowerCase());
  await expect(details.getByRole('row', { name: /^To/ })).toContainText('Not available');
});
