import { schemeFormSchema } from '@tranche/api';
import { TextField } from '@tranche/ui-kit';
import { api } from '../../../lib/api.ts';
import { DeployFormView, useDeployForm } from '../DeployForm.tsx';

/** Tab 'New permissions scheme' (new): name, smart contract, owner; Save deploys and registers the scheme. */
export function NewSchemeForm({ onDeployed }: { onDeployed: () => Promise<void> }) {
  const deployForm = useDeployForm({
    schema: schemeFormSchema,
    defaultValues: { schemeName: '', codebaseId: '', ownerAddress: '' },
    codebaseType: 3,
    kind: 'scheme',
    build: async (values, accountAddress) =>
      (await api.call('rbacDeployTx', { body: { txMode: 1, accountAddress, ...values } })).txData,
    register: async (values, securitySchemeAddress, registration) => {
      await api.call('registerScheme', {
        body: {
          securitySchemeAddress,
          schemeName: values.schemeName,
          codebaseId: values.codebaseId,
          ...registration,
        },
      });
    },
    onDeployed,
    reloadAt: 'reset',
  });
  const { errors } = deployForm.form.formState;
  return (
    <DeployFormView deployForm={deployForm} label="New permissions scheme" submitLabel="Save">
      <TextField
        label="Name"
        placeholder="My permissions scheme"
        error={errors.schemeName?.message}
        {...deployForm.form.register('schemeName')}
      />
    </DeployFormView>
  );
}
