import {
  dtxTypes,
  type TokenV2Response,
  tokenEnforcementMessages as e,
  tokenOperationMessages as m,
  txTypes,
  zeroAddress,
} from '@tranche/api';
import { whitelistArtifact } from '@tranche/contracts';
import { Contract } from 'ethers';
import { accessOf, type Viewer } from '../../access/access.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { partitionBytes } from '../dtx/index.ts';
import { requireDeployed } from '../projects/service.ts';
import { type Caller, type Ctx, submit } from './v2.ts';
import { tokenOf, tokenV2Interface } from '../projects/service.ts';

/**
 * Enforcement on version 2 tokens (issue 36): freeze or unfreeze an address, freeze or unfreeze part of a holder's
 * tokens in one partition, recover a lost wallet to a new one verified with the same KYC record. The token's owner
 * or controller (access rule `enforcement`), through the wallet (txMode 1), the registered key (txMode 2) or a
 * sharded key's approvals (dtx types 11-13, checked here the same way when they start).
 */
export type EnforcementOperation =
  | { txType: typeof dtxTypes.freezeAddress; txData: { holderAddress: string; frozen: boolean } }
  | {
      txType: typeof dtxTypes.freezePartial;
      txData: { holderAddress: string; partition: string; amount: string; action: 'freeze' | 'unfreeze' };
    }
  | { txType: typeof dtxTypes.recoverWallet; txData: { lostAddress: string; newAddress: string } };

export const enforcementTypes = new Set<number>([
  dtxTypes.freezeAddress,
  dtxTypes.freezePartial,
  dtxTypes.recoverWallet,
]);

type Planned = { data: string; stored: Record<string, string>; userTxType: number };

/** The checks of an enforcement operation signed by `accountAddress`, then its call data. */
export async function planEnforcement(
  ctx: Pick<AppContext, 'chain' | 'db'>,
  project: { contractAddress: string; tokenVersion: number },
  accountAddress: string,
  operation: EnforcementOperation,
): Promise<Planned> {
  if (project.tokenVersion !== 2) throw new HttpError(409, e.notVersion2);
  const token = tokenOf(ctx, project.contractAddress);
  const [owner, controllable, controller] = (await Promise.all([
    token.getFunction('owner')(),
    token.getFunction('isControllable')(),
    token.getFunction('controller')(),
  ])) as [string, boolean, string];
  accessOf(ctx).enforcement({ owner, controller: controllable ? controller : null }, accountAddress);
  switch (operation.txType) {
    case dtxTypes.freezeAddress: {
      const { holderAddress, frozen } = operation.txData;
      const now = (await token.getFunction('isFrozen')(holderAddress)) as boolean;
      if (now === frozen) throw new HttpError(409, frozen ? e.alreadyFrozen : e.notFrozen);
      return {
        data: tokenV2Interface.encodeFunctionData('setAddressFrozen', [holderAddress, frozen]),
        stored: { holderAddress, frozen: String(frozen) },
        userTxType: txTypes.addressFreeze,
      };
    }
    case dtxTypes.freezePartial: {
      const { holderAddress, partition, amount, action } = operation.txData;
      const hex = partitionBytes(partition);
      const [balance, frozen] = (await Promise.all([
        token.getFunction('balanceOfByPartition')(hex, holderAddress),
        token.getFunction('getFrozenTokensByPartition')(hex, holderAddress),
      ])) as [bigint, bigint];
      const value = BigInt(amount);
      if (action === 'freeze' && value > balance - frozen) {
        throw new HttpError(409, e.aboveUnfrozen((balance - frozen).toString()));
      }
      if (action === 'unfreeze' && value > frozen) throw new HttpError(409, e.aboveFrozen(frozen.toString()));
      const name =
        action === 'freeze' ? 'freezePartialTokensByPartition' : 'unfreezePartialTokensByPartition';
      return {
        data: tokenV2Interface.encodeFunctionData(name, [hex, holderAddress, value]),
        stored: { holderAddress, partition: hex, amount: value.toString(), action },
        userTxType: txTypes.partialFreeze,
      };
    }
    case dtxTypes.recoverWallet: {
      const { lostAddress, newAddress } = operation.txData;
      if (lostAddress === newAddress) throw new HttpError(400, e.sameWallet);
      const recovered = ((await token.getFunction('recoveredTo')(lostAddress)) as string).toLowerCase();
      if (recovered !== zeroAddress) throw new HttpError(409, e.recoveredAlready);
      if (((await token.getFunction('balanceOf')(lostAddress)) as bigint) === 0n) {
        throw new HttpError(409, e.nothingToRecover);
      }
      // The token checks the same on the chain; the server says it first, in words.
      const whitelistAddress = (await token.getFunction('whitelist')()) as string;
      const whitelist = new Contract(whitelistAddress, whitelistArtifact.abi, ctx.chain.provider);
      const [verified, lostHash, newHash] = (await Promise.all([
        whitelist.getFunction('isVerified')(newAddress),
        whitelist.getFunction('verificationHash')(lostAddress),
        whitelist.getFunction('verificationHash')(newAddress),
      ])) as [boolean, string, string];
      if (!verified) throw new HttpError(409, e.newNotVerified);
      if (lostHash.toLowerCase() !== newHash.toLowerCase()) throw new HttpError(409, e.hashesDiffer);
      return {
        data: tokenV2Interface.encodeFunctionData('recoveryAddress', [lostAddress, newAddress, zeroAddress]),
        stored: { lostAddress, newAddress },
        userTxType: txTypes.walletRecovery,
      };
    }
  }
}

const address = (txData: Record<string, unknown>, key: string): string => {
  const value = txData[key];
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value.trim())) {
    throw new HttpError(400, key === 'holderAddress' ? m.holderInvalid : m.accountInvalid);
  }
  return value.trim().toLowerCase();
};

/** A sharded key's enforcement operation (POST /dtx): checked as the routes check it; answers the data to store. */
export async function checkEnforcementOperation(
  ctx: Pick<AppContext, 'chain' | 'db'>,
  _viewer: Viewer,
  project: { contractAddress: string; tokenVersion: number },
  keyAddress: string,
  request: { txType: number; txData: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  const d = request.txData;
  const operation = ((): EnforcementOperation => {
    switch (request.txType) {
      case dtxTypes.freezeAddress:
        if (![true, false, 'true', 'false'].includes(d.frozen as string)) {
          throw new HttpError(400, e.frozenRequired);
        }
        return {
          txType: dtxTypes.freezeAddress,
          txData: {
            holderAddress: address(d, 'holderAddress'),
            frozen: d.frozen === true || d.frozen === 'true',
          },
        };
      case dtxTypes.freezePartial: {
        if (d.action !== 'freeze' && d.action !== 'unfreeze') throw new HttpError(400, e.actionInvalid);
        const amount = String(d.amount ?? '').trim();
        if (!/^\d+$/.test(amount) || BigInt(amount) < 1n) throw new HttpError(400, m.amountInvalid);
        if (typeof d.partition !== 'string' || d.partition.trim() === '') {
          throw new HttpError(400, m.partitionRequired);
        }
        return {
          txType: dtxTypes.freezePartial,
          txData: {
            holderAddress: address(d, 'holderAddress'),
            partition: d.partition.trim(),
            amount,
            action: d.action,
          },
        };
      }
      default:
        return {
          txType: dtxTypes.recoverWallet,
          txData: { lostAddress: address(d, 'lostAddress'), newAddress: address(d, 'newAddress') },
        };
    }
  })();
  return (await planEnforcement(ctx, project, keyAddress.toLowerCase(), operation)).stored;
}

/** Runs an enforcement route: checked, then answered for the wallet (txMode 1) or signed by the server (txMode 2). */
async function run(ctx: Ctx, caller: Caller, symbol: string, operation: EnforcementOperation) {
  const project = await requireDeployed(ctx, symbol, caller);
  const planned = await planEnforcement(ctx, project, caller.accountAddress, operation);
  return submit(ctx, caller, project.contractAddress, planned.data, planned.userTxType);
}

/** POST /token/freeze. */
export const freezeAddress = (
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; holderAddress: string; frozen: boolean },
): Promise<TokenV2Response> =>
  run(ctx, caller, input.symbol, {
    txType: dtxTypes.freezeAddress,
    txData: { holderAddress: input.holderAddress, frozen: input.frozen },
  });

/** POST /token/freeze/partial. */
export const freezePartialTokens = (
  ctx: Ctx,
  caller: Caller,
  input: {
    symbol: string;
    holderAddress: string;
    partition: string;
    amount: string;
    action: 'freeze' | 'unfreeze';
  },
): Promise<TokenV2Response> =>
  run(ctx, caller, input.symbol, {
    txType: dtxTypes.freezePartial,
    txData: {
      holderAddress: input.holderAddress,
      partition: input.partition,
      amount: input.amount,
      action: input.action,
    },
  });

/** POST /token/recover. */
export const recoverWallet = (
  ctx: Ctx,
  caller: Caller,
  input: { symbol: string; lostAddress: string; newAddress: string },
): Promise<TokenV2Response> =>
  run(ctx, caller, input.symbol, {
    txType: dtxTypes.recoverWallet,
    txData: { lostAddress: input.lostAddress, newAddress: input.newAddress },
  });
