import { type CodebaseType, type ContractArtifact, codebases } from '@tranche/contracts';
import type { Codebase } from '@tranche/api';

/**
 * Codebases are the compiled contracts of @tranche/contracts. Their ids are positions (from 1) in the list of their
 * type, which only ever grows at the end: an id always names the same contract, the newest is last.
 */
export function listCodebases(type: CodebaseType): Codebase[] {
  return codebases[type].map((artifact: ContractArtifact, index: number) => ({
    id: index + 1,
    description: artifact.description,
  }));
}

/** The artifact of codebase `id` of `type`, or undefined when there is none. */
export function codebaseArtifact(type: CodebaseType, id: number): ContractArtifact | undefined {
  const list: readonly ContractArtifact[] = codebases[type];
  return Number.isInteger(id) && id >= 1 ? list[id - 1] : undefined;
}
