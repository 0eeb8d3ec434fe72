import { randomBytes } from 'node:crypto';
import { addressOf } from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, codeIn, createAccount, readMail, submitLogin } from './helpers.ts';

/**
 * Issue 33: whoever knew the old password may have registered a key (or added a webhook, or proved a wallet). After a
 * password reset the owner is told at the reset's last step, and asked after login to keep or remove each one.
 */
test('after a password reset the owner sees what was added before it and removes a key they did not register', async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server.url);
  const stranger = await apiAs(request, server.url, { loginName: account.email, password: account.password });
  const privateKey = `0x${randomBytes(32).toString('hex')}`;
  const key = { address: addressOf(privateKey), privateKey };
  await stranger.post('/credentials', { publicKey: key.address, privateKey: key.privateKey });
  expect(await stranger.get(`/credentials/check/${key.address}`)).toBe(true);

  await page.goto('/ForgotPassword');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  const mail = await readMail(request, server.url, account.email, /Reset/);
  await page.getByLabel('Password reset code').fill(codeIn(mail.text));
  await page.getByLabel('New password').fill('the owner new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await expect(page.getByText(/1 item was added to your account before the reset/)).toBeVisible();

  // The review dialog opens over the console (modal) as soon as the login lands.
  await submitLogin(page, account.email, 'the owner new password');
  const dialog = page.getByRole('dialog', { name: 'Check what was added to your account' });
  await expect(dialog).toBeVisible();
  const row = dialog.getByRole('row', { name: new RegExp(key.address, 'i') });
  await expect(row.getByRole('cell', { name: 'Registered key' })).toBeVisible();
  await row.getByRole('button', { name: /^Remove / }).click();
  await expect(dialog.getByText('Everything is reviewed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /My Account/ }),
  ).toBeVisible();

  // The key is gone (and, registered before, it answered true), and nothing waits any more.
  const owner = await apiAs(request, server.url, {
    loginName: account.email,
    password: 'the owner new password',
  });
  expect(await owner.get('/accounts/review')).toEqual({ items: [] });
  expect(await owner.get(`/credentials/check/${key.address}`)).toBe(false);
});
