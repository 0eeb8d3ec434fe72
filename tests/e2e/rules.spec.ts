import { ruleMessages } from '../../api/src/index.ts';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { addressOf, callToken, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { expect, testOwnChain as test } from './fixtures.ts';
import { confirmOperation, connectAs, createAccount, loginInBrowser, mined } from './helpers.ts';

/**
 * Issue 22, whole stack: a token with a holder cap of 3 and a lock-up, both set in the console's Rules tab
 * through the TxWizard; the pre-check line says why a fourth holder and an early transfer are refused before
 * anything is signed; once chain time passes the lock-up (evm_increaseTime) the transfer goes through. Before that,
 * a holder count left open on the chain (rules switching on with one of the three holders listed): the Rules tab
 * says how far it is, the issue form's pre-check words the refusal, and the first rule set in the console lists
 * every holder again and completes it.
 */
const dev = devAccountKeys.map((key) => addressOf(key));
const owner = dev[0] as string;
const controller = dev[1] as string;
const [holderA, holderB, holderC, newcomer] = [dev[2], dev[3], dev[4], dev[5]] as [
  string,
  string,
  string,
  string,
];
const checkRule = 'Check what it would put out of bounds';
const uniq = Date.now().toString(36).toUpperCase().slice(-5);
const symbol = `RUL${uniq}`;

/** Error(string) 'token trading is paused', ABI-encoded as a node answers it. */
const pausedRevert =
  '0x08c379a000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000017746f6b656e2074726164696e6720697320706175736564000000000000000000';

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

let account: { email: string; password: string };
let rpcUrl: string;

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(120_000);
  account = await createAccount(request, server.url);
  const login = await request.post(`${server.url}/api/login`, {
    data: { loginName: account.email, password: account.password },
  });
  const jwt = ((await login.json()) as { data: { jwt: string } }).data.jwt;
  const headers = { authorization: `Bearer ${jwt}` };
  const get = async (path: string) =>
    ((await (await request.get(`${server.url}/api${path}`, { headers })).json()) as { data: unknown }).data;
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`${server.url}/api${path}`, { headers, data });
    expect(response.status(), `${path}`).toBe(200);
  };
  rpcUrl = ((await get('/config')) as { rpcUrl: string }).rpcUrl;
  const whitelist = ((await get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await verifyMissing(rpcUrl, whitelist.address, devAccountKeys[0], [holderA, holderB, holderC, newcomer]);
  const codebases = (await get('/codebase/list/1')) as { id: number; default?: boolean }[];
  await post('/draft', {
    bulk: {
      tokens: [
        {
          symbol,
          name: `Ruled ${uniq}`,
          codebaseId: (codebases.find((c) => c.default) ?? codebases[codebases.length - 1])?.id ?? 1,
          whitelistAddress: whitelist.address,
          controllerAddress: controller,
          isControllable: true,
          investors: [holderA, holderB, holderC].map((publicAddress) => ({
            publicAddress,
            investmentAmount: 100,
          })),
        },
      ],
    },
  });
  await post('/draft/deploy', { symbol, accountAddress: owner, ownerAddress: owner, txMode: 2 });
  await expect
    .poll(async () => ((await get(`/projects/${symbol}`)) as { projectStatus: number }).projectStatus, {
      timeout: 90_000,
    })
    .toBe(2);
  // Rules switching on, straight on the chain (as another tool would), with the lowest of the three holders only.
  const { contractAddress } = (await get(`/projects/${symbol}`)) as { contractAddress: string };
  const lowest = [holderA, holderB, holderC].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))[0];
  await callToken(
    rpcUrl,
    devAccountKeys[0],
    contractAddress,
    'setRules',
    `0x${'00'.repeat(32)}`,
    0,
    0,
    0,
    0,
    0,
    [],
    [lowest],
  );
});

test('a holder cap and a lock-up: the pre-check says why before any signature, and the lock-up ends', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginInBrowser(page, account.email, account.password);
  await page.goto(`/TokenInfo?token=${symbol}`);
  await connectAs(page, owner);

  // The count left open: the Rules tab says how far it is, and the issue form's pre-check words the refusal.
  await page.getByRole('tab', { name: 'Rules' }).click();
  const rules = page.getByRole('tabpanel', { name: 'Rules' });
  await expect(rules.getByRole('status')).toContainText(ruleMessages.countingHolders(1, 3));
  await expect(rules.getByRole('status')).toContainText(ruleMessages.countingExplained);
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  const counting = page.getByRole('form', { name: 'Issue tokens' });
  await counting.getByLabel('Amount').fill('5');
  await counting.getByLabel('Token holder').fill(holderB);
  await counting.getByLabel('Partition').selectOption('default');
  await expect(counting.getByRole('alert')).toContainText(ruleMessages.holdersBeingCounted);
  await expect(counting.getByRole('alert')).toContainText('ERC-1066 0x54');
  await counting.getByRole('button', { name: 'Go back' }).click();

  // The rules, set in the Rules tab through the TxWizard: 3 holders at most (listing every holder again, which
  // completes the count), partition default locked a day.
  const ruleForm = rules.getByRole('form', { name: 'Set a rule' });
  await ruleForm.getByLabel('Maximum holders (empty: no limit)').fill('3');
  // The what-if comes first (POST /token/rules/simulate): three holders fit a limit of three.
  await ruleForm.getByRole('button', { name: checkRule }).click();
  await expect(ruleForm.getByRole('status')).toContainText(ruleMessages.nothingOutOfBounds);
  await expect(ruleForm.getByRole('status')).toContainText(ruleMessages.simCountingNote(3, 3));
  await ruleForm.getByRole('button', { name: 'Set rule' }).click();
  await mined(page);
  await expect(rules.getByText(/Counting holders/)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Rules' }).click();
  // A day after the chain's own clock (other specs on this worker's chain may have moved its time forward).
  const latest = (await rpc(rpcUrl, 'eth_getBlockByNumber', ['latest', false])) as { timestamp: string };
  const chainNow = Number(BigInt(latest.timestamp)) * 1000;
  const lockup = new Date(chainNow + 86_400_000).toISOString().slice(0, 16);
  await ruleForm.getByLabel('Applies to').selectOption('default');
  await ruleForm.getByLabel('Lock-up until (UTC)').fill(lockup);
  // Before Save: every holding of partition default would be inside the lock-up, listed in words.
  await ruleForm.getByRole('button', { name: checkRule }).click();
  const findings = ruleForm.getByRole('list', { name: 'Holdings out of bounds' });
  await expect(findings.getByRole('listitem')).toHaveCount(3);
  await expect(findings.getByRole('listitem').first()).toContainText('in default, locked up until');
  await ruleForm.getByRole('button', { name: 'Set rule' }).click();
  await mined(page);
  await page.getByRole('tab', { name: 'Rules' }).click();
  const table = rules.getByRole('table', { name: 'Compliance rules' });
  await expect(table.getByRole('row', { name: /Whole token/ })).toContainText('3 of 3');
  await expect(table.getByRole('row', { name: /Partition default/ })).toContainText(lockup.replace('T', ' '));

  // A fourth holder: the issue form's pre-check refuses it before anything is signed.
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  const issueForm = page.getByRole('form', { name: 'Issue tokens' });
  await issueForm.getByLabel('Amount').fill('5');
  await issueForm.getByLabel('Token holder').fill(newcomer);
  await issueForm.getByLabel('Partition').selectOption('default');
  await expect(issueForm.getByRole('alert')).toContainText(
    'This issue would give the token 4 holders; its limit is 3.',
  );
  // The chain would refuse it: the button waits, described by the pre-check's sentence.
  const issueButton = issueForm.getByRole('button', { name: 'Issue', exact: true });
  await expect(issueButton).toBeDisabled();
  await expect(issueButton).toHaveAccessibleDescription(/its limit is 3/);
  await issueForm.getByLabel('Token holder').fill(holderB);
  // The form's other status is the holder picker's count of matches.
  await expect(issueForm.getByRole('status').filter({ hasText: 'Pre-check' })).toContainText(
    'Pre-check: would pass',
  );
  await expect(issueButton).toBeEnabled();

  // Refused by the chain after the pre-check (the node answers the estimate with a revert reason): the wizard
  // words it, and Go back finds the form as it was left.
  await page.route(rpcUrl, async (route) => {
    const body = route.request().postDataJSON() as
      | { method: string; id: number }
      | { method: string; id: number }[];
    const calls = Array.isArray(body) ? body : [body];
    if (!calls.some((call) => call.method === 'eth_estimateGas')) return route.continue();
    const answers = (await (await route.fetch()).json()) as { id: number }[] | { id: number };
    const list = (Array.isArray(answers) ? answers : [answers]).map((answer) =>
      calls.find((call) => call.id === answer.id)?.method === 'eth_estimateGas'
        ? {
            jsonrpc: '2.0',
            id: answer.id,
            error: { code: 3, message: 'execution reverted: token trading is paused', data: pausedRevert },
          }
        : answer,
    );
    await route.fulfill({ contentType: 'application/json', json: Array.isArray(answers) ? list : list[0] });
  });
  await issueForm.getByLabel('Comments').fill('Refused by the node');
  await issueButton.click();
  await confirmOperation(page, 'Issue tokens');
  await expect(page.getByText('Trading of this token is paused: resume it first.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('0x08c379a0')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go back' }).click();
  await page.unroute(rpcUrl);
  await expect(issueForm.getByLabel('Amount')).toHaveValue('5');
  await expect(issueForm.getByLabel('Token holder')).toHaveValue(holderB);
  await expect(issueForm.getByLabel('Partition')).toHaveValue('default');
  await expect(issueForm.getByLabel('Comments')).toHaveValue('Refused by the node');

  // An early transfer: refused for the lock-up, then allowed once chain time passes it.
  await connectAs(page, holderA);
  await page.getByRole('tab', { name: 'Transfer' }).click();
  const transfer = page.getByRole('form', { name: 'Transfer tokens' });
  await transfer.getByLabel('Amount').fill('5');
  await transfer.getByLabel('To address').fill(holderB);
  await transfer.getByLabel('Partition').selectOption('default');
  await expect(transfer.getByRole('alert')).toContainText('Partition default is locked up until');
  await expect(transfer.getByRole('alert')).toContainText('ERC-1066 0x55');

  await rpc(rpcUrl, 'evm_increaseTime', [86_400 + 60]);
  await rpc(rpcUrl, 'evm_mine', []);
  await transfer.getByLabel('Amount').fill('6');
  await expect(transfer.getByRole('status')).toContainText('Pre-check: would pass');
  await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
  await mined(page);
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(table.getByRole('row', { name: /Whole token/ })).toContainText('3 of 3');
});
