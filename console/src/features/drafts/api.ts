import type { Codebase, Draft, WhitelistListItem } from '@tranche/api';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../app/api.ts';

export type Loaded<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

/** Runs `load` on mount (and on reload); keeps data, error and loading. */
function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what `load` depends on
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: null, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState({ data: undefined, error, loading: false }),
    );
    return () => controller.abort();
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** Token codebases, oldest first (the last is the newest, preselected). */
export function useTokenCodebases(): Loaded<Codebase[]> {
  return useLoad((signal) => api.call('listCodebases', { params: { type: 1 }, signal }), []);
}

export function useWhitelists(): Loaded<WhitelistListItem[]> {
  return useLoad((signal) => api.call('listWhitelists', { signal }), []);
}

export function useDraft(symbol: string): Loaded<Draft> {
  return useLoad((signal) => api.call('getDraft', { params: { symbol }, signal }), [symbol]);
}

export function fetchDraft(symbol: string, signal?: AbortSignal): Promise<Draft> {
  return api.call('getDraft', { params: { symbol }, signal });
}
