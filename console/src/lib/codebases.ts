import type { Codebase } from '@tranche/api';
import { api } from './api.ts';
import { useLoad } from './useLoad.ts';

/** Codebase types of GET /codebase/list/:type. */
export const codebaseTypes = { token: 1, whitelist: 2, scheme: 3 } as const;

/** How the spec shows a smart contract (codebase): 'id - description'. */
export function codebaseLabel(codebase: Codebase): string {
  return `${codebase.id} - ${codebase.description}`;
}

/** The codebase of `id` among `codebases` as 'id - description', or the bare id while they load. */
export function codebaseLabelOf(codebases: readonly Codebase[] | undefined, id: number | string): string {
  const found = codebases?.find((codebase) => String(codebase.id) === String(id));
  return found ? codebaseLabel(found) : String(id);
}

/** The codebases of one type, oldest first (the last is the newest). */
export function useCodebases(type: (typeof codebaseTypes)[keyof typeof codebaseTypes]) {
  return useLoad((signal) => api.call('listCodebases', { params: { type }, signal }), [type]);
}
