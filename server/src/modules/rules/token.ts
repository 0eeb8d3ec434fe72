import type { Rule } from '@tranche/api';
import { fromBytes32Name, securityTokenArtifact } from '@tranche/contracts';
import { Contract, Interface } from 'ethers';
import type { AppContext } from '../../context.ts';
import { requireDeployed } from '../projects/service.ts';
import { partitionBytes } from '../dtx/index.ts';

/** A partition by name (at most 31 bytes) or bytes32 hex, as the dtx module reads it. */
export { partitionBytes };

/** What the rules module reads and words from a token contract (rules, partitions, countries). */
export type Ctx = Pick<AppContext, 'db' | 'chain' | 'masterKey' | 'caches'>;
export const tokenInterface = new Interface(securityTokenArtifact.abi);

export function partitionName(bytes: string): string {
  try {
    return fromBytes32Name(bytes);
  } catch {
    return bytes;
  }
}

export const countryText = (bytes2: string) =>
  bytes2 === '0x0000' ? '' : Buffer.from(bytes2.slice(2), 'hex').toString('latin1');
export const countryBytes = (code: string) => `0x${Buffer.from(code, 'latin1').toString('hex')}`;

export async function loadToken(ctx: Ctx, symbol: string) {
  const project = await requireDeployed(ctx, symbol);
  const token = new Contract(project.contractAddress, securityTokenArtifact.abi, ctx.chain.provider);
  return { project, token };
}

/** Whether the token's contract answers the view `name` (a codebase deployed before it existed does not). */
async function answers(token: Contract, name: string): Promise<boolean> {
  try {
    await token.getFunction(name)();
    return true;
  } catch {
    return false;
  }
}

/** Whether the token's codebase has rules (tokens deployed before issue 22 do not). */
export const supportsRules = (token: Contract) => answers(token, 'rulesActive');

/** Whether it counts holders in batches while rules switch on (countHolders; earlier rule codebases do not). */
export const countsInBatches = (token: Contract) => answers(token, 'holderCountingState');

export type RawRule = [[bigint, bigint, bigint, bigint, bigint, bigint], string[]];
export function ruleView([rule, countries]: RawRule): Rule {
  const [maxHolders, holders, lockupUntil, countryMode, minHolding, maxHolding] = rule;
  return {
    maxHolders: Number(maxHolders),
    holders: Number(holders),
    lockupUntil: Number(lockupUntil),
    minHolding: minHolding.toString(),
    maxHolding: maxHolding.toString(),
    countries:
      countryMode === 0n
        ? null
        : { mode: countryMode === 1n ? 'allow' : 'deny', list: countries.map(countryText) },
  };
}
export const emptyRule: Rule = {
  maxHolders: 0,
  holders: 0,
  lockupUntil: 0,
  minHolding: '0',
  maxHolding: '0',
  countries: null,
};

/** The revert reason of an ethers error, or its message. */
export function revertReason(error: unknown): string {
  const e = error as { reason?: string; shortMessage?: string; message?: string };
  return e.reason ?? e.shortMessage ?? e.message ?? String(error);
}
