import type { Codebase } from '@tranche/api';
import { Button, Stack, TextField } from '@tranche/ui-kit';
import { type ReactNode, useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { ErrorAlert, type SubmitForm, useSubmitForm } from '../forms/index.ts';
import { useWallet } from '../wallet/index.ts';
import { CodebaseField, DeploymentProgress } from './DeploymentParts.tsx';
import { reloadDelayMs, useDeployment, type WizardView } from './useDeployment.ts';

/** The fields every contract deployment form has (as entered): the smart contract (codebase) and the owner. */
type DeployValues = { codebaseId: string; ownerAddress: string };
type DeploySchema = z.ZodType<FieldValues, FieldValues>;

export type DeployForm<Schema extends DeploySchema> = SubmitForm<Schema> & {
  view: WizardView | null;
  setView: (view: WizardView | null) => void;
  codebases: Codebase[];
};

/**
 * A wallet-signed deployment form (new permissions scheme, new whitelist): loads the codebases of its type and
 * picks the newest, fills the owner with the connected wallet, deploys through the transaction pipeline, registers
 * the contract, reloads the list (`reloadAt`: once mined, or with the reset) and resets the form after 3 s.
 */
export function useDeployForm<Schema extends DeploySchema>(options: {
  schema: Schema;
  defaultValues: DefaultValues<z.input<Schema>> & DeployValues;
  /** The codebase type of the contract (listCodebases `type`). */
  codebaseType: number;
  /** What is registered ('scheme', 'whitelist'), for 'Failed to register the …'. */
  kind: string;
  build: (values: z.output<Schema>, accountAddress: string) => Promise<{ from: string; data: string }>;
  register: (
    values: z.output<Schema>,
    contractAddress: string,
    registration: { transactionHash?: string },
  ) => Promise<void>;
  onDeployed: () => Promise<void>;
  reloadAt: 'mined' | 'reset';
}): DeployForm<Schema> {
  const wallet = useWallet();
  const { view, setView, deploy } = useDeployment();
  const [codebases, setCodebases] = useState<Codebase[]>([]);
  const submit = useSubmitForm(options.schema, { defaultValues: options.defaultValues }, async (values) => {
    const contract = await deploy({
      build: (accountAddress) => options.build(values, accountAddress),
      kind: options.kind,
      register: (contractAddress, transactionHash) =>
        options.register(values, contractAddress, transactionHash ? { transactionHash } : {}),
    });
    if (!contract) return;
    if (options.reloadAt === 'mined') await options.onDeployed();
    setTimeout(() => {
      if (options.reloadAt === 'reset') void options.onDeployed();
      fields.reset({
        ...options.defaultValues,
        codebaseId: fields.getValues('codebaseId'),
        ownerAddress: wallet?.address ?? '',
      });
      setView(null);
    }, reloadDelayMs);
  });
  const fields = submit.form as unknown as UseFormReturn<DeployValues>;
  const { setError } = submit;

  useEffect(() => {
    api
      .call('listCodebases', { params: { type: options.codebaseType } })
      .then((list) => {
        setCodebases(list);
        const newest = list.at(-1);
        // Validated as it is set: a Save pressed before the list came must not leave 'required' under a filled field.
        if (newest && !fields.getValues('codebaseId'))
          fields.setValue('codebaseId', String(newest.id), { shouldValidate: fields.formState.isSubmitted });
      })
      .catch(setError);
  }, [options.codebaseType, fields, setError]);
  useEffect(() => {
    if (wallet?.address && !fields.getValues('ownerAddress')) fields.setValue('ownerAddress', wallet.address);
  }, [wallet?.address, fields]);

  return { ...submit, view, setView, codebases };
}

/** The deployment form: its own fields first, then smart contract, owner and submit; the wizard while deploying. */
export function DeployFormView<Schema extends DeploySchema>({
  deployForm,
  label,
  submitLabel,
  children,
}: {
  deployForm: DeployForm<Schema>;
  label: string;
  submitLabel: string;
  /** The fields before the smart contract. */
  children: ReactNode;
}) {
  const { view, setView, codebases, error, handleSubmit } = deployForm;
  const fields = deployForm.form as unknown as UseFormReturn<DeployValues>;
  const { errors, isSubmitting } = fields.formState;
  if (view) {
    return <DeploymentProgress view={view} onGoBack={() => setView(null)} />;
  }
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label}>
      <Stack space="medium">
        <ErrorAlert error={error} />
        {children}
        <CodebaseField
          control={fields.control}
          name="codebaseId"
          codebases={codebases}
          error={errors.codebaseId?.message}
        />
        <TextField
          label="Owner"
          placeholder="0x..."
          error={errors.ownerAddress?.message}
          {...fields.register('ownerAddress')}
        />
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
