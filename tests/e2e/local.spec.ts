import { tokenWithErc20Transfer } from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';
import {
  chainRpcUrl,
  fundedSender,
  receiptOf,
  sendTransaction,
  tinyContractInitCode,
} from './historyHelpers.ts';

const notice = 'The data below lives in your local environment only';

test('the local pages show real chain data under their title, dismissible notice and Summary field', async ({
  page,
  request,
  server,
}) => {
  const rpcUrl = await chainRpcUrl(request, server.url);
  const sender = await fundedSender(rpcUrl);
  const recipient = await fundedSender(rpcUrl);
  const hash = await sendTransaction(rpcUrl, { from: sender, to: recipient, value: '0xde0b6b3a7640000' });
  const receipt = await receiptOf(rpcUrl, hash);
  const blockNumber = Number(receipt.blockNumber);
  const deployHash = await sendTransaction(rpcUrl, { from: sender, data: tinyContractInitCode });
  const contract = (await receiptOf(rpcUrl, deployHash)).contractAddress as string;

  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/Login/);

  await page.goto(`/local/tx/${hash}`);
  await expect(page.getByRole('heading', { name: 'Local Ethereum Tx' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Summary' })).toHaveValue(hash);
  await expect(page.getByRole('textbox', { name: 'Summary' })).toHaveAttribute('readonly', '');
  const alert = page.getByRole('alert').filter({ hasText: notice });
  await expect(alert).toContainText('use a public test network such as Sepolia');
  await expect(alert).not.toContainText(/Rinkeby|Ropsten/);
  await alert.getByRole('button', { name: /dismiss|close/i }).click();
  await expect(page.getByText(notice)).toHaveCount(0);
  const tx = page.getByRole('table', { name: 'Transaction', exact: true });
  await expect(tx.getByRole('row', { name: /^Status/ })).toContainText('Success');
  await expect(tx.getByRole('row', { name: /^Value/ })).toContainText('1.0 ETH');
  await expect(tx.getByRole('row', { name: /^From/ })).toContainText(sender);
  await expect(tx.getByRole('row', { name: /^To/ })).toContainText(recipient);

  // The block link opens the real block.
  await tx
    .getByRole('row', { name: /^Block/ })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(`/local/block/${blockNumber}`);
  await expect(page.getByRole('heading', { name: 'Local Ethereum Block' })).toBeVisible();
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Summary' })).toHaveValue(String(blockNumber));
  const block = page.getByRole('table', { name: 'Block', exact: true });
  await expect(block.getByRole('row', { name: /^Block hash/ })).toContainText(receipt.blockHash);
  await expect(block.getByRole('row', { name: /^Gas used/ })).toContainText('21000');
  await expect(
    page.getByRole('table', { name: 'Transactions of this block:' }).getByRole('link', { name: hash }),
  ).toBeVisible();

  // An address page with its balance and its transactions.
  await page.goto(`/local/address/${recipient}`);
  await expect(page.getByRole('heading', { name: 'Local Ethereum Address' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Summary' })).toHaveValue(recipient);
  const facts = page.getByRole('table', { name: 'Address', exact: true });
  await expect(facts.getByRole('row', { name: /^Balance/ })).toContainText('101.0 ETH');
  await expect(facts.getByRole('row', { name: /^Contract/ })).toContainText('No');
  await expect(
    page.getByRole('table', { name: /Transactions in the last/ }).getByRole('link', { name: hash }),
  ).toBeVisible();

  await page.goto(`/local/address/${contract}`);
  await expect(
    page.getByRole('table', { name: 'Address', exact: true }).getByRole('row', { name: /^Contract/ }),
  ).toContainText('Yes (10 bytes of code)');
});

test('an address page lists the ERC-20 transfers of the address, like an explorer’s token tab', async ({
  page,
  request,
  server,
}) => {
  const rpcUrl = await chainRpcUrl(request, server.url);
  const chain = await tokenWithErc20Transfer(rpcUrl);
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/Login/);

  await page.goto(`/local/address/${chain.holder}`);
  const transfers = page.getByRole('table', { name: /^Token transfers \(ERC-20\) in the last \d+ blocks:$/ });
  const rows = transfers.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveText(/Transaction hash\s*Block\s*From\s*To\s*Value\s*Token/);
  await expect(rows.nth(1).getByRole('link', { name: chain.transferHash })).toBeVisible();
  await expect(rows.nth(1).getByRole('link', { name: chain.holder })).toBeVisible();
  await expect(rows.nth(1).getByRole('link', { name: chain.receiver })).toBeVisible();
  await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText('30');
  await expect(rows.nth(1).getByRole('cell').nth(5)).toContainText(chain.token);
  await expect(rows.nth(2).getByRole('link', { name: chain.issueHash })).toBeVisible();
  await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText('Issued');
  await expect(rows.nth(2).getByRole('cell').nth(4)).toHaveText('100');

  // The receiver's page shows the one transfer it received; the link opens the transaction.
  await page.goto(`/local/address/${chain.receiver}`);
  await expect(transfers.getByRole('row')).toHaveCount(2);
  await transfers.getByRole('link', { name: chain.transferHash }).click();
  await expect(page).toHaveURL(`/local/tx/${chain.transferHash}`);
  // The transaction page decodes the call and its events with the platform's ABIs; the raw hex is behind a disclosure.
  const tx = page.getByRole('table', { name: 'Transaction', exact: true });
  const called = tx.getByRole('row', { name: /^Function called/ });
  await expect(called).toContainText('transfer');
  await expect(called).toContainText('value (uint256): 30 ERCV');
  await expect(called.getByRole('link', { name: new RegExp(chain.receiver, 'i') })).toBeVisible();
  const raw = tx.getByRole('row', { name: /^Input data/ });
  await expect(raw.getByText(/^0xa9059cbb/)).toBeHidden();
  await raw.getByText(/Show the raw input data/).click();
  await expect(raw.getByText(/^0xa9059cbb/)).toBeVisible();
  const event = page.getByRole('table', { name: 'Event 1: Transfer' });
  await expect(event.getByRole('row', { name: /^value \(uint256\)/ })).toContainText('30 ERCV');

  // An address without token movements says so.
  await page.goto(`/local/address/${await fundedSender(rpcUrl)}`);
  await expect(page.getByText('No token transfers')).toBeVisible();
});

test('the local pages show the chain’s not-found and invalid answers, and ask for a login', async ({
  page,
  request,
  server,
}) => {
  await page.goto('/local/block/1');
  await expect(page).toHaveURL(/\/Login/);

  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await expect(page).toHaveURL('/local/block/1');
  await expect(page.getByRole('heading', { name: 'Local Ethereum Block' })).toBeVisible();

  await page.goto(`/local/tx/0x${'ef'.repeat(32)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Validation error' })).toContainText(
    'The local chain has no transaction with this hash',
  );
  await page.goto('/local/block/99999999');
  await expect(page.getByRole('alert').filter({ hasText: 'Validation error' })).toContainText(
    'The local chain has no block with this number or hash',
  );
  await page.goto('/local/address/not-an-address');
  await expect(page.getByRole('alert').filter({ hasText: 'Validation error' })).toContainText(
    'The address is invalid',
  );
});

test('the local outbox needs a login; on this machine it lists all mail, newest first', async ({
  page,
  request,
  server,
}) => {
  const first = await createAccount(request, server.url);
  const second = await createAccount(request, server.url);
  await page.goto('/local/mail');
  await expect(page).toHaveURL(/\/Login$/);
  await loginInBrowser(page, second.email, second.password);
  await page.goto('/local/mail');
  await expect(page.getByRole('heading', { name: 'Local mail' })).toBeVisible();
  const mails = page.getByRole('listitem');
  // The mail arrives after the heading: wait for both accounts' mail before reading the order.
  await expect(mails.filter({ hasText: `To ${first.email}` })).toHaveCount(1);
  await expect(mails.filter({ hasText: `To ${second.email}` })).toHaveCount(1);
  const texts = await mails.allTextContents();
  const firstIndex = texts.findIndex((text) => text.includes(`To ${first.email}`));
  const secondIndex = texts.findIndex((text) => text.includes(`To ${second.email}`));
  expect(firstIndex).toBeGreaterThan(-1);
  expect(secondIndex).toBeGreaterThan(-1);
  expect(secondIndex).toBeLessThan(firstIndex);
  await expect(mails.nth(secondIndex)).toContainText('code is:');
});
