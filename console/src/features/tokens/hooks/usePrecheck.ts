import type { PrecheckRequest, PrecheckResult } from '@tranche/api';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';

export type PrecheckState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; result: PrecheckResult }
  | { status: 'error' };

/**
 * Runs POST /token/precheck for `body` (null while the form is incomplete), a moment after it last changed, so
 * the form says whether the operation would pass before anything is signed.
 */
export function usePrecheck(body: PrecheckRequest | null, delayMs = 300): PrecheckState {
  const [state, setState] = useState<PrecheckState>({ status: 'idle' });
  const key = body ? JSON.stringify(body) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the body is keyed by its JSON text
  useEffect(() => {
    if (!body) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'checking' });
    const timer = setTimeout(() => {
      api
        .call('precheckOperation', { body })
        .then((result) => {
          if (current) setState({ status: 'done', result });
        })
        .catch(() => {
          if (current) setState({ status: 'error' });
        });
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, delayMs]);
  return state;
}
