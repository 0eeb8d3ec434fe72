import {
  dtxTypes,
  type TokenV2Response,
  tokenOperationMessages as m,
  tokenV2Messages as v,
  txTypes,
  type UpgradeStep,
} from '@tranche/api';
import { chainErrorMessage } from '@tranche/api/chainErrors';
import { securitySchemeArtifact, whitelistArtifact } from '@tranche/contracts';
import { Contract } from 'ethers';

import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { signingKeyFor } from '../credentials/service.ts';
import {
  requireDeployed,
  tokenOf,
  tokenV2Interface,
  upgradeCallData,
  upgradePlan,
} from '../projects/service.ts';
import { recordUserTransaction } from '../transactions/service.ts';

export type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey' | 'caches'>;
export type Caller = Viewer & { accountAddress: string; txMode: 1 | 2 };

async function ownersOf(token: Contract): Promise<{ owner: string; pendingOwner: string }> {
  const [owner, pendingOwner] = (await Promise.all([
    token.getFunction('owner')(),
    token.getFunction('pendingOwner')(),
  ])) as [string, string];
  return { owner, pendingOwner };
}

/**
 * Checks the call against the chain (a refusal answers 400 with its reason), then answers it for the wallet
 * (txMode 1) or signs it with the caller's registered key and records it in the caller's transactions (txMode 2).
 */
export async function submit(
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

/** A version 2 operation, as the routes and the sharded key's distributed transactions (dtxTypes 6-10) name it. */
type Operation =
  | { txType: typeof dtxTypes.upgrade; txData: { implementation?: string | undefined } }
  | { txType: typeof dtxTypes.proposeOwner; txData: { newOwner: string } }
  | { txType: typeof dtxTypes.acceptOwner; txData: Record<string, never> }
  | { txType: typeof dtxTypes.replaceWhitelist; txData: { whitelistAddress: string } }
  | { txType: typeof dtxTypes.replaceScheme; txData: { securitySchemeAddress: string } };

type Planned = {
  /** The call data of the token call. */
  data: string;
  /** What a distributed transaction stores (tokenCall rebuilds `data` from it). */
  stored: Record<string, string>;
  /** My transactions' type. */
  userTxType: number;
  upgrade?: { step: UpgradeStep; readyAt: number; implementation: string };
};

/** Whether `address` answers as a whitelist (its scheme and a verification) or a scheme (its asset id). */
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

/**
 * The checks of a version 2 operation by `accountAddress` on a token (the access module's rule: the owner, or the
 * proposed owner to accept; a registered implementation, a new owner, a whitelist or scheme contract that differs
 * from the current one) and its call.
 */
async function plan(
  ctx: Pick<AppContext, 'chain' | 'db'>,
  project: { contractAddress: string; tokenVersion: number },
  accountAddress: string,
  operation: Operation,
): Promise<Planned> {
  if (project.tokenVersion !== 2) throw new HttpError(409, v.notVersion2);
  const token = tokenOf(ctx, project.contractAddress);
  const owners = await ownersOf(token);
  const access = accessOf(ctx);
  switch (operation.txType) {
    case dtxTypes.upgrade: {
      access.tokenAdministration('owner', owners, accountAddress);
      const next = await upgradePlan(ctx, project.contractAddress, operation.txData.implementation);
      return {
        data: upgradeCallData(next.step, next.implementation),
        stored: { implementation: next.implementation, step: next.step },
        userTxType: txTypes.tokenUpgrade,
        upgrade: next,
      };
    }
    case dtxTypes.proposeOwner: {
      access.tokenAdministration('owner', owners, accountAddress);
      const newOwner = operation.txData.newOwner.toLowerCase();
      if (owners.owner.toLowerCase() === newOwner) throw new HttpError(409, v.newOwnerIsOwner);
      return {
        data: tokenV2Interface.encodeFunctionData('transferOwnership', [newOwner]),
        stored: { newOwner },
        userTxType: txTypes.ownerProposal,
      };
    }
    case dtxTypes.acceptOwner:
      access.tokenAdministration('acceptOwnership', owners, accountAddress);
      return {
        data: tokenV2Interface.encodeFunctionData('acceptOwnership'),
        stored: {},
        userTxType: txTypes.ownerAcceptance,
      };
    case dtxTypes.replaceWhitelist: {
      access.tokenAdministration('owner', owners, accountAddress);
      const whitelist = operation.txData.whitelistAddress.toLowerCase();
      const current = ((await token.getFunction('whitelist')()) as string).toLowerCase();
      if (current === whitelist) throw new HttpError(409, v.sameWhitelist);
      if (!(await answersAs(ctx, whitelist, 'whitelist'))) throw new HttpError(400, v.whitelistNotContract);
      return {
        data: tokenV2Interface.encodeFunctionData('setWhitelist', [whitelist]),
        stored: { whitelistAddress: whitelist },
        userTxType: txTypes.whitelistReplacement,
      };
    }
    case dtxTypes.replaceScheme: {
      access.tokenAdministration('owner', owners, accountAddress);
      const scheme = operation.txData.securitySchemeAddress.toLowerCase();
      const current = ((await token.getFunction('securityScheme')()) as string).toLowerCase();
      if (current === scheme) throw new HttpError(409, v.sameScheme);
      if (!(await answersAs(ctx, scheme, 'scheme'))) throw new HttpError(400, v.schemeNotContract);
      return {
        data: tokenV2Interface.encodeFunctionData('setSecurityScheme', [scheme]),
        stored: { securitySchemeAddress: scheme },
        userTxType: txTypes.schemeReplacement,
      };
    }
  }
}

/** A sharded key's version 2 operation (POST /dtx): checked as the routes check it; answers the data to store. */
export async function checkTokenV2Operation(
  ctx: Pick<AppContext, 'chain' | 'db'>,
  _viewer: Viewer,
  project: { contractAddress: string; tokenVersion: number },
  keyAddress: string,
  request: { txType: number; txData: Record<string, unknown> },
): Promise<Record<string, string>> {
  const text = (key: string) => {
    const value = request.txData[key];
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value.trim())) {
      throw new HttpError(400, key === 'implementation' ? v.implementationInvalid : m.accountInvalid);
    }
    return value.trim().toLowerCase();
  };
  const operation = ((): Operation => {
    switch (request.txType) {
      case dtxTypes.upgrade:
        return {
          txType: dtxTypes.upgrade,
          txData: { implementation: request.txData.implementation ? text('implementation') : undefined },
        };
      case dtxTypes.proposeOwner:
        return { txType: dtxTypes.proposeOwner, txData: { newOwner: text('newOwner') } };
      case dtxTypes.acceptOwner:
        return { txType: dtxTypes.acceptOwner, txData: {} };
      case dtxTypes.replaceWhitelist:
        return { txType: dtxTypes.replaceWhitelist, txData: { whitelistAddress: text('whitelistAddress') } };
      default:
        return {
          txType: dtxTypes.replaceScheme,
          txData: { securitySchemeAddress: text('securitySchemeAddress') },
        };
    }
  })();
  return (await plan(ctx, project, keyAddress.toLowerCase(), operation)).stored;
}

/**
 * Runs a version 2 operation of a route: checked, then answered for the wallet (txMode 1) or signed with the
 * caller's registered key (txMode 2). An upgrade signed by the server with a delay of 0 schedules and carries out
 * in one request (the answer is the upgrade's hash); a wallet gets one step at a time.
 */
async function run(ctx: Ctx, caller: Caller, symbol: string, operation: Operation): Promise<TokenV2Response> {
  const project = await requireDeployed(ctx, symbol, caller);
  const planned = await plan(ctx, project, caller.accountAddress, operation);
  const to = project.contractAddress;
  const first = await submit(ctx, caller, to, planned.data, planned.userTxType);
  const upgrade = planned.upgrade;
  if (!upgrade) return first;
  const answer = { ...first, step: upgrade.step, readyAt: upgrade.readyAt };
  if (caller.txMode === 1 || upgrade.step === 'upgrade' || !first.transactionHash) return answer;
  const receipt = await ctx.chain.waitForReceipt(first.transactionHash);
  if (receipt.status !== 1 || upgrade.readyAt > (await ctx.chain.now())) return answer;
  const second = await submit(
    ctx,
    caller,
    to,
    upgradeCallData('upgrade', upgrade.implementation),
    planned.userTxType,
  );
  return { ...second, step: 'upgrade', readyAt: upgrade.readyAt };
}

/** POST /token/upgrade: to the newest registered implementation unless one is named. */
export const upgradeToken = (
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; implementation?: string | undefined },
) =>
  run(ctx, caller, input.symbol, {
    txType: dtxTypes.upgrade,
    txData: { implementation: input.implementation },
  });

/** POST /token/owner/propose: the owner proposes `newOwner`, who takes over when it accepts. */
export const proposeOwner = (ctx: Ctx, caller: Caller, input: { symbol: string; newOwner: string }) =>
  run(ctx, caller, input.symbol, { txType: dtxTypes.proposeOwner, txData: { newOwner: input.newOwner } });

/** POST /token/owner/accept: the proposed owner takes the token over. */
export const acceptOwner = (ctx: Ctx, caller: Caller, input: { symbol: string }) =>
  run(ctx, caller, input.symbol, { txType: dtxTypes.acceptOwner, txData: {} });

/** POST /token/whitelist/replace: receivers are judged against the new whitelist from the next transfer. */
export const replaceWhitelist = (
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; whitelistAddress: string },
) =>
  run(ctx, caller, input.symbol, {
    txType: dtxTypes.replaceWhitelist,
    txData: { whitelistAddress: input.whitelistAddress },
  });

/** POST /token/scheme/replace: rights are asked of the new scheme from the next call. */
export const replaceScheme = (
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; securitySchemeAddress: string },
) =>
  run(ctx, caller, input.symbol, {
    txType: dtxTypes.replaceScheme,
    txData: { securitySchemeAddress: input.securitySchemeAddress },
  });
