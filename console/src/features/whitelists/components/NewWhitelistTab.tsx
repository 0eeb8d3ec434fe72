import { type Codebase, type SchemeListItem, whitelistFormSchema } from '@tranche/api';
import { Button, Select, Stack, TextField } from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { api } from '../../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { CodebaseField, DeploymentProgress, reloadDelayMs, useDeployment } from '../../permissions/index.ts';
import { useWallet } from '../../wallet/index.ts';

/** Tab 'New Whitelist': the wallet step, then the deployment wizard with a Go Back button. */
export function NewWhitelistTab({ onDeployed }: { onDeployed: () => Promise<void> }) {
  const wallet = useWallet();
  const { view, setView, deploy } = useDeployment();
  const [codebases, setCodebases] = useState<Codebase[]>([]);
  const [schemes, setSchemes] = useState<SchemeListItem[]>([]);
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(whitelistFormSchema, {
    defaultValues: { whitelistName: '', ownerAddress: '', securitySchemeAddress: '', codebaseId: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    Promise.all([api.call('listCodebases', { params: { type: 2 } }), api.call('listSchemes')])
      .then(([codebaseList, schemeList]) => {
        setCodebases(codebaseList);
        setSchemes(schemeList);
        const newest = codebaseList.at(-1);
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
          (await api.call('whitelistDeployTx', { body: { txMode: 1, accountAddress, ...values } })).txData,
        kind: 'whitelist',
        register: async (whitelistAddress, transactionHash) => {
          await api.call('registerWhitelist', {
            body: {
              whitelistAddress,
              whitelistName: values.whitelistName,
              securitySchemeAddress: values.securitySchemeAddress,
              codebaseId: values.codebaseId,
              ...(transactionHash ? { transactionHash } : {}),
            },
          });
        },
      });
      if (contract) {
        await onDeployed();
        setTimeout(() => {
          form.reset({
            whitelistName: '',
            ownerAddress: wallet?.address ?? '',
            securitySchemeAddress: '',
            codebaseId: form.getValues('codebaseId'),
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
    <form onSubmit={submit} noValidate aria-label="New Whitelist">
      <Stack space="medium">
        <ErrorAlert error={error} />
        <TextField label="Name" error={errors.whitelistName?.message} {...form.register('whitelistName')} />
        <Controller
          control={form.control}
          name="securitySchemeAddress"
          render={({ field }) => (
            <Select
              label="Security scheme"
              placeholder="Select a security scheme"
              options={schemes.map((s) => ({ value: s.securitySchemeAddress, label: s.schemeName }))}
              value={String(field.value ?? '')}
              onChange={field.onChange}
              error={errors.securitySchemeAddress?.message}
            />
          )}
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
          Deploy
        </Button>
      </Stack>
    </form>
  );
}
