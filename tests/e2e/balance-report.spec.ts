import { randomBytes } from 'node:crypto';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { addressOf, randomAddress, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';
import { apiPost, chainRpcUrl, loginToken, receiptOf, rpc } from './historyHelpers.ts';

/** Dev account 0 holds Access Levels 1 and 2 of the seeded scheme; in local mode any account may sign with it. */
const issuer = addressOf(devAccountKeys[0]);
/** Selector of SecurityScheme.grantLevel2(address). */
const grantLevel2Selector = '0xea560422';

test('the balance check validates the address and reports an address without tokens', async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/Login/);
  await page.goto('/AddrBalance');
  await expect(
    page.getByRole('heading', { name: 'Current Balance on all Tokens and Partitions' }),
  ).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Wallet address' });
  await expect(field).toHaveAttribute('placeholder', 'The wallet address to check');

  await page.getByRole('button', { name: 'Check balance' }).click();
  const invalid = page.getByRole('alert').filter({ hasText: 'Validation error' });
  await expect(invalid).toContainText('The Ethereum address is required');
  await field.fill('   ');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(invalid).toContainText('The Ethereum address is required');
  await field.fill('0x1234');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(invalid).toContainText('The Ethereum address specified is invalid');

  await field.fill(randomAddress());
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(invalid).toHaveCount(0);
  const none = page.getByRole('status').filter({ hasText: 'No tokens found' });
  await expect(none).toContainText('We could not find any tokens matching your search criteria');

  // A failed fetch reads as no tokens.
  await page.route('**/api/balanceof/**', (route) => route.abort('failed'));
  await field.fill(issuer);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No tokens found' })).toBeVisible();
});

test('the balance report shows every token and partition of an investor, and the issue is in My transactions', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(180_000);
  const account = await createAccount(request, server.url);
  const token = await loginToken(request, server.url, account);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) =>
    ((await (await request.get(`${server.url}/api${path}`, { headers })).json()) as { data: unknown }).data;
  const rpcUrl = await chainRpcUrl(request, server.url);
  const investor = randomAddress();
  const whitelist = ((await get('/whitelist/list')) as { address: string; scheme: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await verifyMissing(rpcUrl, whitelist.address, devAccountKeys[0], [investor]);
  const codebases = (await get('/codebase/list/1')) as { id: number; default?: boolean }[];
  const codebaseId = (codebases.find((c) => c.default) ?? codebases[codebases.length - 1])?.id ?? 1;
  const uniq = Date.now().toString(36).toUpperCase().slice(-5);
  const symbols = [`BA${uniq}`, `BB${uniq}`];
  await apiPost(request, server.url, token, '/draft', {
    bulk: {
      tokens: symbols.map((symbol, i) => ({
        symbol,
        name: `Balance ${i === 0 ? 'Alpha' : 'Beta'} ${uniq}`,
        codebaseId,
        whitelistAddress: whitelist.address,
        controllerAddress: issuer,
        isControllable: true,
        investors: [{ publicAddress: investor, investmentAmount: i === 0 ? 100 : 40 }],
      })),
    },
  });
  for (const symbol of symbols) {
    await apiPost(request, server.url, token, '/draft/deploy', {
      symbol,
      accountAddress: issuer,
      ownerAddress: issuer,
      txMode: 2,
    });
  }
  for (const symbol of symbols) {
    await expect
      .poll(async () => ((await get(`/projects/${symbol}`)) as { projectStatus: number }).projectStatus, {
        timeout: 90_000,
      })
      .toBe(2);
  }
  const alpha = (await get(`/projects/${symbols[0]}`)) as { contractAddress: string; partitions?: unknown };
  // A second partition of the first token, issued through the server (txMode 2) with a key this account
  // registered, which the scheme's security manager (dev account 0) gave Access Level 2.
  const ownKey = `0x${randomBytes(32).toString('hex')}`;
  const ownAddress = addressOf(ownKey).toLowerCase();
  await rpc(rpcUrl, 'anvil_setBalance', [ownAddress, '0x56bc75e2d63100000']);
  const grant = await rpc<string>(rpcUrl, 'eth_sendTransaction', [
    {
      from: issuer,
      to: whitelist.scheme,
      data: `${grantLevel2Selector}${ownAddress.slice(2).padStart(64, '0')}`,
    },
  ]);
  await receiptOf(rpcUrl, grant);
  await apiPost(request, server.url, token, '/credentials', { publicKey: ownAddress, privateKey: ownKey });
  const partition = `E2E-BAL-${uniq}`;
  await apiPost(request, server.url, token, '/partitions', {
    name: partition,
    description: `Series ${uniq}`,
  });
  const issued = (await apiPost(request, server.url, token, '/token/issue', {
    symbol: symbols[0],
    accountAddress: ownAddress,
    txMode: 2,
    holderAddress: investor,
    amount: 7,
    partition,
    additionalData: 'e2e balance report',
  })) as { transactionHash: string };

  await loginInBrowser(page, account.email, account.password);
  await expect(page).not.toHaveURL(/Login/);
  await page.goto('/AddrBalance');
  await page.getByRole('textbox', { name: 'Wallet address' }).fill(investor);
  await page.getByRole('button', { name: 'Check balance' }).click();
  const table = page.getByRole('table', { name: `Current balance of address ${investor}:` });
  for (const header of ['Symbol', 'Token', 'Partition', 'Balance'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(3);
  const alphaRows = rows.filter({ hasText: `Balance Alpha ${uniq}` });
  await expect(alphaRows).toHaveCount(2);
  await expect(alphaRows.filter({ hasText: `Series ${uniq}` })).toContainText(`7 ${symbols[0]}`);
  await expect(alphaRows.filter({ hasNotText: `Series ${uniq}` })).toContainText(`100 ${symbols[0]}`);
  await expect(alphaRows.first().getByRole('link', { name: symbols[0] as string })).toHaveAttribute(
    'href',
    `/local/address/${alpha.contractAddress}`,
  );
  await expect(rows.filter({ hasText: `Balance Beta ${uniq}` })).toContainText(`40 ${symbols[1]}`);

  // The server-signed issue is in My transactions, named after its token, and opens with its block and from/to.
  await page.goto('/TransactionHistory');
  const history = page.getByRole('table', {
    name: 'Blockchain transactions ran with your platform account:',
  });
  const issueRow = history.getByRole('row').filter({ hasText: issued.transactionHash });
  await expect(issueRow).toContainText('Token issue');
  await expect(issueRow.getByRole('link', { name: `Balance Alpha ${uniq}` })).toHaveAttribute(
    'href',
    `/local/address/${alpha.contractAddress}`,
  );
  await issueRow.getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('table', { name: 'Transaction', exact: true });
  await expect(details.getByRole('row', { name: /Block Number/ }).getByRole('link')).toHaveText(/^\d+$/);
  await expect(details.getByRole('row', { name: /^From/ })).toContainText(ownAddress);
  await expect(details.getByRole('row', { name: /^To/ })).toContainText(alpha.contractAddress);
});
