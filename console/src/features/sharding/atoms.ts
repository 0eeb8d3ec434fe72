import type { ShardedKeyResult } from '@tranche/api';
import { atom } from 'jotai';

/**
 * Reshard info (part 2, section 3 'shared app state'): the new signers' PDFs answered by the approval that
 * completed a reshard. /ConfirmResharding reads it; kept in memory only (the PDFs never touch storage).
 */
export const reshardInfoAtom = atom<ShardedKeyResult | null>(null);

/**
 * Delays of part 2, section 9: the resharding request's alert hides after 3.7 s; the commit alert (key active) hides
 * after 4 s with the sharding page's return to its form; the confirmation page returns after 4 s.
 */
export const shardingAlertMs = 3700;
export const commitAlertMs = 4000;
export const shardingReturnMs = 4000;
