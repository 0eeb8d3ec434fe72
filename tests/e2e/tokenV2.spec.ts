import { devAccountKeys } from '../../contracts/src/index.ts';
import { accessCodeInPdf, addressOfKey } from '../../server/src/modules/sharding/testing.ts';
import { verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import {
  implementationOf,
  registerNewerImplementation,
  transferCallData,
} from '../../server/src/modules/tokens/v2Testing.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, createAccount, loginInBrowser, readMail } from './helpers.ts';
import { fundedSender, rpc, sendTransaction } from './historyHelpers.ts';

/** Dev account 0: the local seed gave it Access Levels 1 and 2 in the default scheme. */
const devAccount0 = addressOfKey(devAccountKeys[0] as string);

/**
 * Token codebase version 2 across the stack: a draft on version 2 made and deployed in the console, operated (an
 * issue, a transfer), handed to a 2-of-3 sharded key (propose, then accept after the approvals), and upgraded by that
 * key after the approvals to the implementation the platform registered since; the page still shows the same
 * holders and history.
 */
test('a version 2 token: deployed in the console, operated, upgraded by its 2-of-3 sharded owner', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(300_000);
  const uniq = Date.now().toString(36).toUpperCase().slice(-5);
  const symbol = `V${uniq}`;
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as {
    rpcUrl: string;
    tokenV2: { factory: string; implementation: string } | null;
  };
  expect(config.tokenV2?.factory).toMatch(/^0x[0-9a-f]{40}$/);
  const accounts = await Promise.all(
    ['alice', 'bob', 'carol'].map((name) =>
      createAccount(request, server.url, { profileName: `${name} ${uniq}` }),
    ),
  );
  const [alice, bob, carol] = accounts as [(typeof accounts)[0], (typeof accounts)[0], (typeof accounts)[0]];
  const apis = await Promise.all(
    accounts.map((a) => apiAs(request, server.url, { loginName: a.email, password: a.password })),
  );
  const [aliceApi, bobApi] = apis as [(typeof apis)[0], (typeof apis)[0]];
  const whitelist = ((await aliceApi.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  // Investors: a sender the chain lets us sign for (it transfers later) and a receiver.
  const sender = await fundedSender(config.rpcUrl);
  const receiver = addressOfKey(`0x${'7'.repeat(63)}1`);
  await verifyMissing(config.rpcUrl, whitelist.address, devAccountKeys[0] as string, [sender, receiver]);

  // The draft, on codebase 2, saved and deployed in the console with the local development account 0.
  await loginInBrowser(page, alice.email, alice.password);
  await expect(page.getByRole('heading', { name: 'New Token' })).toBeVisible();
  await expect(page.getByLabel('Smart contract')).toHaveValue('1');
  await page.getByLabel('Smart contract').selectOption('2');
  await page.getByLabel('Symbol').fill(symbol);
  await page.getByLabel('Token name').fill(`Version two ${uniq}`);
  await page.getByRole('switch', { name: 'Controllable token' }).click();
  await page.getByRole('tab', { name: 'Investors' }).click();
  await page.getByLabel('Bulk investors').fill(`${sender};100\n${receiver};40`);
  await page.getByRole('button', { name: 'Add bulk investors' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Connect a wallet' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(devAccount0, 'i')).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/ViewTokenDraft\\?token=${symbol}$`));
  await page.getByRole('button', { name: 'Deploy Token' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/TokenInfo\\?token=${symbol}$`), { timeout: 90_000 });
  await expect(page.getByText('Smart contract version 2')).toBeVisible();
  await expect(page.locator('body')).toContainText(new RegExp(config.tokenV2?.implementation ?? '-', 'i'));
  await expect(page.getByText('An upgrade is available')).toHaveCount(0);
  const project = (await aliceApi.get(`/projects/${symbol}`)) as {
    contractAddress: string;
    tokenVersion: number;
  };
  expect(project.tokenVersion).toBe(2);

  // Operated: an issue through the server, a plain ERC-20 transfer by a holder.
  await aliceApi.post('/token/issue', {
    symbol,
    accountAddress: devAccount0,
    holderAddress: receiver,
    amount: '5',
    partition: 'default',
    additionalData: 'v2 issue',
  });
  const hash = await sendTransaction(config.rpcUrl, {
    from: sender,
    to: project.contractAddress,
    data: transferCallData(receiver, 30n),
  });
  await expect
    .poll(async () =>
      rpc<{ status: string } | null>(config.rpcUrl, 'eth_getTransactionReceipt', [hash]).then(
        (r) => r?.status,
      ),
    )
    .toBe('0x1');

  // A 2-of-3 key of alice, bob and carol takes the token over: proposed by account 0, accepted after an approval.
  const key = (await aliceApi.post('/sharding', {
    createNewAccount: true,
    minimum: 2,
    total: 3,
    recipients: `${alice.email}, ${bob.email}, ${carol.email}`,
    keyName: `V2 owner ${uniq}`,
  })) as { publicAddress: string; shares: { emailAddress: string; pdf: string }[] };
  const codes = new Map<string, string>();
  for (const share of key.shares) {
    const mail = await readMail(request, server.url, share.emailAddress, /sharded key PDF/);
    const password = /opens with this password: (\S+)/.exec(mail.text)?.[1] as string;
    codes.set(share.emailAddress, await accessCodeInPdf(share.pdf, password));
    await aliceApi.post('/sharding/opened', {
      publicKey: key.publicAddress,
      emailAddress: share.emailAddress,
      pdfPassword: password,
    });
  }
  await aliceApi.post('/sharding/commit', {
    publicKey: key.publicAddress,
    accessCode: codes.get(alice.email),
  });
  await rpc(config.rpcUrl, 'anvil_setBalance', [key.publicAddress, '0x56bc75e2d63100000']);
  await aliceApi.post('/token/owner/propose', {
    symbol,
    accountAddress: devAccount0,
    txMode: 2,
    newOwner: key.publicAddress,
  });
  const approved = async (txType: number) => {
    const started = (await aliceApi.post('/dtx', {
      symbol,
      accountAddress: key.publicAddress,
      accessCode: codes.get(alice.email),
      txType,
      txData: {},
    })) as { id: number };
    const answer = await request.put(`${server.url}/api/dtx`, {
      headers: { authorization: `Bearer ${await bearer(bob)}` },
      data: { id: started.id, accountAddress: key.publicAddress, accessCode: codes.get(bob.email) },
    });
    expect(((await answer.json()) as { data?: { txStatusName: string } }).data?.txStatusName).toBe(
      'Completed',
    );
  };
  const bearer = async (account: { email: string; password: string }) => {
    const login = await request.post(`${server.url}/api/login`, {
      data: { loginName: account.email, password: account.password },
    });
    return ((await login.json()) as { data: { jwt: string } }).data.jwt;
  };
  await approved(8);
  await expect
    .poll(async () => ((await bobApi.get(`/projects/${symbol}`)) as { ownerAddress: string }).ownerAddress)
    .toBe(key.publicAddress);

  // The platform registers a newer implementation: the page says an upgrade is available and what it changes.
  const newer = await registerNewerImplementation(config.rpcUrl, config.tokenV2?.factory ?? '');
  await page.reload();
  await expect(page.getByText('An upgrade is available')).toBeVisible();
  await expect(page.getByText(`What it changes: Implementation 2 (${newer})`)).toBeVisible();

  // The sharded owner schedules, then carries out the upgrade, each after bob's approval.
  await approved(6);
  await approved(6);
  expect(await implementationOf(config.rpcUrl, project.contractAddress)).toBe(newer);

  await page.reload();
  await expect(page.getByRole('heading', { name: `[${symbol}] Version two ${uniq}` })).toBeVisible();
  await expect(page.getByText('An upgrade is available')).toHaveCount(0);
  await expect(page.locator('body')).toContainText(new RegExp(newer, 'i'));
  const holders = page.getByRole('tabpanel', { name: 'Token Holders' });
  await expect(holders.getByRole('cell', { name: '75', exact: true })).toBeVisible();
  await expect(holders.getByRole('cell', { name: '70', exact: true })).toBeVisible();
  // The receiver's history: the issue of the draft, the issue through the server, the transfer.
  await page.getByRole('tab', { name: 'Balance' }).click();
  const balance = page.getByRole('tabpanel', { name: 'Balance' });
  await balance.getByLabel('Wallet address').fill(receiver);
  await balance.getByRole('button', { name: 'Check balance' }).click();
  await balance.getByRole('button', { name: 'View History' }).click();
  await expect(balance.getByRole('table', { name: 'Balance history' }).getByRole('row')).toHaveCount(4);
});
