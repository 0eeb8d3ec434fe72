/**
 * What other modules use of the tokens module: version 2's platform deployment and sharded-key operations, and its
 * enforcement (freezes, recoveries) at a block as the index holds it.
 */
export { type EnforcementAt, enforcementAt, enforcementEvents } from './freezes.ts';
export { requireTokenV2Platform, tokenFactoryAddress, tokenV2Platform } from './v2Platform.ts';
export { prepareTokenV2 } from './v2Dtx.ts';
