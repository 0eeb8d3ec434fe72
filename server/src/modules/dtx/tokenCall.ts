import {
  dtxIssueDataSchema,
  dtxMessages as m,
  dtxFreezeDataSchema,
  dtxOwnerDataSchema,
  dtxPartialFreezeDataSchema,
  dtxRecoveryDataSchema,
  dtxRedeemDataSchema,
  dtxSchemeDataSchema,
  dtxUpgradeDataSchema,
  dtxWhitelistDataSchema,
  dtxTypes,
  tokenOperationMessages,
  txTypes,
} from '@tranche/api';
import { securityTokenArtifact, securityTokenV2Abi } from '@tranche/contracts';
import { encodeBytes32String, Interface, isHexString, toUtf8Bytes } from 'ethers';
import type { z } from 'zod';
import { HttpError } from '../../errors.ts';

const tokenInterface = new Interface(securityTokenArtifact.abi);
/** Version 2 tokens: upgrades and rotation (the operations of version 1 encode the same on both). */
const tokenV2Interface = new Interface(securityTokenV2Abi);

/** The txType of My transactions for each token operation of a sharded key. */
export const userTxTypes: Record<number, number> = {
  [dtxTypes.pause]: txTypes.pauseTrading,
  [dtxTypes.resume]: txTypes.resumeTrading,
  [dtxTypes.redeem]: txTypes.tokenRedeem,
  [dtxTypes.issue]: txTypes.tokenIssue,
  [dtxTypes.upgrade]: txTypes.tokenUpgrade,
  [dtxTypes.proposeOwner]: txTypes.ownerProposal,
  [dtxTypes.acceptOwner]: txTypes.ownerAcceptance,
  [dtxTypes.replaceWhitelist]: txTypes.whitelistReplacement,
  [dtxTypes.replaceScheme]: txTypes.schemeReplacement,
  [dtxTypes.freezeAddress]: txTypes.addressFreeze,
  [dtxTypes.freezePartial]: txTypes.partialFreeze,
  [dtxTypes.recoverWallet]: txTypes.walletRecovery,
};

function parsed<T>(schema: z.ZodType<T>, txData: Record<string, unknown>): T {
  const result = schema.safeParse(txData);
  if (!result.success) throw new HttpError(400, firstIssue(result.error));
  return result.data;
}

export function partitionBytes(partition: string): string {
  if (isHexString(partition, 32)) return partition.toLowerCase();
  try {
    return encodeBytes32String(partition);
  } catch {
    throw new HttpError(400, tokenOperationMessages.unknownPartition);
  }
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? m.txDataInvalid;
}

/** The stored parameters and the call data of a token operation (validated). */
export function tokenCall(
  txType: number,
  txData: Record<string, unknown>,
): { data: string; stored: Record<string, string> } {
  switch (txType) {
    case dtxTypes.pause:
      return { data: tokenInterface.encodeFunctionData('pause'), stored: {} };
    case dtxTypes.resume:
      return { data: tokenInterface.encodeFunctionData('unPause'), stored: {} };
    case dtxTypes.redeem: {
      const parsed = dtxRedeemDataSchema.safeParse(txData);
      if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
      const input = parsed.data;
      return {
        data: tokenInterface.encodeFunctionData('redeemByPartition', [
          partitionBytes(input.partition),
          BigInt(input.amount),
          toUtf8Bytes(input.additionalData),
        ]),
        stored: input,
      };
    }
    case dtxTypes.issue: {
      const parsed = dtxIssueDataSchema.safeParse(txData);
      if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
      const input = parsed.data;
      return {
        data: tokenInterface.encodeFunctionData('issueByPartition(bytes32,address,uint256,bytes)', [
          partitionBytes(input.partition),
          input.holderAddress,
          BigInt(input.amount),
          toUtf8Bytes(input.additionalData),
        ]),
        stored: input,
      };
    }
    case dtxTypes.upgrade: {
      const input = parsed(dtxUpgradeDataSchema, txData);
      const data =
        input.step === 'schedule'
          ? tokenV2Interface.encodeFunctionData('scheduleUpgrade', [input.implementation])
          : tokenV2Interface.encodeFunctionData('upgradeToAndCall', [input.implementation, '0x']);
      return { data, stored: input };
    }
    case dtxTypes.proposeOwner: {
      const input = parsed(dtxOwnerDataSchema, txData);
      return {
        data: tokenV2Interface.encodeFunctionData('transferOwnership', [input.newOwner]),
        stored: input,
      };
    }
    case dtxTypes.acceptOwner:
      return { data: tokenV2Interface.encodeFunctionData('acceptOwnership'), stored: {} };
    case dtxTypes.replaceWhitelist: {
      const input = parsed(dtxWhitelistDataSchema, txData);
      return {
        data: tokenV2Interface.encodeFunctionData('setWhitelist', [input.whitelistAddress]),
        stored: input,
      };
    }
    case dtxTypes.replaceScheme: {
      const input = parsed(dtxSchemeDataSchema, txData);
      return {
        data: tokenV2Interface.encodeFunctionData('setSecurityScheme', [input.securitySchemeAddress]),
        stored: input,
      };
    }
    case dtxTypes.freezeAddress: {
      const input = parsed(dtxFreezeDataSchema, txData);
      return {
        data: tokenV2Interface.encodeFunctionData('setAddressFrozen', [input.holderAddress, input.frozen]),
        stored: { holderAddress: input.holderAddress, frozen: String(input.frozen) },
      };
    }
    case dtxTypes.freezePartial: {
      const input = parsed(dtxPartialFreezeDataSchema, txData);
      const name =
        input.action === 'freeze' ? 'freezePartialTokensByPartition' : 'unfreezePartialTokensByPartition';
      return {
        data: tokenV2Interface.encodeFunctionData(name, [
          partitionBytes(input.partition),
          input.holderAddress,
          BigInt(input.amount),
        ]),
        stored: input,
      };
    }
    case dtxTypes.recoverWallet: {
      const input = parsed(dtxRecoveryDataSchema, txData);
      return {
        data: tokenV2Interface.encodeFunctionData('recoveryAddress', [
          input.lostAddress,
          input.newAddress,
          '0x0000000000000000000000000000000000000000',
        ]),
        stored: input,
      };
    }
    default:
      throw new HttpError(400, m.txTypeInvalid);
  }
}

/** The lines of a chain error: ethers' short message, the revert reason and the node's message, deduplicated. */
export function chainErrorLines(error: unknown): string {
  const e = error as {
    shortMessage?: string;
    reason?: string | null;
    message?: string;
    info?: { error?: { message?: string } };
    error?: { message?: string };
  };
  const lines = [
    e.shortMessage,
    e.reason ? `reason: ${e.reason}` : undefined,
    e.info?.error?.message,
    e.error?.message,
  ]
    .filter((line): line is string => typeof line === 'string' && line.trim() !== '')
    .map((line) => line.trim());
  if (lines.length === 0) lines.push(e.message?.split('\n')[0] ?? String(error));
  return [...new Set(lines)].join('\n');
}
