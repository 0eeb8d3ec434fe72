/** What other modules use of the tokens module: version 2's platform deployment and sharded-key operations. */
export { requireTokenV2Platform, tokenFactoryAddress, tokenV2Platform } from './v2Platform.ts';
export { prepareTokenV2 } from './v2Dtx.ts';
