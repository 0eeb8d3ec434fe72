import { transferRefusalWords } from '../../contracts/src/index.ts';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { accessCodeInPdf, addressOfKey } from '../../server/src/modules/sharding/testing.ts';
import { verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { checksummed, deployWhitelistV2, expireRecord } from '../../server/src/modules/tokens/v2Testing.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, connectAs, createAccount, loginInBrowser, readMail } from './helpers.ts';
import { fundedSender, rpc } from './historyHelpers.ts';

/** Dev account 0: the local seed gave it Access Levels 1 and 2 in the default scheme. */
const devAccount0 = addressOfKey(devAccountKeys[0] as string);

/** Dev account 5: the recovered investor's new wallet (only connected to read the pre-check; it never signs). */
const newWallet = addressOfKey(devAccountKeys[5] as string).toLowerCase();

/**
 * Enforcement on a version 2 token in the console (issue 36): its owner freezes part of a holder's balance from the
 * Token Holders row action with the connected wallet; the table shows the frozen amount, and the pre-check refuses a
 * transfer above the free amount with the contracts' words. The token then moves to a KYC whitelist with expiries
 * and to a 2-of-3 sharded owner, which recovers the holder's lost wallet after an approval in the inbox (with its
 * decoded effect): the holders page and the investor's history link both wallets. Last, the receiver's KYC expires
 * and the transfer form's pre-check says so.
 */
test('freeze part of a balance, recover a lost wallet through a 2-of-3 sharded owner, expire a KYC', async ({
  page,
  browser,
  request,
  server,
}) => {
  test.setTimeout(540_000);
  const uniq = Date.now().toString(36).toUpperCase().slice(-5);
  const symbol = `F${uniq}`;
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as { rpcUrl: string };
  const accounts = await Promise.all(
    ['alice', 'bob', 'carol'].map((name) =>
      createAccount(request, server.url, { profileName: `${name} ${uniq}` }),
    ),
  );
  const [alice, bob, carol] = accounts as [(typeof accounts)[0], (typeof accounts)[0], (typeof accounts)[0]];
  const aliceApi = await apiAs(request, server.url, { loginName: alice.email, password: alice.password });
  const whitelist = ((await aliceApi.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  const sender = await fundedSender(config.rpcUrl);
  const receiver = addressOfKey(`0x${'7'.repeat(63)}2`);
  await verifyMissing(config.rpcUrl, whitelist.address, devAccountKeys[0] as string, [sender, receiver]);

  await loginInBrowser(page, alice.email, alice.password);
  await page.getByLabel('Smart contract').selectOption('2');
  await page.getByLabel('Symbol').fill(symbol);
  await page.getByLabel('Token name').fill(`Enforced ${uniq}`);
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
  await page.getByRole('button', { name: 'Deploy Token' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/TokenInfo\\?token=${symbol}$`), { timeout: 90_000 });

  await page.getByRole('tab', { name: 'Token Holders' }).click();
  const holders = page.getByRole('tabpanel', { name: 'Token Holders' });
  const table = holders.getByRole('table', { name: /^Holders of default \(2\)$/ });
  await expect(table.getByRole('columnheader', { name: 'Frozen' })).toBeVisible();
  const senderRow = table.getByRole('row').filter({ hasText: new RegExp(sender, 'i') });
  await senderRow.getByRole('button', { name: 'Freeze or recover' }).click();
  const panel = holders.getByText('0 of default frozen, 100 free.');
  await expect(panel).toBeVisible();
  await holders.getByLabel('Amount of default').fill('60');
  await holders.getByRole('button', { name: 'Freeze amount', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Freeze tokens' });
  await expect(question).toContainText(`Freeze 60 of default held by ${sender}`);
  await question.getByRole('button', { name: 'Yes, continue' }).click();
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Sounds good. Continue.' }).click();
  await page.getByRole('tab', { name: 'Token Holders' }).click();
  await expect
    .poll(
      async () => {
        await holders.getByRole('button', { name: 'Refresh' }).click();
        return senderRow.textContent();
      },
      { timeout: 60_000 },
    )
    .toMatch(/100\s*60/);
  await senderRow.getByRole('button', { name: 'Freeze or recover' }).click();
  await expect(holders.getByText('60 of default frozen, 40 free.')).toBeVisible();

  // Bulk freezes (issue 36): the receiver's row ticked, its address frozen by a bulk job after a preview and a
  // confirmation, each row's outcome in words; the table shows it frozen. Then unfrozen the same way.
  const receiverRow = table.getByRole('row').filter({ hasText: new RegExp(receiver, 'i') });
  await receiverRow.getByRole('checkbox', { name: new RegExp(`Select ${receiver}`, 'i') }).check();
  const selection = holders.getByRole('region', { name: 'Bulk freeze of the selected holders' });
  await expect(selection).toContainText('1 selected:');
  const bulkFreeze = async (action: string, confirmation: string) => {
    await selection.getByRole('button', { name: action, exact: true }).click();
    const confirm = selection.getByRole('region', { name: 'Confirm the bulk operation' });
    await expect(confirm).toContainText(confirmation);
    await expect(confirm).toContainText(new RegExp(receiver.slice(-4), 'i'));
    await confirm.getByRole('button', { name: 'Confirm and start' }).click();
    await expect(selection.getByText('Finished in 1 transaction: 1 row done, 0 refused.')).toBeVisible({
      timeout: 60_000,
    });
    const results = selection.getByRole('table', { name: 'Results of each row' });
    await expect(results.getByRole('row').nth(1)).toContainText(new RegExp(`1${receiver}.*Done`, 'i'));
  };
  await bulkFreeze(
    'Freeze the addresses',
    'Bulk freeze of addresses: 1 row that pass the check, of 1 investor',
  );
  await expect
    .poll(
      async () => {
        await holders.getByRole('button', { name: 'Refresh' }).click();
        return receiverRow.textContent();
      },
      { timeout: 60_000 },
    )
    .toContain('Address frozen');
  for (const [width, scheme] of [
    [1440, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/enforcement-bulk-${width}-${scheme}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await bulkFreeze(
    'Unfreeze the addresses',
    'Bulk unfreeze of addresses: 1 row that pass the check, of 1 investor',
  );
  await expect
    .poll(
      async () => {
        await holders.getByRole('button', { name: 'Refresh' }).click();
        return receiverRow.textContent();
      },
      { timeout: 60_000 },
    )
    .not.toContain('Address frozen');
  await selection.getByRole('button', { name: 'Clear the selection' }).click();
  await expect(selection).toBeHidden();

  const words = transferRefusalWords['amount exceeds unfrozen balance'];
  const verdict = await aliceApi.post('/token/precheck', {
    operation: 'transfer',
    symbol,
    accountAddress: sender,
    toAddress: receiver,
    amount: '50',
    partition: 'default',
  });
  expect(verdict).toEqual({ ok: false, code: words?.code, reason: words?.words });

  // The token moves to a KYC whitelist whose records may expire: the lost wallet and the new one share one KYC
  // record (hash), the receiver has its own. Its owner (account 0, server-signed) replaces the whitelist.
  const issuer = await fundedSender(config.rpcUrl);
  const kycWhitelist = await deployWhitelistV2(config.rpcUrl, issuer, [
    { address: sender, kyc: `KYC ${uniq}` },
    { address: newWallet, kyc: `KYC ${uniq}` },
    { address: receiver, kyc: receiver },
  ]);
  await aliceApi.post('/token/whitelist/replace', {
    symbol,
    accountAddress: devAccount0,
    txMode: 2,
    whitelistAddress: kycWhitelist,
  });

  // A 2-of-3 key of alice, bob and carol takes the token over: proposed by account 0, accepted after bob's approval.
  const key = (await aliceApi.post('/sharding', {
    createNewAccount: true,
    minimum: 2,
    total: 3,
    recipients: accounts.map((a) => a.email).join(', '),
    keyName: `Enforcer ${uniq}`,
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
  const accepted = (await aliceApi.post('/dtx', {
    symbol,
    accountAddress: key.publicAddress,
    accessCode: codes.get(alice.email),
    txType: 8,
    txData: {},
  })) as { id: number };
  const bobLogin = await request.post(`${server.url}/api/login`, {
    data: { loginName: bob.email, password: bob.password },
  });
  const bobJwt = ((await bobLogin.json()) as { data: { jwt: string } }).data.jwt;
  const acceptance = await request.put(`${server.url}/api/dtx`, {
    headers: { authorization: `Bearer ${bobJwt}` },
    data: { id: accepted.id, accountAddress: key.publicAddress, accessCode: codes.get(bob.email) },
  });
  expect(((await acceptance.json()) as { data?: { txStatusName: string } }).data?.txStatusName).toBe(
    'Completed',
  );
  await expect
    .poll(async () => ((await aliceApi.get(`/projects/${symbol}`)) as { ownerAddress: string }).ownerAddress)
    .toBe(key.publicAddress);

  // alice picks the sharded key as her wallet and starts the recovery of the sender's lost wallet from its row.
  await page.reload();
  await page.getByRole('region', { name: 'Wallet' }).getByRole('button').first().click();
  const selector = page.getByRole('dialog');
  await selector.getByLabel('Use a Sharded Key').check();
  await selector.getByRole('button', { name: 'Connect' }).click();
  await selector.getByLabel(new RegExp(key.publicAddress, 'i')).check();
  await selector.getByRole('button', { name: 'Select Account' }).click();
  await page.getByRole('tab', { name: 'Token Holders' }).click();
  await senderRow.getByRole('button', { name: 'Freeze or recover' }).click();
  await holders.getByLabel('New wallet (verified with the same KYC record)').fill(newWallet);
  await holders.getByRole('button', { name: 'Recover wallet' }).click();
  await page
    .getByRole('alertdialog', { name: 'Recover the wallet' })
    .getByRole('button', { name: 'Yes, continue' })
    .click();
  const codeDialog = page.getByRole('dialog', { name: 'Enter your Access Code' });
  await codeDialog.getByLabel('Access code').fill(codes.get(alice.email) as string);
  await codeDialog.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText(/is waiting for the other signers/)).toBeVisible();
  // The dashboard's "Holder concentration" lists the wallet about to be recovered.
  const concentration = page.getByRole('region', { name: 'Holder concentration' });
  const shown = (address: string) => new RegExp(`${address.slice(0, 6)}.*${address.slice(-4)}`, 'i');
  await expect(concentration.getByRole('table')).toContainText(shown(sender));

  // carol's inbox: the recovery with its decoded effect; she approves, which runs it on the chain.
  const carolPage = await (await browser.newContext()).newPage();
  await loginInBrowser(carolPage, carol.email, carol.password);
  await carolPage.goto(`${server.url}/Approvals`);
  const card = carolPage
    .getByRole('region', { name: 'Needs your approval' })
    .getByRole('article', { name: /Recover/ });
  for (const part of [
    `Recover the lost wallet ${checksummed(sender)} to ${checksummed(newWallet)} on ${symbol}`,
    'its 100 tokens, frozen amounts and freeze move',
    'the lost wallet is refused for ever',
    'Pre-check: would succeed if run now',
  ])
    await expect(card).toContainText(part);
  await expect(card).toContainText(`1 of 2 approvals: alice ${uniq}`);
  for (const [width, scheme] of [
    [1440, 'dark'],
    [390, 'light'],
  ] as const) {
    await carolPage.setViewportSize({ width, height: 900 });
    await carolPage.emulateMedia({ colorScheme: scheme });
    await carolPage.screenshot({
      path: `test-results/enforcement-inbox-${width}-${scheme}.png`,
      fullPage: true,
    });
  }
  await card.getByRole('button', { name: 'Approve' }).click();
  const carolCode = carolPage.getByRole('dialog', { name: 'Enter your Access Code' });
  await carolCode.getByLabel('Access code').fill(codes.get(carol.email) as string);
  await carolCode.getByRole('button', { name: 'Approve' }).click();
  await expect(carolPage.getByText('Transaction approved')).toBeVisible({ timeout: 60_000 });
  await carolPage.context().close();

  // The holders page links both wallets: the new one holds the 100 with the 60 frozen, "From" the lost one.
  const newRow = table.getByRole('row').filter({ hasText: new RegExp(newWallet, 'i') });
  await expect
    .poll(
      async () => {
        await holders.getByRole('button', { name: 'Refresh' }).click();
        return newRow.textContent();
      },
      { timeout: 60_000 },
    )
    .toMatch(/100\s*60/);
  await expect(newRow.getByRole('cell').filter({ hasText: /^From / })).toContainText(new RegExp(sender, 'i'));
  // The dashboard refreshed from the index with the holders: the lost wallet left "Holder concentration", the new
  // one holds its 100 (it had kept listing the lost wallet until the page was reloaded).
  await expect(concentration.getByRole('table')).not.toContainText(shown(sender));
  await expect(concentration.getByRole('table')).toContainText(shown(newWallet));
  for (const [width, scheme] of [
    [1440, 'dark'],
    [390, 'light'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await holders.screenshot({ path: `test-results/enforcement-recovered-${width}-${scheme}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The investor's history: the new wallet received its 100 in the recovery's transaction.
  await connectAs(page, checksummed(newWallet));
  await page.getByRole('tab', { name: 'Balance' }).click();
  const balance = page.getByRole('tabpanel', { name: 'Balance' });
  await balance.getByLabel('Wallet address').fill(newWallet);
  await balance.getByRole('button', { name: 'Check balance' }).click();
  await balance.getByRole('button', { name: 'View History' }).click();
  const history = balance.getByRole('table', { name: 'Balance history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('100');

  // The receiver's KYC expires: the transfer form's pre-check refuses a transfer to it, in words.
  await expireRecord(config.rpcUrl, kycWhitelist, issuer, receiver);
  await page.getByRole('tab', { name: 'Transfer' }).click();
  const transfer = page.getByRole('form', { name: 'Transfer tokens' });
  await transfer.getByLabel('Amount').fill('10');
  await transfer.getByLabel('To address').fill(receiver);
  await transfer.getByLabel('Partition').selectOption('default');
  await expect(transfer.getByRole('alert')).toContainText(
    transferRefusalWords['receiver verification expired']?.words ?? '-',
  );

  for (const [width, scheme] of [
    [1440, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/enforcement-${width}-${scheme}.png`, fullPage: true });
  }
});
