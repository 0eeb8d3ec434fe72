import { expect, test } from './fixtures.ts';
import { apiAs, createAccount, loginInBrowser } from './helpers.ts';
import { injectWallet } from './injectedWallet.ts';

const devAccount0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const devAccount1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

test('the local development account connects and the header strip names network and address', async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  const strip = page.getByRole('region', { name: 'Wallet' });
  await strip.getByRole('button', { name: 'Not connected' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('Please select the type of wallet.')).toBeVisible();
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('group', { name: 'Select your Wallet Account' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Select Account' })).toBeDisabled();
  await dialog.getByLabel(new RegExp(devAccount1)).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();

  await expect(strip).toContainText(`Connected to Local as ${devAccount1}`);
  // Nobody registered this address's key on the platform: the strip says so.
  await expect(strip).toContainText(`The address ${devAccount1} is not registered in our platform.`);
});

test('a browser wallet (EIP-1193, EIP-6963) connects and follows account and network changes', async ({
  page,
  request,
  server,
}) => {
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as { rpcUrl: string };
  await injectWallet(page, { rpcUrl: config.rpcUrl, accounts: [devAccount0, devAccount1] });
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);

  const strip = page.getByRole('region', { name: 'Wallet' });
  await strip.getByRole('button', { name: 'Not connected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Browser wallet').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(devAccount0).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(strip).toContainText(`Connected to Local as ${devAccount0}`);

  await page.evaluate(
    (address) =>
      (window as unknown as { __wallet: { switchAccount: (a: string) => void } }).__wallet.switchAccount(
        address,
      ),
    devAccount1,
  );
  await expect(strip).toContainText(`Connected to Local as ${devAccount1}`);
  await page.evaluate(() =>
    (window as unknown as { __wallet: { switchChain: (id: number) => void } }).__wallet.switchChain(100),
  );
  await expect(strip).toContainText(`Connected to xDai as ${devAccount1}`);
});

test('a refused browser wallet connection says so', async ({ page, request, server }) => {
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as { rpcUrl: string };
  await injectWallet(page, { rpcUrl: config.rpcUrl, accounts: [devAccount0] });
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await page.evaluate(() =>
    (window as unknown as { __wallet: { refuseNextConnection: () => void } }).__wallet.refuseNextConnection(),
  );
  await page.getByRole('region', { name: 'Wallet' }).getByRole('button', { name: 'Not connected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Browser wallet').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('User denied access to their Ethereum account.')).toBeVisible();
});

test('without any browser wallet the selector says so', async ({ page, request, server }) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await page.getByRole('region', { name: 'Wallet' }).getByRole('button', { name: 'Not connected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Browser wallet').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(
    dialog.getByText('Non-Ethereum browser detected. No instance of Web3 found in runtime.'),
  ).toBeVisible();
});

test('an operation left without a wallet, and a failed registration check, say so (part 1, section 8)', async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await page.goto('/Permissions');
  await page.getByRole('textbox', { name: 'Name' }).fill('No wallet scheme');
  await page.getByRole('textbox', { name: 'Owner' }).fill(devAccount1);
  await page.getByRole('button', { name: 'Save' }).click();
  // The selector opens; the user closes it without choosing a wallet.
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Connect to the network!')).toBeVisible();
  await expect(page.getByText('You are not connected to the Ethereum network').first()).toBeVisible();

  // The platform cannot be asked whether the address is registered: the page says so instead of staying silent.
  await page.route('**/api/credentials/check/**', (route) => route.abort('failed'));
  const strip = page.getByRole('region', { name: 'Wallet' });
  await strip.getByRole('button', { name: 'Not connected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(devAccount1)).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(strip).toContainText(`Connected to Local as ${devAccount1}`);
  await expect(page.getByText('Failed to check the wallet address you selected.')).toBeVisible();
});

test('the last connection is restored on reload and in a new tab; the wallet chip names it (issue 34)', async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server.url);
  const own = (await (
    await apiAs(request, server.url, { loginName: account.email, password: account.password })
  ).get('/local/dev-account')) as { address: string };
  // Shown checksummed (EIP-55); the answer may be lower-case: compared without case.
  const ownAddress = own.address;
  const connectedAsOwn = new RegExp(`Connected to Local as ${ownAddress}`, 'i');
  await loginInBrowser(page, account.email, account.password);
  const strip = page.getByRole('region', { name: 'Wallet' });
  await strip.getByRole('button', { name: 'Not connected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(ownAddress, 'i')).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(strip).toContainText(connectedAsOwn);

  const chip = page.getByRole('region', { name: 'Connected account' });
  await expect(chip).toContainText('Your development account');
  await expect(chip).toContainText(new RegExp(`${ownAddress.slice(0, 6)}…${ownAddress.slice(-4)}`, 'i'));
  await expect(chip).toContainText(/\d+(,\d{3})*\.\d{2,4} ETH/);
  await expect(chip).toContainText('Registered for server signing: yes');
  await expect(chip.getByRole('button', { name: 'Copy address' })).toBeVisible();

  await page.reload();
  await expect(strip).toContainText(connectedAsOwn);
  await expect(chip).toContainText('Your development account');

  const tab = await page.context().newPage();
  await tab.goto('/Tokens');
  await expect(tab.getByRole('region', { name: 'Wallet' })).toContainText(connectedAsOwn);
  await tab.close();

  // Sign Out forgets the connection: the next login starts without one.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My Account/ })
    .click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/Login$/);
  await loginInBrowser(page, account.email, account.password);
  await expect(strip.getByRole('button', { name: 'Not connected' })).toBeVisible();
});

test('a browser wallet is restored on reload by its EIP-6963 name, without a prompt', async ({
  page,
  request,
  server,
}) => {
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as { rpcUrl: string };
  await injectWallet(page, { rpcUrl: config.rpcUrl, accounts: [devAccount1] });
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  const strip = page.getByRole('region', { name: 'Wallet' });
  await strip.getByRole('button', { name: 'Not connected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Browser wallet').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(devAccount1).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(strip).toContainText(`Connected to Local as ${devAccount1}`);
  await expect(page.getByRole('region', { name: 'Connected account' })).toContainText('Test Wallet');

  await page.reload();
  await expect(strip).toContainText(`Connected to Local as ${devAccount1}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('one click registers a public development account for server signing, and the warning goes at once', async ({
  page,
  request,
  server,
}) => {
  // A public account no other spec registers: the specs of a worker share a server, and a key registered by one
  // account is refused to every other (permissions.spec registers #7 on My Keys).
  const devAccount4 = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  const strip = page.getByRole('region', { name: 'Wallet' });
  await strip.getByRole('button', { name: 'Not connected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Local development account').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(new RegExp(devAccount4)).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  const chip = page.getByRole('region', { name: 'Connected account' });
  await expect(chip).toContainText('Dev account #4');
  await expect(chip).toContainText('Registered for server signing: no');
  await expect(strip).toContainText('is not registered in our platform');

  await chip.getByRole('button', { name: 'Register' }).click();
  await expect(chip).toContainText('Registered for server signing: yes');
  await expect(strip).not.toContainText('is not registered in our platform');
  await page.reload();
  await expect(chip).toContainText('Registered for server signing: yes');
});
