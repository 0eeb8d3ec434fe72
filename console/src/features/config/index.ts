export { Address, useAddressExplorer } from './Address.tsx';
export { appConfigAtom, appConfigLoadableAtom } from './atoms.ts';
export { useExplorer } from './useExplorer.ts';
export { UnconfirmedBadge } from './UnconfirmedBadge.tsx';
export { type ChainClock, chainClockOffset, dateTimeLocalValue, useChainClock } from './chainClock.ts';
