import type { ProjectDetail } from '@tranche/api';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';

export type TokenLoad =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; token: ProjectDetail };

/** GET /projects/{code}, with a reload for after each transaction. */
export function useTokenDetail(symbol: string) {
  const [load, setLoad] = useState<TokenLoad>({ status: 'loading' });
  const reload = useCallback(async () => {
    try {
      const token = await api.call('getProject', { params: { code: symbol } });
      setLoad({ status: 'ready', token });
    } catch (error) {
      setLoad({ status: 'error', error });
    }
  }, [symbol]);
  useEffect(() => {
    setLoad({ status: 'loading' });
    void reload();
  }, [reload]);
  return { load, reload };
}
