import { keccak256, toUtf8Bytes } from 'ethers';

/**
 * Local mode's platform key: it deploys version 2's implementations and the factory, and owns the factory (registers
 * newer implementations). A key of its own, never a development account, so that its transactions never take a
 * nonce the demo, a developer's browser or a test is about to use. Its ETH is set by the embedded chain.
 */
export const localPlatformKey: string = keccak256(toUtf8Bytes('tranche: local platform key (token v2)'));
