import { type SchemeListItem, whitelistFormSchema } from '@tranche/api';
import { Select, TextField } from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { api } from '../../../lib/api.ts';
import { DeployFormView, useDeployForm } from '../../permissions/index.ts';

/** Tab 'New Whitelist': the wallet step, then the deployment wizard with a Go Back button. */
export function NewWhitelistTab({ onDeployed }: { onDeployed: () => Promise<void> }) {
  const [schemes, setSchemes] = useState<SchemeListItem[]>([]);
  const deployForm = useDeployForm({
    schema: whitelistFormSchema,
    defaultValues: { whitelistName: '', ownerAddress: '', securitySchemeAddress: '', codebaseId: '' },
    codebaseType: 2,
    kind: 'whitelist',
    build: async (values, accountAddress) =>
      (await api.call('whitelistDeployTx', { body: { txMode: 1, accountAddress, ...values } })).txData,
    register: async (values, whitelistAddress, registration) => {
      await api.call('registerWhitelist', {
        body: {
          whitelistAddress,
          whitelistName: values.whitelistName,
          securitySchemeAddress: values.securitySchemeAddress,
          codebaseId: values.codebaseId,
          ...registration,
        },
      });
    },
    onDeployed,
    reloadAt: 'mined',
  });
  const { form, setError } = deployForm;
  const { errors } = form.formState;

  useEffect(() => {
    api.call('listSchemes').then(setSchemes).catch(setError);
  }, [setError]);

  return (
    <DeployFormView deployForm={deployForm} label="New Whitelist" submitLabel="Deploy">
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
    </DeployFormView>
  );
}
