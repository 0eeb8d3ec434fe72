import { ruleMessages as r, type TokenRules, tokenOperationMessages as m, txTypes } from '@tranche/api';
import { type Contract, ZeroHash } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import { HttpError } from '../../errors.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { recordUserTransaction } from '../transactions/service.ts';
import {
  type Ctx,
  countryBytes,
  emptyRule,
  loadToken,
  partitionBytes,
  partitionName,
  type RawRule,
  revertReason,
  ruleView,
  supportsRules,
  tokenInterface,
} from './token.ts';

/** Other modules call the pre-check through this module's service (approvals, bulk operations). */
export { precheck } from './precheck.ts';

/** GET /token/rules/{symbol}: the token's rule and each partition's, as the chain holds them now. */
export async function getRules(ctx: Ctx, symbol: string): Promise<TokenRules> {
  const { token } = await loadToken(ctx, symbol);
  if (!(await supportsRules(token))) {
    return {
      symbol: symbol.trim(),
      active: false,
      supported: false,
      token: emptyRule,
      partitions: [],
    };
  }
  const [active, partitions] = (await Promise.all([
    token.getFunction('rulesActive')(),
    token.getFunction('allPartitions')(),
  ])) as [boolean, string[]];
  const [tokenRule, ...partitionRules] = (await Promise.all(
    [ZeroHash, ...partitions].map((scope) => token.getFunction('rulesOf')(scope)),
  )) as RawRule[];
  return {
    symbol: symbol.trim(),
    active,
    supported: true,
    token: ruleView(tokenRule!),
    partitions: partitions.map((p, i) => ({
      partition: partitionName(p),
      rule: ruleView(partitionRules[i]!),
    })),
  };
}

/**
 * Every address holding the token now, ascending (what setRules takes when it switches rules on): the receivers
 * of the token's ERC-20 Transfer logs that hold a balance.
 */
async function currentHolders(token: Contract): Promise<string[]> {
  const logs = await token.queryFilter(token.filters.Transfer!(), 0, 'latest');
  const seen = new Set<string>();
  for (const log of logs) {
    const to = (log as unknown as { args: [string, string, bigint] }).args[1];
    if (to !== '0x0000000000000000000000000000000000000000') seen.add(to.toLowerCase());
  }
  const candidates = [...seen];
  const balances = (await Promise.all(candidates.map((a) => token.getFunction('balanceOf')(a)))) as bigint[];
  return candidates
    .filter((_, i) => balances[i]! > 0n)
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
}

type SetRulesInput = {
  symbol: string;
  partition: string;
  accountAddress: string;
  txMode: 1 | 2;
  maxHolders?: number | undefined;
  lockupUntil?: number | undefined;
  minHolding?: string | undefined;
  maxHolding?: string | undefined;
  countries?: { mode: 'allow' | 'deny'; list: string[] } | undefined;
};

/**
 * PUT /token/rules: txMode 1 answers the transaction for the wallet, txMode 2 signs it with the caller's
 * registered key. Only the token owner or a Security Manager (OP) of its scheme (the contract's canSetRules).
 */
export async function setRules(ctx: Ctx, viewer: Viewer, input: SetRulesInput) {
  const { project, token } = await loadToken(ctx, input.symbol);
  if (!(await supportsRules(token))) throw new HttpError(409, r.rulesNotSupported);
  if (!((await token.getFunction('canSetRules')(input.accountAddress)) as boolean)) {
    throw new HttpError(403, r.notAllowedToSetRules);
  }
  const active = (await token.getFunction('rulesActive')()) as boolean;
  const holders = active ? [] : await currentHolders(token);
  const scope = input.partition === '' ? ZeroHash : partitionBytes(input.partition);
  const countries = input.countries;
  const data = tokenInterface.encodeFunctionData('setRules', [
    scope,
    input.maxHolders ?? 0,
    input.lockupUntil ?? 0,
    BigInt(input.minHolding ?? '0'),
    BigInt(input.maxHolding ?? '0'),
    countries ? (countries.mode === 'allow' ? 1 : 2) : 0,
    (countries?.list ?? []).map(countryBytes),
    holders,
  ]);
  const to = project.contractAddress;
  try {
    await ctx.chain.provider.estimateGas({ from: input.accountAddress, to, data });
  } catch (error) {
    throw new HttpError(400, m.chainRejected(revertReason(error)));
  }
  if (input.txMode === 1) return { txData: { from: input.accountAddress, to, data } };
  const key = await accessOf(ctx).signingKey(viewer, input.accountAddress, () =>
    signingKeyFor(ctx, viewer.accountId, input.accountAddress),
  );
  const response = await ctx.chain.send(key, { to, data });
  await recordUserTransaction(ctx, {
    accountId: viewer.accountId,
    hash: response.hash,
    txType: txTypes.setRules,
    contractAddress: to,
    publicAddress: input.accountAddress,
  });
  return { transactionHash: response.hash };
}
