import { type APIRequestContext, expect } from '@playwright/test';
import { devAccountKeys } from '../../contracts/src/index.ts';
import { addressOf, randomAddress, verifyMissing } from '../../server/src/modules/tokens/testing.ts';
import { apiAs, createAccount } from './helpers.ts';

export type TokenSetup = {
  account: { email: string; password: string };
  /** A deployed token with a few holders, owned by the embedded chain's first development account. */
  symbol: string;
  /** A draft of the same account that is not deployed. */
  draftSymbol: string;
  owner: string;
};

/**
 * A new account with one deployed token (three holders in one partition) and one draft, through the API (the server
 * signs the deployment with the first development account): for tests about how pages look, not about issuing.
 */
export async function accountWithToken(request: APIRequestContext, baseUrl: string): Promise<TokenSetup> {
  const account = await createAccount(request, baseUrl);
  const api = await apiAs(request, baseUrl, { loginName: account.email, password: account.password });
  const owner = addressOf(devAccountKeys[0] as string);
  const controller = addressOf(devAccountKeys[1] as string);
  const holders = [randomAddress(), randomAddress(), randomAddress()];
  const config = (await api.get('/config')) as { rpcUrl: string };
  const whitelist = ((await api.get('/whitelist/list')) as { address: string }[])[0];
  if (!whitelist) throw new Error('the local seed made no whitelist');
  await verifyMissing(config.rpcUrl, whitelist.address, devAccountKeys[0] as string, [owner, ...holders]);
  const codebases = (await api.get('/codebase/list/1')) as { id: number }[];
  const uniq = Date.now().toString(36).toUpperCase().slice(-5);
  const symbol = `LOOK${uniq}`;
  const draftSymbol = `DRF${uniq}`;
  const draft = (tokenSymbol: string, name: string) => ({
    symbol: tokenSymbol,
    name,
    codebaseId: codebases[codebases.length - 1]?.id ?? 1,
    whitelistAddress: whitelist.address,
    controllerAddress: controller,
    isControllable: true,
    investors: holders.map((publicAddress, i) => ({ publicAddress, investmentAmount: 1_250_000 * (i + 1) })),
  });
  await api.post('/draft', {
    bulk: {
      tokens: [draft(symbol, `Harbour Lane Residential Fund ${uniq}`), draft(draftSymbol, `Draft ${uniq}`)],
    },
  });
  await api.post('/draft/deploy', { symbol, accountAddress: owner, ownerAddress: owner, txMode: 2 });
  await expect
    .poll(async () => ((await api.get(`/projects/${symbol}`)) as { projectStatus: number }).projectStatus, {
      timeout: 90_000,
    })
    .toBe(2);
  return { account, symbol, draftSymbol, owner };
}
