import type { TokenHistoryRange } from '@tranche/api';
import { atom } from 'jotai';

/**
 * The range chosen in the dashboard's "Supply and holders over time". An atom rather than the chart's state: the
 * dashboard mounts again with each new indexed block, and a choice must outlive that.
 */
export const supplyHistoryRangeAtom = atom<TokenHistoryRange>('30d');
