import type { AppConfig } from '@tranche/api';
import { atom } from 'jotai';
import { loadable } from 'jotai/utils';
import { api } from '../../lib/api.ts';

/** What the server says about itself (GET /config): chain id, local mode, dev chain RPC, explorer templates. */
export const appConfigAtom = atom<Promise<AppConfig>>(async () => api.call('config'));

/** The config without suspending: `{state: 'loading' | 'hasData' | 'hasError'}`. */
export const appConfigLoadableAtom = loadable(appConfigAtom);
