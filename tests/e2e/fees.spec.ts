import { expect, testOwnServer } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';
import { injectWallet } from './injectedWallet.ts';

/**
 * The wallet pipeline on a chain whose base fee is far above the spec's 1 gwei gas price (the embedded Anvil started
 * with a 30 gwei base fee, CHAIN_BASE_FEE_GWEI=30): a gas price of 1 gwei could never be mined there, so the console
 * leaves the fee to the wallet's own suggestion and the scheme is deployed.
 */
const test = testOwnServer({ CHAIN_BASE_FEE_GWEI: '30' });

const owner = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'; // dev account #7
const gwei = 1_000_000_000n;

test('a scheme deployed through the browser wallet on a chain with a 30 gwei base fee', async ({
  page,
  request,
  server,
}) => {
  const config = (await (await request.get(`${server.url}/api/config`)).json()).data as { rpcUrl: string };
  const rpc = async (method: string, params: unknown[] = []) =>
    (
      (await (
        await request.post(config.rpcUrl, { data: { jsonrpc: '2.0', id: 1, method, params } })
      ).json()) as {
        result: unknown;
      }
    ).result;
  await injectWallet(page, { rpcUrl: config.rpcUrl, accounts: [owner] });
  const account = await createAccount(request, server.url);
  await loginInBrowser(page, account.email, account.password);

  // The block the deployment enters has a 30 gwei base fee (the demo seed's blocks have let it fall since the start).
  await rpc('anvil_setNextBlockBaseFeePerGas', [`0x${(30n * gwei).toString(16)}`]);
  const before = Number(await rpc('eth_blockNumber'));
  await page.goto('/Permissions');
  await page.getByRole('textbox', { name: 'Name' }).fill('High fee scheme');
  await page.getByRole('textbox', { name: 'Owner' }).fill(owner);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel('Browser wallet').check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await dialog.getByLabel(owner).check();
  await dialog.getByRole('button', { name: 'Select Account' }).click();
  await expect(page.getByText('Transaction mined')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('', { timeout: 10_000 });
  await page.getByRole('tab', { name: 'Permission schemes' }).click();
  await expect(page.getByRole('button', { name: 'Edit High fee scheme' })).toBeVisible();

  // On the chain: the scheme's deployment from the owner, in a block whose base fee is 30 gwei, paid above it.
  const head = Number(await rpc('eth_blockNumber'));
  const deployments: { hash: string; baseFee: bigint }[] = [];
  for (let n = before + 1; n <= head; n += 1) {
    const block = (await rpc('eth_getBlockByNumber', [`0x${n.toString(16)}`, true])) as {
      baseFeePerGas: string;
      transactions: { hash: string; from: string; to: string | null }[];
    };
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() === owner.toLowerCase() && tx.to === null)
        deployments.push({ hash: tx.hash, baseFee: BigInt(block.baseFeePerGas) });
    }
  }
  expect(deployments).toHaveLength(1);
  const [deployment] = deployments as [{ hash: string; baseFee: bigint }];
  expect(deployment.baseFee).toBeGreaterThanOrEqual(26n * gwei);
  const receipt = (await rpc('eth_getTransactionReceipt', [deployment.hash])) as {
    status: string;
    effectiveGasPrice: string;
  };
  expect(receipt.status).toBe('0x1');
  expect(BigInt(receipt.effectiveGasPrice)).toBeGreaterThan(deployment.baseFee);
});
