export {
  PipelineError,
  type PipelineInput,
  type PipelineStep,
  type TxProgress,
  defaultGasPrice,
  gasMargin,
  pipelineMessages,
  pipelineSteps,
  runTransactionPipeline,
} from './pipeline.ts';
export { toWizard, type WizardView } from './wizard.ts';
