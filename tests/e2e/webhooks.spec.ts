import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { Webhook } from 'standardwebhooks';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { addressOf, randomAddress } from '../../server/src/modules/tokens/testing.ts';
import { expect, startServer, test as base } from './fixtures.ts';
import { apiAs, createAccount, loginInBrowser } from './helpers.ts';

/**
 * The Webhooks page as a user sees it. A server of its own lets webhooks reach this test's receiver on localhost
 * (TRANCHE_WEBHOOK_ALLOW_PRIVATE, a test hook a production server refuses) and retries after 0.5 s.
 */
const test = base.extend<object, { server: Awaited<ReturnType<typeof startServer>> }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      // Setup budget only: a start on a loaded machine has taken over 120 s.
      const server = await startServer(
        { TRANCHE_WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '500' },
        { timeoutMs: 270_000 },
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

const owner = addressOf(devAccountKeys[0] as string);

test('adds an endpoint (secret shown once), sees signed deliveries with their retries, replays one and deletes it', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(180_000);
  // The receiver verifies every signature and answers 500 the first time.
  const received: { id: string; type: string; status: number }[] = [];
  let secret = '';
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      let type = '';
      let status = 400;
      try {
        type = (new Webhook(secret).verify(body, req.headers as Record<string, string>) as { type: string })
          .type;
        status = received.length === 0 ? 500 : 200;
      } catch {
        status = 400;
      }
      received.push({ id: String(req.headers['webhook-id']), type, status });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tranche`;

  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My Account/ })
    .click();
  await page.getByRole('menuitem', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();

  // Validation messages of the shared schema.
  const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
  await form.getByLabel('Endpoint URL').fill('ftp://example.com/hook');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Enter a URL starting with https:// (or http://)')).toBeVisible();
  await expect(form.getByText('Choose at least one event')).toBeVisible();

  // Keyboard only: type the URL, tick draft.deployed with Space, submit with Enter.
  await form.getByLabel('Endpoint URL').fill(url);
  await form.getByLabel('draft.deployed: A token draft was deployed').focus();
  await page.keyboard.press('Space');
  await expect(form.getByLabel('draft.deployed: A token draft was deployed')).toBeChecked();
  await form.getByRole('button', { name: 'Add endpoint' }).focus();
  await page.keyboard.press('Enter');
  const shown = page.getByRole('status').filter({ hasText: 'This signing secret is shown once' });
  await expect(shown).toBeVisible();
  secret = (await shown.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  await expect(shown.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: url });
  await expect(row.getByRole('cell', { name: 'draft.deployed' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Active' })).toBeVisible();

  // Something the account may see happens: its token draft is deployed.
  const api = await apiAs(request, server.url, { loginName: account.email, password: account.password });
  const whitelist = ((await api.get('/whitelist/list')) as { address: string }[])[0];
  const codebases = (await api.get('/codebase/list/1')) as { id: number }[];
  const symbol = `WH${Date.now().toString(36).toUpperCase().slice(-5)}`;
  await api.post('/draft', {
    bulk: {
      tokens: [
        {
          symbol,
          name: `Webhook ${symbol}`,
          codebaseId: codebases[codebases.length - 1]?.id ?? 1,
          whitelistAddress: whitelist?.address,
          controllerAddress: owner,
          isControllable: true,
          investors: [{ publicAddress: randomAddress(), investmentAmount: 1 }],
        },
      ],
    },
  });
  await api.post('/draft/deploy', { symbol, accountAddress: owner, ownerAddress: owner, txMode: 2 });
  await expect.poll(() => received.filter((r) => r.status === 200).length, { timeout: 120_000 }).toBe(1);
  expect(received.map((r) => [r.type, r.status])).toEqual([
    ['draft.deployed', 500],
    ['draft.deployed', 200],
  ]);
  const eventId = received[0]?.id as string;

  // The delivery log: the failed first attempt and the delivered retry, with their status codes.
  await row.getByRole('button', { name: `Delivery log of ${url}` }).click();
  const log = page.getByRole('region', { name: `Delivery log: ${url}` });
  await expect(log.getByRole('row')).toHaveCount(3);
  const attempt = (n: number) =>
    log.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
  await expect(attempt(1)).toContainText('retrying');
  await expect(attempt(1)).toContainText('500');
  await expect(attempt(2)).toContainText('delivered');
  await expect(attempt(2)).toContainText('200');
  await expect(log.getByText(eventId).first()).toBeVisible();

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);

  // Replay from the keyboard: the same webhook-id once more, a third attempt in the log.
  await log
    .getByRole('button', { name: `Replay draft.deployed ${eventId}` })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => received.length, { timeout: 60_000 }).toBe(3);
  expect(received[2]).toEqual({ id: eventId, type: 'draft.deployed', status: 200 });
  await expect
    .poll(
      async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        return log.getByRole('row').count();
      },
      { timeout: 30_000 },
    )
    .toBe(4);
  await expect(attempt(3)).toContainText('delivered');

  // Delete, confirmed.
  await row.getByRole('button', { name: `Delete ${url}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
  receiver.close();
});
