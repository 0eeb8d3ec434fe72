import type { Codebase } from '@tranche/api';
import { Select, TxWizard } from '@tranche/ui-kit';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { codebaseLabel } from '../../lib/codebases.ts';
import { renderRouterLink } from '../../lib/renderRouterLink.tsx';
import { useExplorerConfig, type WizardView } from './useDeployment.ts';

/** The progress of a wallet-signed contract deployment; Go back on error or refusal. */
export function DeploymentProgress({ view, onGoBack }: { view: WizardView; onGoBack: () => void }) {
  const explorer = useExplorerConfig();
  return (
    <TxWizard
      {...view}
      explorer={explorer}
      renderLink={renderRouterLink}
      onGoBack={view.state === 'error' || view.state === 'aborted' ? onGoBack : undefined}
    />
  );
}

/** The 'Smart contract' field of a deployment form: codebases shown as 'id - description'. */
export function CodebaseField<Values extends FieldValues>({
  control,
  name,
  codebases,
  error,
}: {
  control: Control<Values>;
  name: Path<Values>;
  codebases: readonly Codebase[];
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label="Smart contract"
          placeholder="Select a smart contract"
          options={codebases.map((c) => ({ value: String(c.id), label: codebaseLabel(c) }))}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  );
}
