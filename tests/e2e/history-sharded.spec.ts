import { verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { devAccountKeys } from '../../contracts/src/index.ts';
import {
  accessCodeInPdf,
  addressOfKey,
  enableShardedKey,
} from '../../server/src/modules/sharding/testing.ts';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser, readMail } from './helpers.ts';
import { apiPost, chainRpcUrl, loginToken } from './historyHelpers.ts';

/**
 * A sharded (2-of-2) key issues tokens: one signer starts, the other approves; the starter's My transactions
 * lists it on the Sharded Transactions tab and its detail shows the payload, token, signers and no error.
 */
test('a sharded transaction is listed and its detail shows payload, token, signers and no errors', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(240_000);
  const uniq = Date.now().toString(36).toUpperCase().slice(-5);
  const symbol = `HSD${uniq}`;
  const alice = await createAccount(request, server.url, { profileName: `Alice ${uniq}` });
  const bob = await createAccount(request, server.url, { profileName: `Bob ${uniq}` });
  const aliceToken = await loginToken(request, server.url, alice);
  const bobToken = await loginToken(request, server.url, bob);
  const headers = { authorization: `Bearer ${aliceToken}` };
  const get = async (path: string) =>
    ((await (await request.get(`${server.url}/api${path}`, { headers })).json()) as { data: unknown }).data;
  const rpcUrl = await chainRpcUrl(request, server.url);
  const owner = addressOfKey(devAccountKeys[0] as string);
  const holder = addressOfKey(devAccountKeys[6] as string);

  // A deployed token.
  const whitelist = ((await get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await verifyMissing(rpcUrl, whitelist.address, devAccountKeys[0] as string, [owner, holder]);
  const codebases = (await get('/codebase/list/1')) as { id: number; default?: boolean }[];
  await apiPost(request, server.url, aliceToken, '/draft', {
    bulk: {
      tokens: [
        {
          symbol,
          name: `History ${uniq}`,
          codebaseId: (codebases.find((c) => c.default) ?? codebases[codebases.length - 1])?.id ?? 1,
          whitelistAddress: whitelist.address,
          controllerAddress: '0x0000000000000000000000000000000000000000',
          isControllable: false,
          investors: [{ publicAddress: owner, investmentAmount: 10 }],
        },
      ],
    },
  });
  await apiPost(request, server.url, aliceToken, '/draft/deploy', {
    symbol,
    accountAddress: owner,
    ownerAddress: owner,
    txMode: 2,
  });
  await expect
    .poll(
      async () =>
        ((await get(`/draft/${symbol}`)) as { investors: { status: number }[] }).investors.map(
          (i) => i.status,
        ),
      {
        timeout: 90_000,
      },
    )
    .toEqual([2]);
  const project = (await get(`/projects/${symbol}`)) as { contractAddress: string };

  // A 2-of-2 key of alice and bob, opened and activated.
  const key = (await apiPost(request, server.url, aliceToken, '/sharding', {
    createNewAccount: true,
    minimum: 2,
    total: 2,
    recipients: `${alice.email}, ${bob.email}`,
    keyName: `History key ${uniq}`,
  })) as { publicAddress: string; shares: { emailAddress: string; pdf: string }[] };
  const codes = new Map<string, string>();
  for (const share of key.shares) {
    const mail = await readMail(request, server.url, share.emailAddress, /sharded key PDF/);
    const password = /opens with this password: (\S+)/.exec(mail.text)?.[1] as string;
    codes.set(share.emailAddress, await accessCodeInPdf(share.pdf, password));
    await apiPost(request, server.url, aliceToken, '/sharding/opened', {
      publicKey: key.publicAddress,
      emailAddress: share.emailAddress,
      pdfPassword: password,
    });
  }
  await apiPost(request, server.url, aliceToken, '/sharding/commit', {
    publicKey: key.publicAddress,
    accessCode: codes.get(alice.email),
  });
  await enableShardedKey(
    rpcUrl,
    project.contractAddress,
    { securityManager: devAccountKeys[0] as string, funder: devAccountKeys[7] as string },
    key.publicAddress,
  );

  // alice starts an issue, bob approves it: it runs on the chain.
  const started = (await apiPost(request, server.url, aliceToken, '/dtx', {
    symbol,
    accountAddress: key.publicAddress,
    accessCode: codes.get(alice.email),
    txType: 4,
    txData: { holderAddress: holder, amount: '25', partition: 'common', additionalData: `e2e ${uniq}` },
  })) as { id: number };
  const approve = await request.put(`${server.url}/api/dtx`, {
    headers: { authorization: `Bearer ${bobToken}` },
    data: { id: started.id, accountAddress: key.publicAddress, accessCode: codes.get(bob.email) },
  });
  expect(((await approve.json()) as { error?: { message: string } }).error?.message ?? '').toBe('');

  await loginInBrowser(page, alice.email, alice.password);
  await expect(page).not.toHaveURL(/Login/);
  await page.goto('/TransactionHistory');
  await page.getByRole('tab', { name: 'Sharded Transactions' }).click();
  const table = page.getByRole('table', { name: 'Sharded transactions:' });
  for (const header of [
    'View',
    'ID',
    'Type',
    'Token',
    'Status',
    'Public address',
    'Started on',
    'Started by',
  ])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: `${symbol} - History ${uniq}` });
  await expect(row).toContainText('Issue tokens');
  await expect(row.getByRole('link', { name: `${symbol} - History ${uniq}` })).toHaveAttribute(
    'href',
    `/local/address/${project.contractAddress}`,
  );
  await row.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(`/ViewTransaction?id=${started.id}`);

  await expect(page.getByRole('table', { name: 'Transaction', exact: true })).toContainText('Issue tokens');
  await page.getByRole('tab', { name: 'Payload' }).click();
  const payload = page.getByRole('table', { name: 'Payload' });
  await expect(payload.getByRole('row', { name: /holderAddress/ })).toContainText(holder);
  await expect(payload.getByRole('row', { name: /amount/ })).toContainText('25');
  await page.getByRole('tab', { name: 'Token' }).click();
  await expect(page.getByRole('table', { name: 'Token' })).toContainText(`History ${uniq}`);
  await page.getByRole('tab', { name: 'Signers' }).click();
  const signers = page
    .getByRole('table', { name: 'Signers' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(signers).toHaveCount(2);
  await page.getByRole('tab', { name: 'Error information' }).click();
  const good = page.getByRole('status').filter({ hasText: 'All good' });
  await expect(good).toContainText('No errors reported');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/TransactionHistory');
});
