import { formatAmount, ruleMessages as r } from '../../api/src/index.ts';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { addressOf, randomAddress, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, connectAs, createAccount, loginInBrowser } from './helpers.ts';

/**
 * Issue 39's must-show, whole stack: a proposed cap (a maximum holding of 1,000 and at most 2 holders) that two
 * investors would break, one of them with two wallets behind one KYC record: the Rules tab's what-if names them
 * before anything is saved or signed, and counts the investor with two wallets once.
 */
const owner = addressOf(devAccountKeys[0] as string);
const controller = addressOf(devAccountKeys[1] as string);
const uniq = Date.now().toString(36).toUpperCase().slice(-5);
const symbol = `WIF${uniq}`;
const alice = { address: randomAddress(), name: `Alice Archer ${uniq}`, amount: 2500 };
const bob1 = { address: randomAddress(), name: `Bob Baker ${uniq}`, amount: 1200 };
const bob2 = { address: randomAddress(), name: `Bob Baker ${uniq}`, amount: 1300 };
const carol = { address: randomAddress(), name: `Carol Chen ${uniq}`, amount: 50 };
const holders = [alice, bob1, bob2, carol];

let account: { email: string; password: string };

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(120_000);
  account = await createAccount(request, server.url);
  const api = await apiAs(request, server.url, { loginName: account.email, password: account.password });
  const { rpcUrl } = (await api.get('/config')) as { rpcUrl: string };
  const whitelist = ((await api.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  // Bob's two wallets carry one KYC record: the same legal name and contact details.
  await api.post('/whitelist/bulk', {
    txMode: 2,
    accountAddress: owner,
    whitelistAddress: whitelist.address,
    addresses: holders.map((h) => ({
      targetAddress: h.address,
      legalName: h.name,
      contactDetails: { email: `${h.name.split(' ')[0]?.toLowerCase()}-${uniq}@example.com` },
    })),
  });
  await verifyMissing(
    rpcUrl,
    whitelist.address,
    devAccountKeys[0] as string,
    holders.map((h) => h.address),
  );
  const codebases = (await api.get('/codebase/list/1')) as { id: number; default?: boolean }[];
  await api.post('/draft', {
    bulk: {
      tokens: [
        {
          symbol,
          name: `What-if ${uniq}`,
          codebaseId: (codebases.find((c) => c.default) ?? codebases[codebases.length - 1])?.id ?? 1,
          whitelistAddress: whitelist.address,
          controllerAddress: controller,
          isControllable: true,
          investors: holders.map((h) => ({ publicAddress: h.address, investmentAmount: h.amount })),
        },
      ],
    },
  });
  await api.post('/draft/deploy', { symbol, accountAddress: owner, ownerAddress: owner, txMode: 2 });
  await expect
    .poll(async () => ((await api.get(`/projects/${symbol}`)) as { projectStatus: number }).projectStatus, {
      timeout: 90_000,
    })
    .toBe(2);
});

test('a proposed cap two investors would break is shown with their names before saving; two wallets count once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${symbol}`);
  await connectAs(page, owner);
  await page.getByRole('tab', { name: 'Rules' }).click();
  const ruleForm = page.getByRole('tabpanel', { name: 'Rules' }).getByRole('form', { name: 'Set a rule' });
  await ruleForm.getByLabel('Maximum holders (empty: no limit)').fill('2');
  await ruleForm.getByLabel('Maximum holding').fill('1000');
  await ruleForm.getByRole('button', { name: 'Check what it would put out of bounds' }).click();

  // Three holdings, two investors: Bob's two wallets are one investor.
  const status = ruleForm.getByRole('alert').filter({ hasText: r.outOfBounds(3, 2, 3) });
  await expect(status).toContainText(r.outOfBounds(3, 2, 3));
  await expect(status).toContainText(r.simHolderLimit(r.tokenScope, 4, 3, 2));
  await expect(status).toContainText(r.simCountingNote(4, 3));
  const findings = ruleForm.getByRole('list', { name: 'Holdings out of bounds' }).getByRole('listitem');
  await expect(findings).toHaveText([
    r.simAboveMaximum(alice.name, formatAmount(2500), 'default', r.tokenScope, formatAmount(1000)),
    r.simAboveMaximum(bob2.name, formatAmount(1300), 'default', r.tokenScope, formatAmount(1000)),
    r.simAboveMaximum(bob1.name, formatAmount(1200), 'default', r.tokenScope, formatAmount(1000)),
  ]);
  await expect(findings.filter({ hasText: carol.name })).toHaveCount(0);
  // Nothing was sent: the token still has no rules.
  await expect(
    page.getByText('No rules yet: setting the first one starts counting holders on-chain.'),
  ).toBeVisible();
});
