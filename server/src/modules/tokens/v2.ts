import {
  type TokenV2Response,
  type TokenV2State,
  tokenOperationMessages as m,
  tokenV2Messages as v,
  txTypes,
  type UpgradeStep,
} from '@tranche/api';
import { chainErrorMessage } from '@tranche/api/chainErrors';
import {
  securitySchemeArtifact,
  securityTokenV2Abi,
  tokenFactoryArtifact,
  whitelistArtifact,
} from '@tranche/contracts';
import { Contract, Interface } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { signingKeyFor } from '../credentials/service.ts';
import { requireDeployed } from '../projects/service.ts';
import { recordUserTransaction } from '../transactions/service.ts';

export const tokenV2Interface = new Interface(securityTokenV2Abi);

type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey' | 'caches'>;
type Caller = Viewer & { accountAddress: string; txMode: 1 | 2 };

/**
 * What each registered implementation changes against the one before (by its position in the factory, from 1):
 * shown on the token page beside "An upgrade is available". The first is the one tokens are created on.
 */
export const implementationChanges: Record<number, readonly string[]> = {
  1: ['Version 2 as released: upgrades, owner, whitelist and scheme rotation, controller while paused'],
};

const tokenOf = (ctx: Pick<AppContext, 'chain'>, address: string) =>
  new Contract(address, securityTokenV2Abi, ctx.chain.provider);
const factoryOf = (ctx: Pick<AppContext, 'chain'>, address: string) =>
  new Contract(address, tokenFactoryArtifact.abi, ctx.chain.provider);

/** A deployed version 2 token (409 for a version 1 token). */
async function requireV2(ctx: Ctx, symbol: string, viewer: Viewer) {
  const project = await requireDeployed(ctx, symbol, viewer);
  if (project.tokenVersion !== 2) throw new HttpError(409, v.notVersion2);
  return { project, token: tokenOf(ctx, project.contractAddress) };
}

async function ownersOf(token: Contract): Promise<{ owner: string; pendingOwner: string }> {
  const [owner, pendingOwner] = (await Promise.all([
    token.getFunction('owner')(),
    token.getFunction('pendingOwner')(),
  ])) as [string, string];
  return { owner, pendingOwner };
}

/** The time of the chain's latest block (what the next block's time is at least). */
async function chainNow(ctx: Pick<AppContext, 'chain'>): Promise<number> {
  const block = await ctx.chain.provider.getBlock('latest');
  return block?.timestamp ?? Math.floor(Date.now() / 1000);
}

/** The upgrade state of a version 2 token (its page). */
export async function tokenV2State(ctx: Pick<AppContext, 'chain'>, address: string): Promise<TokenV2State> {
  const token = tokenOf(ctx, address);
  const [implementation, registry, delay, scheduled, pendingOwner] = (await Promise.all([
    token.getFunction('implementation')(),
    token.getFunction('registry')(),
    token.getFunction('upgradeDelay')(),
    token.getFunction('scheduledUpgrade')(),
    token.getFunction('pendingOwner')(),
  ])) as [string, string, bigint, [string, bigint], string];
  const registered = ((await factoryOf(ctx, registry).getFunction('implementations')()) as string[]).map((a) =>
    a.toLowerCase(),
  );
  const current = implementation.toLowerCase();
  const latest = registered.at(-1) ?? current;
  const from = registered.indexOf(current);
  const changes: string[] = [];
  for (let i = from + 1; i < registered.length; i++) {
    changes.push(...(implementationChanges[i + 1] ?? [`Implementation ${i + 1} (${registered[i]})`]));
  }
  const none = /^0x0{40}$/i;
  return {
    implementation: current,
    latestImplementation: latest,
    upgradeAvailable: latest !== current,
    changes,
    upgradeDelay: Number(delay),
    scheduled: none.test(scheduled[0])
      ? null
      : { implementation: scheduled[0].toLowerCase(), readyAt: Number(scheduled[1]) },
    pendingOwner: none.test(pendingOwner) ? null : pendingOwner.toLowerCase(),
    registry: registry.toLowerCase(),
  };
}

/**
 * The next step of an upgrade to `requested` (default: the newest registered implementation): schedule it (the
 * owner's delay starts), or, when it is scheduled and its time has come, carry it out. Refused when the target is
 * not registered, is already the token's, or is scheduled and not ready yet.
 */
export async function upgradePlan(
  ctx: Pick<AppContext, 'chain'>,
  tokenAddress: string,
  requested?: string,
): Promise<{ implementation: string; step: UpgradeStep; readyAt: number }> {
  const state = await tokenV2State(ctx, tokenAddress);
  const target = (requested ?? state.latestImplementation).toLowerCase();
  const registered = (await factoryOf(ctx, state.registry).getFunction('isRegistered')(target)) as boolean;
  if (!registered) throw new HttpError(400, v.implementationNotRegistered);
  if (target === state.implementation) throw new HttpError(409, v.alreadyUpToDate);
  const now = await chainNow(ctx);
  if (state.scheduled?.implementation === target) {
    if (state.scheduled.readyAt > now) {
      throw new HttpError(409, v.upgradeNotReady(new Date(state.scheduled.readyAt * 1000).toISOString()));
    }
    return { implementation: target, step: 'upgrade', readyAt: state.scheduled.readyAt };
  }
  return { implementation: target, step: 'schedule', readyAt: now + state.upgradeDelay };
}

/** The call data of an upgrade step. */
export function upgradeCallData(step: UpgradeStep, implementation: string): string {
  return step === 'schedule'
    ? tokenV2Interface.encodeFunctionData('scheduleUpgrade', [implementation])
    : tokenV2Interface.encodeFunctionData('upgradeToAndCall', [implementation, '0x']);
}

/**
 * Checks the call against the chain (a refusal answers 400 with its reason), then answers it for the wallet
 * (txMode 1) or signs it with the caller's registered key and records it in the caller's transactions (txMode 2).
 */
async function submit(
  ctx: Ctx,
  caller: Caller,
  to: string,
  data: string,
  txType: number,
): Promise<TokenV2Response & { transactionHash?: string }> {
  try {
    await ctx.chain.provider.send('eth_estimateGas', [{ from: caller.accountAddress, to, data }]);
  } catch (error) {
    throw new HttpError(400, m.chainRejected(chainErrorMessage(error)));
  }
  if (caller.txMode === 1) return { txData: { from: caller.accountAddress, to, data } };
  const key = await signingKeyFor(ctx, caller.accountId, caller.accountAddress);
  const response = await ctx.chain.send(key, { to, data });
  await recordUserTransaction(ctx, {
    accountId: caller.accountId,
    hash: response.hash,
    txType,
    contractAddress: to,
    publicAddress: caller.accountAddress,
  });
  return { transactionHash: response.hash };
}

/**
 * POST /token/upgrade: the owner's next upgrade step. Signed by the server with a delay of 0, the schedule and the
 * upgrade are sent one after the other (the answer is the upgrade's hash); a wallet gets one step at a time.
 */
export async function upgradeToken(
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; implementation?: string | undefined },
): Promise<TokenV2Response> {
  const { project, token } = await requireV2(ctx, input.symbol, caller);
  accessOf(ctx).tokenAdministration('owner', await ownersOf(token), caller.accountAddress);
  const plan = await upgradePlan(ctx, project.contractAddress, input.implementation);
  const first = await submit(
    ctx,
    caller,
    project.contractAddress,
    upgradeCallData(plan.step, plan.implementation),
    txTypes.tokenUpgrade,
  );
  if (caller.txMode === 1 || plan.step === 'upgrade' || !first.transactionHash) {
    return { ...first, step: plan.step, readyAt: plan.readyAt };
  }
  const receipt = await ctx.chain.waitForReceipt(first.transactionHash);
  if (receipt.status !== 1 || plan.readyAt > (await chainNow(ctx))) {
    return { ...first, step: plan.step, readyAt: plan.readyAt };
  }
  const second = await submit(
    ctx,
    caller,
    project.contractAddress,
    upgradeCallData('upgrade', plan.implementation),
    txTypes.tokenUpgrade,
  );
  return { ...second, step: 'upgrade', readyAt: plan.readyAt };
}

/** POST /token/owner/propose: the owner proposes `newOwner`, who takes over when it accepts. */
export async function proposeOwner(
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; newOwner: string },
): Promise<TokenV2Response> {
  const { project, token } = await requireV2(ctx, input.symbol, caller);
  const owners = await ownersOf(token);
  accessOf(ctx).tokenAdministration('owner', owners, caller.accountAddress);
  if (owners.owner.toLowerCase() === input.newOwner) throw new HttpError(409, v.newOwnerIsOwner);
  const data = tokenV2Interface.encodeFunctionData('transferOwnership', [input.newOwner]);
  return submit(ctx, caller, project.contractAddress, data, txTypes.ownerProposal);
}

/** POST /token/owner/accept: the proposed owner takes the token over. */
export async function acceptOwner(ctx: Ctx, caller: Caller, input: { symbol: string }): Promise<TokenV2Response> {
  const { project, token } = await requireV2(ctx, input.symbol, caller);
  accessOf(ctx).tokenAdministration('acceptOwnership', await ownersOf(token), caller.accountAddress);
  const data = tokenV2Interface.encodeFunctionData('acceptOwnership');
  return submit(ctx, caller, project.contractAddress, data, txTypes.ownerAcceptance);
}

/** Whether `address` answers as a whitelist (its name and scheme) or a scheme (its asset id). */
async function answersAs(ctx: Pick<AppContext, 'chain'>, address: string, kind: 'whitelist' | 'scheme') {
  if (!(await ctx.chain.hasCode(address))) return false;
  try {
    if (kind === 'whitelist') {
      const contract = new Contract(address, whitelistArtifact.abi, ctx.chain.provider);
      await contract.getFunction('securityScheme')();
      await contract.getFunction('isVerified')(address);
    } else {
      await new Contract(address, securitySchemeArtifact.abi, ctx.chain.provider).getFunction('assetId')();
    }
    return true;
  } catch {
    return false;
  }
}

/** POST /token/whitelist/replace: receivers are judged against the new whitelist from the next transfer. */
export async function replaceWhitelist(
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; whitelistAddress: string },
): Promise<TokenV2Response> {
  const { project, token } = await requireV2(ctx, input.symbol, caller);
  accessOf(ctx).tokenAdministration('owner', await ownersOf(token), caller.accountAddress);
  const current = ((await token.getFunction('whitelist')()) as string).toLowerCase();
  if (current === input.whitelistAddress) throw new HttpError(409, v.sameWhitelist);
  if (!(await answersAs(ctx, input.whitelistAddress, 'whitelist'))) throw new HttpError(400, v.whitelistNotContract);
  const data = tokenV2Interface.encodeFunctionData('setWhitelist', [input.whitelistAddress]);
  return submit(ctx, caller, project.contractAddress, data, txTypes.whitelistReplacement);
}

/** POST /token/scheme/replace: rights are asked of the new scheme from the next call. */
export async function replaceScheme(
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; securitySchemeAddress: string },
): Promise<TokenV2Response> {
  const { project, token } = await requireV2(ctx, input.symbol, caller);
  accessOf(ctx).tokenAdministration('owner', await ownersOf(token), caller.accountAddress);
  const current = ((await token.getFunction('securityScheme')()) as string).toLowerCase();
  if (current === input.securitySchemeAddress) throw new HttpError(409, v.sameScheme);
  if (!(await answersAs(ctx, input.securitySchemeAddress, 'scheme'))) throw new HttpError(400, v.schemeNotContract);
  const data = tokenV2Interface.encodeFunctionData('setSecurityScheme', [input.securitySchemeAddress]);
  return submit(ctx, caller, project.contractAddress, data, txTypes.schemeReplacement);
}
