import type { TxWizardState } from '@tranche/ui-kit';
import type { TxProgress } from './pipeline.ts';

/** What a TxWizard shows of a transaction going through the pipeline. */
export type WizardView = { state: TxWizardState; hash?: string; blockNumber?: number; errorMessage?: string };

/** The TxWizard view of a pipeline progress step. */
export function toWizard(progress: TxProgress): WizardView {
  switch (progress.state) {
    case 'submitting':
      return { state: 'submitting' };
    case 'submitted':
      return { state: 'submitted', hash: progress.hash };
    case 'mined':
      return { state: 'mined', hash: progress.hash, blockNumber: progress.blockNumber };
    default:
      return { state: progress.state, errorMessage: progress.message };
  }
}
