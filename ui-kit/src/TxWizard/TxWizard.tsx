import type { ReactNode } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import { ExplorerLink } from '../ExplorerLink/ExplorerLink.tsx';
import type { ExplorerConfig } from '../ExplorerLink/explorerHref.ts';
import type { RenderLink } from '../Link/Link.tsx';
import { ProgressBar } from '../ProgressBar/ProgressBar.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';
import { deploymentProgress, type DeploymentProgressInput } from './deploymentProgress.ts';
import * as styles from './TxWizard.css.ts';

export const txWizardStates = ['submitting', 'submitted', 'mined', 'error', 'aborted'] as const;
export type TxWizardState = (typeof txWizardStates)[number];

export const txWizardTexts = {
  submittingTitle: 'Submitting the transaction',
  submittingText: 'Confirm the transaction in your wallet and wait while it is submitted.',
  submittedTitle: 'Transaction submitted',
  submittedText: 'Your transaction was submitted to the network. Transaction hash:',
  minedTitle: 'Transaction mined',
  minedText: 'Your transaction was mined. Transaction hash:',
  blockNumber: 'Block number',
  errorTitle: 'Error',
  abortedTitle: 'Transaction aborted.',
  abortedText: 'Your transaction was cancelled because you refused to sign it and nothing was submitted.',
  continue: 'Sounds good. Continue.',
  goBack: 'Go back',
} as const;

export type TxWizardProps = {
  state: TxWizardState;
  hash?: string;
  blockNumber?: number;
  /** The error text (e.g. 'Invalid inputs.', 'Failed to get the nonce.'). */
  errorMessage?: string;
  explorer: ExplorerConfig;
  renderLink?: RenderLink;
  /** Shown as 'Sounds good. Continue.' once submitted or mined. */
  onContinue?: () => void;
  /** Shown as 'Go back' on error and abort. */
  onGoBack?: () => void;
  /** A deployment's step progress bar under the status (drafts, whitelists). */
  progress?: DeploymentProgressInput;
};

/** The transaction progress of a token operation or deployment (part 1 section 4). */
export function TxWizard({
  state,
  hash,
  blockNumber,
  errorMessage,
  explorer,
  renderLink,
  onContinue,
  onGoBack,
  progress,
}: TxWizardProps) {
  const hashLink = hash ? (
    <ExplorerLink kind="tx" value={hash} explorer={explorer} renderLink={renderLink} />
  ) : null;
  const continueButton = onContinue ? <Button onClick={onContinue}>{txWizardTexts.continue}</Button> : null;
  const goBackButton = onGoBack ? (
    <Button variant="secondary" onClick={onGoBack}>
      {txWizardTexts.goBack}
    </Button>
  ) : null;

  let body: ReactNode;
  switch (state) {
    case 'submitting':
      body = (
        <Alert tone="primary" title={txWizardTexts.submittingTitle}>
          <span className={styles.row}>
            <Spinner decorative />
            {txWizardTexts.submittingText}
          </span>
        </Alert>
      );
      break;
    case 'submitted':
      body = (
        <Alert tone="primary" title={txWizardTexts.submittedTitle} actions={continueButton}>
          <Stack space="xsmall">
            <Text>{txWizardTexts.submittedText}</Text>
            {hashLink}
          </Stack>
        </Alert>
      );
      break;
    case 'mined':
      body = (
        <Alert tone="success" title={txWizardTexts.minedTitle} actions={continueButton}>
          <Stack space="xsmall">
            <Text>{txWizardTexts.minedText}</Text>
            {hashLink}
            {blockNumber !== undefined ? (
              <Text>
                {txWizardTexts.blockNumber}:{' '}
                <ExplorerLink
                  kind="block"
                  value={String(blockNumber)}
                  explorer={explorer}
                  renderLink={renderLink}
                />
              </Text>
            ) : null}
          </Stack>
        </Alert>
      );
      break;
    case 'error':
      body = (
        <Alert tone="danger" title={txWizardTexts.errorTitle} actions={goBackButton}>
          {errorMessage}
        </Alert>
      );
      break;
    case 'aborted':
      body = (
        <Alert tone="warning" title={txWizardTexts.abortedTitle} actions={goBackButton}>
          {txWizardTexts.abortedText}
        </Alert>
      );
      break;
  }
  return (
    <div className={styles.wizard} aria-live="polite">
      {progress ? <ProgressBar label="Deployment progress" value={deploymentProgress(progress)} /> : null}
      {body}
    </div>
  );
}
