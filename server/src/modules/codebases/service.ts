import type { Codebase } from '@tranche/api';
import {
  type CodebaseType,
  type ContractArtifact,
  codebases,
  codebaseTypes,
  securityTokenV2Abi,
  securityTokenV2Artifact,
} from '@tranche/contracts';

/**
 * A token codebase: version 1 is deployed from its own bytecode (one contract per token); version 2 is a proxy the
 * platform's TokenFactory creates on the newest registered implementation (tokens/v2Platform.ts), so its artifact
 * is the implementation's balances half and `abi` is the token's ABI at its proxy (both halves).
 */
export type TokenCodebase = { version: 1 | 2; artifact: ContractArtifact; abi: ContractArtifact['abi'] };

/** Token codebases by id (position from 1): version 1, then version 2. */
const tokenCodebases: readonly TokenCodebase[] = [
  ...codebases[codebaseTypes.token].map((artifact) => ({ version: 1 as const, artifact, abi: artifact.abi })),
  {
    version: 2,
    artifact: {
      ...securityTokenV2Artifact,
      description:
        'Partitioned security token (ERC-1400) v2: upgradeable by its owner (ERC-1967 proxy from the platform factory), owner, whitelist and scheme replaceable',
    },
    abi: securityTokenV2Abi,
  },
];

/**
 * The token codebase new drafts get unless they choose another: version 1 until version 2 has passed the whole
 * suite of deployment, issuance, transfer and distribution tests as the default (contracts/README.md).
 */
export const defaultTokenCodebaseId = 1;

/**
 * Codebases are the compiled contracts of @tranche/contracts (and, for tokens, version 2 behind the factory). Their
 * ids are positions (from 1) in the list of their type, which only ever grows at the end: an id always names the
 * same contract. `default` marks the one a new draft is given.
 */
export function listCodebases(type: CodebaseType): Codebase[] {
  if (type === codebaseTypes.token) {
    return tokenCodebases.map((codebase, index) => ({
      id: index + 1,
      description: codebase.artifact.description,
      default: index + 1 === defaultTokenCodebaseId,
    }));
  }
  return codebases[type].map((artifact: ContractArtifact, index: number) => ({
    id: index + 1,
    description: artifact.description,
  }));
}

/** The token codebase of `id`, or undefined when there is none. */
export function tokenCodebaseOf(id: number): TokenCodebase | undefined {
  return Number.isInteger(id) && id >= 1 ? tokenCodebases[id - 1] : undefined;
}

/** The artifact of codebase `id` of `type`, or undefined when there is none. */
export function codebaseArtifact(type: CodebaseType, id: number): ContractArtifact | undefined {
  if (type === codebaseTypes.token) return tokenCodebaseOf(id)?.artifact;
  const list: readonly ContractArtifact[] = codebases[type];
  return Number.isInteger(id) && id >= 1 ? list[id - 1] : undefined;
}
