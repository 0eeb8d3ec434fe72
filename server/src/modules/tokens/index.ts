/**
 * What other modules use of the tokens module: version 2's platform deployment and sharded-key operations, and its
 * enforcement (freezes, recoveries) at a block as the index holds it, and the checks and call data of one freeze
 * (the bulk module's freezes use them row by row).
 */
export { planEnforcement } from './enforcement.ts';
export { type EnforcementAt, enforcementAt, enforcementEvents } from './freezes.ts';
export { requireTokenV2Platform, tokenFactoryAddress, tokenV2Platform } from './v2Platform.ts';
export { prepareTokenV2 } from './v2Dtx.ts';
