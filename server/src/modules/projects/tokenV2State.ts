import { type TokenV2State, tokenV2Messages as v, type UpgradeStep } from '@tranche/api';
import { securityTokenV2Abi, tokenFactoryArtifact } from '@tranche/contracts';
import { Contract, Interface } from 'ethers';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';

/** A version 2 token's upgrade state read from the chain (its page, and the upgrade route's next step). */

export const tokenV2Interface = new Interface(securityTokenV2Abi);

/**
 * What each registered implementation changes against the one before (by its position in the factory, from 1):
 * shown on the token page beside "An upgrade is available". The first is the one tokens are created on.
 */
export const implementationChanges: Record<number, readonly string[]> = {
  1: ['Version 2 as released: upgrades, owner, whitelist and scheme rotation, controller while paused'],
};

export const tokenOf = (ctx: Pick<AppContext, 'chain'>, address: string) =>
  new Contract(address, securityTokenV2Abi, ctx.chain.provider);
const factoryOf = (ctx: Pick<AppContext, 'chain'>, address: string) =>
  new Contract(address, tokenFactoryArtifact.abi, ctx.chain.provider);

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
  const registered = ((await factoryOf(ctx, registry).getFunction('implementations')()) as string[]).map(
    (a) => a.toLowerCase(),
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
  const now = await ctx.chain.now();
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
