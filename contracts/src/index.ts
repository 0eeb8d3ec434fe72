export {
  codebases,
  codebaseTypes,
  securitySchemeArtifact,
  securityTokenArtifact,
  whitelistArtifact,
} from './artifacts.ts';
export type { CodebaseType, ContractArtifact } from './artifacts.ts';
export {
  gasMargin,
  issueBatchSize,
  measuredGas,
  safeBatchSize,
  txGasCap,
  whitelistBatchSize,
} from './batchSize.ts';
export type { BatchSizeInput, GasReport } from './batchSize.ts';
export { devAccountKeys, devChainId, devMnemonic, startDevChain } from './devChain.ts';
export type { DevChain, DevChainOptions } from './devChain.ts';
export { fromBytes32Name, toBytes32Name } from './names.ts';
export { revertReasons } from './reasons.ts';
export type { RevertReason } from './reasons.ts';
