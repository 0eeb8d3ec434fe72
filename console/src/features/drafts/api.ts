import type { Codebase, Draft, WhitelistListItem } from '@tranche/api';
import { api } from '../../lib/api.ts';
import { codebaseTypes } from '../../lib/codebases.ts';
import { useLoad } from '../../lib/useLoad.ts';

export type Loaded<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

/** The shared loader in the shape the draft pages read: data, error, loading, reload. */
function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Loaded<T> {
  const { state, reload } = useLoad(load, deps);
  return {
    data: state.status === 'ready' ? state.data : undefined,
    error: state.status === 'error' ? state.error : null,
    loading: state.status === 'loading',
    reload,
  };
}

/** Token codebases, oldest first (the last is the newest, preselected). */
export function useTokenCodebases(): Loaded<Codebase[]> {
  return useLoaded(
    (signal) => api.call('listCodebases', { params: { type: codebaseTypes.token }, signal }),
    [],
  );
}

export function useWhitelists(): Loaded<WhitelistListItem[]> {
  return useLoaded((signal) => api.call('listWhitelists', { signal }), []);
}

export function useDraft(symbol: string): Loaded<Draft> {
  return useLoaded((signal) => api.call('getDraft', { params: { symbol }, signal }), [symbol]);
}

export function fetchDraft(symbol: string, signal?: AbortSignal): Promise<Draft> {
  return api.call('getDraft', { params: { symbol }, signal });
}
