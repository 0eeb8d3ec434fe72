import type { PrecheckRequest, PrecheckResult } from '@tranche/api';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';

export type PrecheckState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; result: PrecheckResult }
  | { status: 'error' };

const idle: PrecheckState = { status: 'idle' };
const checking: PrecheckState = { status: 'checking' };

/**
 * Runs POST /token/precheck for `body` (null while the form is incomplete), a moment after it last changed, so
 * the form says whether the operation would pass before anything is signed. An answer counts only for the values
 * it was asked about: until the check of the current values answers, the state is 'checking' (issue 34: an action
 * clicked before the answer must not go ahead on an older one).
 */
export function usePrecheck(body: PrecheckRequest | null, delayMs = 300): PrecheckState {
  const [answer, setAnswer] = useState<{ key: string; state: PrecheckState }>({ key: '', state: idle });
  const key = body ? JSON.stringify(body) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the body is keyed by its JSON text
  useEffect(() => {
    if (!body) return;
    let current = true;
    const timer = setTimeout(() => {
      api
        .call('precheckOperation', { body })
        .then((result) => {
          if (current) setAnswer({ key, state: { status: 'done', result } });
        })
        .catch(() => {
          if (current) setAnswer({ key, state: { status: 'error' } });
        });
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, delayMs]);
  if (!body) return idle;
  return answer.key === key ? answer.state : checking;
}
