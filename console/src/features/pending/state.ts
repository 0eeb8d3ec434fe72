import { atom } from 'jotai';

/**
 * Bumped after every approve or abort (wherever it happened: the dropdown, /Approvals), so the '{n} Transactions'
 * count refreshes at once instead of at its next 15 s tick.
 */
export const pendingChangedAtom = atom(0);
