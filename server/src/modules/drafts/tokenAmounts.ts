import { encodeBytes32String } from 'ethers';

/** The partition a draft's investors are issued into. */
export const draftPartitionName = 'default';
export const draftPartition = encodeBytes32String(draftPartitionName);
