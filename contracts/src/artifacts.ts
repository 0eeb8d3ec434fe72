import type { JsonFragment } from 'ethers';
import { distributorArtifact } from '../generated/Distributor.ts';
import { securitySchemeArtifact } from '../generated/SecurityScheme.ts';
import { securitySchemeV2Artifact } from '../generated/SecuritySchemeV2.ts';
import { securityTokenArtifact } from '../generated/SecurityToken.ts';
import { securityTokenV2Artifact } from '../generated/SecurityTokenV2.ts';
import { securityTokenV2AdminArtifact } from '../generated/SecurityTokenV2Admin.ts';
import { testStableTokenArtifact } from '../generated/TestStableToken.ts';
import { tokenFactoryArtifact } from '../generated/TokenFactory.ts';
import { whitelistArtifact } from '../generated/Whitelist.ts';
import { whitelistV2Artifact } from '../generated/WhitelistV2.ts';

export {
  distributorArtifact,
  securitySchemeArtifact,
  securitySchemeV2Artifact,
  securityTokenArtifact,
  securityTokenV2AdminArtifact,
  securityTokenV2Artifact,
  testStableTokenArtifact,
  tokenFactoryArtifact,
  whitelistArtifact,
  whitelistV2Artifact,
};

/**
 * The ABI of a version 2 token as its holders and the server see it (at the token's proxy address): the functions
 * of both halves, SecurityTokenV2 and SecurityTokenV2Admin (reached through the first's fallback), each event once.
 */
export const securityTokenV2Abi: readonly JsonFragment[] = [
  ...securityTokenV2Artifact.abi,
  // The balances half answers first at the proxy: the admin half adds what it does not have.
  ...securityTokenV2AdminArtifact.abi.filter(
    (entry) =>
      !securityTokenV2Artifact.abi.some(
        (core) => core.type === entry.type && 'name' in core && 'name' in entry && core.name === entry.name,
      ),
  ),
].filter((entry) => entry.type !== 'constructor' && entry.type !== 'fallback');

/**
 * A compiled contract as committed under contracts/generated/: the server registers it as a codebase and deploys
 * `bytecode` with ABI-encoded constructor arguments; nothing is compiled at runtime.
 */
export type ContractArtifact = {
  readonly contractName: string;
  readonly description: string;
  readonly abi: readonly JsonFragment[];
  readonly bytecode: `0x${string}`;
  readonly deployedBytecodeSize: number;
  /** sha256 of the canonical JSON of ABI and creation bytecode: identical sources always hash the same. */
  readonly hash: `0x${string}`;
};

/** Codebase types as the API numbers them. */
export const codebaseTypes = { token: 1, whitelist: 2, securityScheme: 3 } as const;
export type CodebaseType = (typeof codebaseTypes)[keyof typeof codebaseTypes];

/**
 * Codebases by type (1 tokens, 2 whitelists, 3 security schemes), oldest first: the last entry of a type is the
 * newest (the default for drafts).
 */
export const codebases = {
  1: [securityTokenArtifact],
  // Version 2 (records with an expiry, issue 36) is the newest: new whitelists get it; version 1 whitelists keep
  // working unchanged (an expiry is refused for them in words).
  2: [whitelistArtifact, whitelistV2Artifact],
  // Version 2 (two-step ownership) is the newest: new schemes get it; version 1 schemes keep working unchanged.
  3: [securitySchemeArtifact, securitySchemeV2Artifact],
} as const satisfies Record<CodebaseType, readonly ContractArtifact[]>;
