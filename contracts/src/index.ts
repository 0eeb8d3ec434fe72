export * from './browser.ts';
export { devAccountKeys, devChainId, devMnemonic, startDevChain } from './devChain.ts';
export type { DevChain, DevChainOptions } from './devChain.ts';
