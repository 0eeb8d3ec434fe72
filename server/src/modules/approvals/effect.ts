import { dtxTypes, formatAmount } from '@tranche/api';
import { getAddress } from 'ethers';

/** 1234567n → '1,234,567': the one amount formatter (tokens have no decimals). */
export const groupDigits = (value: bigint): string => formatAmount(value);

/**
 * An address in full, checksummed (EIP-55), as the approver compares it with the one they expect: a shortened one
 * ('0x1234…cdef') hides the middle, which an address made to look alike differs in. Text that is not an address
 * stays as it is.
 */
export function fullAddress(address: string): string {
  try {
    return getAddress(address);
  } catch {
    return address;
  }
}

/** What an operation changes, with the figures it is computed from (read before it runs). */
export type EffectInput = {
  txType: number;
  txData: Record<string, unknown>;
  symbol: string | null;
  keyName: string;
  keyAddress: string;
  /** The partition's readable name. */
  partitionName: string;
  supply: bigint;
  holders: number;
  /** Issue: the recipient's balances in every partition; redeem: the key's. */
  partyBalances: Map<string, bigint>;
  /** The partition's bytes32 hex (the key of partyBalances). */
  partitionHex: string;
  /** The recipient's legal name, when the viewer may see investor data and a record names them. */
  legalName: string | null;
};

function total(balances: Map<string, bigint>): bigint {
  let sum = 0n;
  for (const value of balances.values()) sum += value;
  return sum;
}

function figures(input: EffectInput, delta: bigint): string {
  const before = total(input.partyBalances);
  const after = before + delta;
  const holdersAfter =
    input.holders + (before === 0n && after > 0n ? 1 : 0) - (before > 0n && after <= 0n ? 1 : 0);
  return `total supply ${groupDigits(input.supply)} → ${groupDigits(input.supply + delta)}; holders ${input.holders} → ${holdersAfter}`;
}

/** The decoded effect of a pending operation in words and numbers. */
export function describeEffect(input: EffectInput): string {
  const symbol = input.symbol ?? '';
  const amount = /^\d+$/.test(String(input.txData.amount ?? '')) ? BigInt(String(input.txData.amount)) : 0n;
  switch (input.txType) {
    case dtxTypes.issue: {
      const holder = String(input.txData.holderAddress ?? '');
      const name = input.legalName ? ` (${input.legalName})` : '';
      return `Issue ${groupDigits(amount)} ${symbol} to ${fullAddress(holder)}${name} on partition ${input.partitionName}: ${figures(input, amount)}`;
    }
    case dtxTypes.redeem: {
      const held = input.partyBalances.get(input.partitionHex) ?? 0n;
      const shortfall = held < amount ? ` (the key holds ${groupDigits(held)} there)` : '';
      return `Redeem ${groupDigits(amount)} ${symbol} from ${fullAddress(input.keyAddress)} on partition ${input.partitionName}${shortfall}: ${figures(input, -amount)}`;
    }
    case dtxTypes.pause:
      return `Pause trading of ${symbol}: transfers, issuance and redemption stop until it is resumed; total supply ${groupDigits(input.supply)}, holders ${input.holders}`;
    case dtxTypes.resume:
      return `Resume trading of ${symbol}: transfers, issuance and redemption are allowed again; total supply ${groupDigits(input.supply)}, holders ${input.holders}`;
    case dtxTypes.reshard:
      return `Reshard key ${input.keyName} (${fullAddress(input.keyAddress)}) to ${String(input.txData.minimum ?? '?')} of ${String(input.txData.total ?? '?')} signers: ${String(input.txData.recipients ?? '')}`;
    case dtxTypes.upgrade: {
      const implementation = fullAddress(String(input.txData.implementation ?? ''));
      const kept = `total supply ${groupDigits(input.supply)} and ${input.holders} holders with their history stay as they are`;
      return input.txData.step === 'upgrade'
        ? `Upgrade ${symbol} to implementation ${implementation} (its upgrade was scheduled and its delay has passed): ${kept}`
        : `Schedule the upgrade of ${symbol} to implementation ${implementation}: it can be carried out once the owner's upgrade delay has passed; ${kept}`;
    }
    case dtxTypes.proposeOwner:
      return `Propose ${fullAddress(String(input.txData.newOwner ?? ''))} as the new owner of ${symbol}: it takes the token over when it accepts; until then ${fullAddress(input.keyAddress)} stays the owner`;
    case dtxTypes.acceptOwner:
      return `Accept the ownership of ${symbol}: ${fullAddress(input.keyAddress)} becomes its owner (upgrades, documents, whitelist and scheme)`;
    case dtxTypes.replaceWhitelist:
      return `Replace the whitelist of ${symbol} with ${fullAddress(String(input.txData.whitelistAddress ?? ''))}: receivers are checked against it from the next transfer; holders ${input.holders}`;
    case dtxTypes.replaceScheme:
      return `Replace the security scheme of ${symbol} with ${fullAddress(String(input.txData.securitySchemeAddress ?? ''))}: issuing, redeeming, pausing and rules are decided by its roles from the next call`;
    case dtxTypes.freezeAddress: {
      const holder = fullAddress(String(input.txData.holderAddress ?? ''));
      const who = input.legalName ? `${input.legalName} (${holder})` : holder;
      return input.txData.frozen === true || input.txData.frozen === 'true'
        ? `Freeze ${who} on ${symbol}: it can neither send nor receive until it is unfrozen; it holds ${groupDigits(total(input.partyBalances))}`
        : `Unfreeze ${who} on ${symbol}: it can send and receive again`;
    }
    case dtxTypes.freezePartial: {
      const holder = fullAddress(String(input.txData.holderAddress ?? ''));
      const who = input.legalName ? `${input.legalName} (${holder})` : holder;
      const held = input.partyBalances.get(input.partitionHex) ?? 0n;
      const verb = input.txData.action === 'unfreeze' ? 'Unfreeze' : 'Freeze';
      return `${verb} ${groupDigits(amount)} of ${input.partitionName} held by ${who} on ${symbol} (it holds ${groupDigits(held)} there)`;
    }
    case dtxTypes.recoverWallet: {
      const lost = fullAddress(String(input.txData.lostAddress ?? ''));
      const next = fullAddress(String(input.txData.newAddress ?? ''));
      const whose = input.legalName ? `${input.legalName}'s wallet` : 'the lost wallet';
      return `Recover ${whose} ${lost} to ${next} on ${symbol}: its ${groupDigits(total(input.partyBalances))} tokens, frozen amounts and freeze move; the lost wallet is refused for ever`;
    }
    default:
      return `Operation type ${input.txType}`;
  }
}
