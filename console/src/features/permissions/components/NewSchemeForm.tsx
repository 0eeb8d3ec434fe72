import { type Codebase, schemeFormSchema } from '@tranche/api';
import { Button, Stack, TextField } from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { useWallet } from '../../wallet/index.ts';
import { CodebaseField, DeploymentProgress } from '../DeploymentParts.tsx';
import { reloadDelayMs, useDeployment } from '../useDeployment.ts';

/** Tab 'New permissions scheme' (new): name, smart contract, owner; Save deploys and registers the scheme. */
export function NewSchemeForm({ onDeployed }: { onDeployed: () => Promise<void> }) {
  const wallet = useWallet();
  const { view, setView, deploy } = useDeployment();
  const [codebases, setCodebases] = useState<Codebase[]>([]);
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(schemeFormSchema, {
    defaultValues: { schemeName: '', codebaseId: '', ownerAddress: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    api
      .call('listCodebases', { params: { type: 3 } })
      .then((list) => {
        setCodebases(list);
        const newest = list.at(-1);
        if (newest && !form.getValues('codebaseId')) form.setValue('codebaseId', String(newest.id));
      })
      .catch(setError);
  }, [form]);
  useEffect(() => {
    if (wallet?.address && !form.getValues('ownerAddress')) form.setValue('ownerAddress', wallet.address);
  }, [wallet?.address, form]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const contract = await deploy({
        build: async (accountAddress) =>
          (
            await api.call('rbacDeployTx', {
              body: { txMode: 1, accountAddress, ...values },
            })
          ).txData,
        kind: 'scheme',
        register: async (securitySchemeAddress, transactionHash) => {
          await api.call('registerScheme', {
            body: {
              securitySchemeAddress,
              schemeName: values.schemeName,
              codebaseId: values.codebaseId,
              ...(transactionHash ? { transactionHash } : {}),
            },
          });
        },
      });
      if (contract) {
        setTimeout(() => {
          void onDeployed();
          form.reset({
            schemeName: '',
            codebaseId: form.getValues('codebaseId'),
            ownerAddress: wallet?.address ?? '',
          });
          setView(null);
        }, reloadDelayMs);
      }
    } catch (failure) {
      setError(failure);
    }
  });

  if (view) {
    return <DeploymentProgress view={view} onGoBack={() => setView(null)} />;
  }
  return (
    <form onSubmit={submit} noValidate aria-label="New permissions scheme">
      <Stack space="medium">
        <ErrorAlert error={error} />
        <TextField
          label="Name"
          placeholder="My permissions scheme"
          error={errors.schemeName?.message}
          {...form.register('schemeName')}
        />
        <CodebaseField
          control={form.control}
          name="codebaseId"
          codebases={codebases}
          error={errors.codebaseId?.message}
        />
        <TextField
          label="Owner"
          placeholder="0x..."
          error={errors.ownerAddress?.message}
          {...form.register('ownerAddress')}
        />
        <Button type="submit" loading={isSubmitting}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
