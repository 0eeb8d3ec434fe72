import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { readZip } from '../../server/src/modules/audit/verify.mjs';
import { addressOf, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { type Api, apiAs, createAccount, loginInBrowser } from './helpers.ts';

/**
 * Issue 38's journey, whole stack: the owner of a token grants an account the read-only Auditor role on its Audit
 * page; the auditor opens the page, sees the operations log, prepares a regulator pack, follows its progress and
 * downloads it; the pack verifies with its own verifier against the chain. The auditor cannot act: the owner's
 * controls are absent from its page and the API refuses them (403).
 */
const dev = devAccountKeys.map((key) => addressOf(key));
const issuer = dev[0] as string;
const holders = [dev[3], dev[4]] as string[];
const symbol = `AUD${Date.now().toString(36).toUpperCase().slice(-5)}`;
const shots = process.env.AUDIT_SCREENSHOTS ?? path.join(os.tmpdir(), 'tranche-audit-shots');

test.describe.configure({ mode: 'serial' });

let api: Api;
let rpcUrl: string;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(240_000);
  if (!server.demo) throw new Error('the local server printed no demo login');
  api = await apiAs(request, server.url, server.demo);
  rpcUrl = ((await api.get('/config')) as { rpcUrl: string }).rpcUrl;
  const whitelist = ((await api.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await verifyMissing(rpcUrl, whitelist.address, devAccountKeys[0], [issuer, ...holders]);
  const codebases = (await api.get('/codebase/list/1')) as { id: number }[];
  await api.post('/draft', {
    bulk: {
      tokens: [
        {
          symbol,
          name: `Audited shares ${symbol}`,
          codebaseId: codebases[codebases.length - 1]?.id ?? 1,
          whitelistAddress: whitelist.address,
          controllerAddress: dev[1],
          isControllable: true,
          investors: holders.map((publicAddress, i) => ({ publicAddress, investmentAmount: 100 * (i + 1) })),
        },
      ],
    },
  });
  await api.post('/draft/deploy', { symbol, accountAddress: issuer, ownerAddress: issuer, txMode: 2 });
  await expect
    .poll(
      async () =>
        ((await api.get(`/draft/${symbol}`)) as { investors: { status: number }[] }).investors.map(
          (i) => i.status,
        ),
      { timeout: 180_000 },
    )
    .toEqual([2, 2]);
  await expect
    .poll(async () => JSON.stringify(await api.get(`/holders/${symbol}/default?pageSize=10`)).toLowerCase(), {
      timeout: 60_000,
    })
    .toContain((holders[1] as string).toLowerCase());
});

test('an auditor granted by the owner opens the Audit page, downloads a pack that verifies, and cannot act', async ({
  page,
  browser,
  request,
  server,
}) => {
  test.setTimeout(300_000);
  const auditor = await createAccount(request, server.url, { profileName: 'Ada Auditor' });

  // The owner grants the role on the token's Audit page, reached from the token page.
  await loginInBrowser(page, server.demo?.loginName ?? '', server.demo?.password ?? '');
  await page.goto(`/TokenInfo?token=${symbol}`);
  await page.getByRole('link', { name: 'Audit trail and regulator packs' }).click();
  await expect(page.getByRole('heading', { name: `Audit trail of ${symbol}`, level: 1 })).toBeVisible();
  await expect(page.getByText('You own this token: you may grant read-only auditors.')).toBeVisible();
  const auditors = page.getByRole('region', { name: 'Auditors' });
  await auditors.getByLabel("Auditor's email address").fill(auditor.email);
  await auditors.getByRole('button', { name: 'Grant the Auditor role' }).click();
  await expect(auditors.getByRole('cell', { name: `Ada Auditor (${auditor.email})` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Integrity' }).getByText('The log is intact')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anchor now' })).toBeVisible();
  await shoot(page, 'owner');

  // The auditor, in a browser of its own.
  const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
  const auditorPage = await context.newPage();
  await loginInBrowser(auditorPage, auditor.email, auditor.password);
  await auditorPage.goto(`/Audit?token=${symbol}`);
  await expect(
    auditorPage.getByRole('heading', { name: `Audit trail of ${symbol}`, level: 1 }),
  ).toBeVisible();
  await expect(
    auditorPage.getByText(
      'You are a read-only auditor of this token: you see its registers, history and log, and act on nothing.',
    ),
  ).toBeVisible();
  const log = auditorPage.getByRole('table', { name: `Operations log of ${symbol}` });
  await expect(log.getByRole('row').nth(1)).toContainText('Auditor granted');
  await expect(log).toContainText(auditor.email);
  // Filtered by action: only the auditor's grant is an auditor action.
  await auditorPage.getByLabel('Action').selectOption({ label: 'Auditors' });
  await auditorPage.getByRole('button', { name: 'Filter' }).click();
  await expect(log.getByRole('row')).toHaveCount(2);
  // No control of the owner's: no auditors card, no anchoring.
  await expect(auditorPage.getByRole('region', { name: 'Auditors' })).toHaveCount(0);
  await expect(auditorPage.getByRole('button', { name: 'Anchor now' })).toHaveCount(0);

  // A regulator pack, prepared and followed to the end, then downloaded.
  const packs = auditorPage.getByRole('region', { name: 'Regulator packs' });
  await packs.getByRole('button', { name: 'Prepare a regulator pack' }).click();
  const download = packs.getByRole('button', { name: /^Download pack #\d+$/ });
  await expect(download).toBeVisible({ timeout: 120_000 });
  await expect(packs.getByRole('cell', { name: auditor.email })).toBeVisible();
  await shoot(auditorPage, 'auditor');
  const [file] = await Promise.all([auditorPage.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${symbol}-pack-\\d+-block-\\d+\\.zip$`));
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tranche-e2e-pack-'));
  try {
    const zipPath = path.join(folder, 'pack.zip');
    await file.saveAs(zipPath);
    const files = readZip(readFileSync(zipPath));
    writeFileSync(path.join(folder, 'verify.mjs'), files.get('verify.mjs') ?? '');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['verify.mjs', 'pack.zip', '--rpc', rpcUrl],
      {
        cwd: folder,
      },
    );
    expect(stdout).toMatch(new RegExp(`^OK: pack of ${symbol}: `));
    // The register at the record date holds both investors.
    const register = files.get('register.csv')?.toString().toLowerCase() ?? '';
    for (const holder of holders) expect(register).toContain(holder.toLowerCase());
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  // The API refuses the auditor every action: granting, revoking, anchoring.
  const asAuditor = await request.post(`${server.url}/api/login`, {
    data: { loginName: auditor.email, password: auditor.password },
  });
  const jwt = ((await asAuditor.json()) as { data: { jwt: string } }).data.jwt;
  const headers = { authorization: `Bearer ${jwt}` };
  const refused = [
    await request.post(`${server.url}/api/audit/${symbol}/auditors`, {
      headers,
      data: { email: auditor.email },
    }),
    await request.delete(`${server.url}/api/audit/${symbol}/auditors`, {
      headers,
      data: { email: auditor.email },
    }),
    await request.post(`${server.url}/api/audit/${symbol}/anchor`, { headers }),
  ];
  expect(refused.map((answer) => answer.status())).toEqual([403, 403, 403]);
  await context.close();
});
