import { type DependencyList, useCallback, useEffect, useState } from 'react';

export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Runs `load` on mount and whenever `deps` change; an older answer never overwrites a newer one
 * (the previous call is aborted). `reload` runs it again.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what `load` depends on.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}
