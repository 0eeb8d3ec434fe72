/**
 * The browser-safe part of the package (no Node built-ins): artifacts, codebases, revert reasons and the decoding of
 * revert data, bytes32 names and batch sizing, distribution trees. The console imports `@tranche/contracts/browser`; Node code may import `@tranche/contracts`.
 */
export {
  codebases,
  codebaseTypes,
  distributorArtifact,
  securitySchemeArtifact,
  securitySchemeV2Artifact,
  securityTokenArtifact,
  securityTokenV2AdminArtifact,
  securityTokenV2Artifact,
  securityTokenV2Abi,
  testStableTokenArtifact,
  tokenFactoryArtifact,
  whitelistArtifact,
  whitelistV2Artifact,
} from './artifacts.ts';
export type { CodebaseType, ContractArtifact } from './artifacts.ts';
export {
  gasMargin,
  issueBatchSize,
  measuredGas,
  safeBatchSize,
  txGasCap,
  whitelistBatchSize,
  whitelistV2BatchSize,
} from './batchSize.ts';
export type { BatchSizeInput, GasReport } from './batchSize.ts';
export { decodeRevertData } from './errors.ts';
export type { DecodedRevert } from './errors.ts';
export { fromBytes32Name, toBytes32Name } from './names.ts';
export { revertReasons, transferRefusalWords } from './reasons.ts';
export { minedReceipt } from './receipts.ts';
export type { RevertReason } from './reasons.ts';
export {
  allocate,
  keccakReady,
  MerkleTree,
  distributionId,
  paymentLeafEncoding,
  paymentProof,
  paymentTree,
  pushBatch,
  registerLeafEncoding,
  registerRoot,
  registerTree,
  termsTuple,
} from './distribution.ts';
export type { Allocation, AllocationInput, DistributionTerms, Payment, RegisterRow } from './distribution.ts';
