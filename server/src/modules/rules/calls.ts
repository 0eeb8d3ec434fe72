import { ZeroHash } from 'ethers';
import { countryBytes, partitionBytes, tokenInterface } from './token.ts';

/** A rule as setRules takes it, JSON-safe (a counting job keeps it in its payload). */
export type RuleCall = {
  /** ZeroHash for the whole token, else the partition's bytes32. */
  scope: string;
  maxHolders: number;
  lockupUntil: number;
  minHolding: string;
  maxHolding: string;
  /** 0 none, 1 allow-list, 2 deny-list. */
  countryMode: number;
  /** bytes2 hex codes. */
  countries: string[];
};

export type RuleInput = {
  partition: string;
  maxHolders?: number | undefined;
  lockupUntil?: number | undefined;
  minHolding?: string | undefined;
  maxHolding?: string | undefined;
  countries?: { mode: 'allow' | 'deny'; list: string[] } | undefined;
};

/** The setRules arguments of a PUT /token/rules body (omitted = off). */
export function ruleCall(input: RuleInput): RuleCall {
  const countries = input.countries;
  return {
    scope: input.partition === '' ? ZeroHash : partitionBytes(input.partition),
    maxHolders: input.maxHolders ?? 0,
    lockupUntil: input.lockupUntil ?? 0,
    minHolding: input.minHolding ?? '0',
    maxHolding: input.maxHolding ?? '0',
    countryMode: countries ? (countries.mode === 'allow' ? 1 : 2) : 0,
    countries: (countries?.list ?? []).map(countryBytes),
  };
}

/**
 * setRules(rule, holders): while rules are not on, a non-empty `holders` (strictly ascending) starts the holder
 * count from them (all of them switch rules on at once); an empty one starts the count only when none is open.
 */
export function setRulesData(rule: RuleCall, holders: string[]): string {
  return tokenInterface.encodeFunctionData('setRules', [
    rule.scope,
    rule.maxHolders,
    rule.lockupUntil,
    BigInt(rule.minHolding),
    BigInt(rule.maxHolding),
    rule.countryMode,
    rule.countries,
    holders,
  ]);
}

/** countHolders(holders): the next batch of an open count, strictly ascending above the last address counted. */
export function countHoldersData(holders: string[]): string {
  return tokenInterface.encodeFunctionData('countHolders', [holders]);
}
