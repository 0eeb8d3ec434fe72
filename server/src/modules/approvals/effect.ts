import { dtxTypes, formatAmount } from '@tranche/api';

/** 1234567n → '1,234,567': the one amount formatter (tokens have no decimals). */
const groupDigits = (value: bigint): string => formatAmount(value);

/** '0x1234567890abcdef…' → '0x1234…cdef'. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
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
      return `Issue ${groupDigits(amount)} ${symbol} to ${shortAddress(holder)}${name} on partition ${input.partitionName}: ${figures(input, amount)}`;
    }
    case dtxTypes.redeem: {
      const held = input.partyBalances.get(input.partitionHex) ?? 0n;
      const shortfall = held < amount ? ` (the key holds ${groupDigits(held)} there)` : '';
      return `Redeem ${groupDigits(amount)} ${symbol} from ${shortAddress(input.keyAddress)} on partition ${input.partitionName}${shortfall}: ${figures(input, -amount)}`;
    }
    case dtxTypes.pause:
      return `Pause trading of ${symbol}: transfers, issuance and redemption stop until it is resumed; total supply ${groupDigits(input.supply)}, holders ${input.holders}`;
    case dtxTypes.resume:
      return `Resume trading of ${symbol}: transfers, issuance and redemption are allowed again; total supply ${groupDigits(input.supply)}, holders ${input.holders}`;
    case dtxTypes.reshard:
      return `Reshard key ${input.keyName} (${shortAddress(input.keyAddress)}) to ${String(input.txData.minimum ?? '?')} of ${String(input.txData.total ?? '?')} signers: ${String(input.txData.recipients ?? '')}`;
    default:
      return `Operation type ${input.txType}`;
  }
}
