import type { JsonFragment } from 'ethers';
import { distributorArtifact } from '../generated/Distributor.ts';
import { securitySchemeArtifact } from '../generated/SecurityScheme.ts';
import { securityTokenArtifact } from '../generated/SecurityToken.ts';
import { testStableTokenArtifact } from '../generated/TestStableToken.ts';
import { whitelistArtifact } from '../generated/Whitelist.ts';

export {
  distributorArtifact,
  securitySchemeArtifact,
  securityTokenArtifact,
  testStableTokenArtifact,
  whitelistArtifact,
};

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
  2: [whitelistArtifact],
  3: [securitySchemeArtifact],
} as const satisfies Record<CodebaseType, readonly ContractArtifact[]>;
