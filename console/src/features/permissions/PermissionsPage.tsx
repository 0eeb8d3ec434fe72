import {
  accessRightsFormSchema,
  accessRightsMessages,
  type Codebase,
  type SchemeDetail,
  type SchemeListItem,
  schemeFormSchema,
  schemeMessages,
  txTypes,
} from '@tranche/api';
import {
  type AccessRight,
  type AccessRightChange,
  AccessRightsTable,
  type AccessRightValues,
  AddressText,
  Alert,
  Button,
  Card,
  ExplorerLink,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Tabs,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../app/api.ts';
import { renderRouterLink } from '../../app/renderRouterLink.tsx';
import { ErrorAlert, useZodForm } from '../forms/index.ts';
import { isWalletConnected, useWallet } from '../wallet/index.ts';
import { CodebaseField, DeploymentProgress } from './DeploymentParts.tsx';
import { reloadDelayMs, useDeployment, useExplorerConfig } from './useDeployment.ts';

type Tab = 'scheme' | 'rights' | 'list';

const grantRoutes = { OP: 'grantOperator', L1: 'grantLevel1', L2: 'grantLevel2' } as const;
const revokeRoutes = { OP: 'revokeOperator', L1: 'revokeLevel1', L2: 'revokeLevel2' } as const;

/** The Permissions page (part 1, 'Permissions page'): new scheme, access rights, scheme list. */
export function PermissionsPage() {
  const [tab, setTab] = useState<Tab>('scheme');
  const [schemes, setSchemes] = useState<SchemeListItem[] | null>(null);
  const [listError, setListError] = useState<unknown>(null);
  const [editing, setEditing] = useState<SchemeDetail | null>(null);
  const [editError, setEditError] = useState<unknown>(null);

  const loadSchemes = useCallback(async () => {
    setListError(null);
    try {
      setSchemes(await api.call('listSchemes'));
    } catch (error) {
      setListError(error);
    }
  }, []);
  useEffect(() => {
    void loadSchemes();
  }, [loadSchemes]);

  const edit = async (address: string) => {
    setEditError(null);
    try {
      setEditing(await api.call('getSchemeOfContract', { params: { contractAddress: address } }));
      setTab('scheme');
    } catch (error) {
      setEditError(error);
    }
  };

  return (
    <Card title="Blockchain security" titleLevel={1}>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List aria-label="Blockchain security">
          <Tabs.Trigger value="scheme">
            {editing ? editing.schemeName : 'New permissions scheme'}
          </Tabs.Trigger>
          {editing ? <Tabs.Trigger value="rights">Access rights</Tabs.Trigger> : null}
          <Tabs.Trigger value="list">Permission schemes</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="scheme">
          {editing ? (
            <SchemeView scheme={editing} onReset={() => setEditing(null)} />
          ) : (
            <NewSchemeForm onDeployed={loadSchemes} />
          )}
        </Tabs.Content>
        {editing ? (
          <Tabs.Content value="rights">
            <AccessRightsTab scheme={editing} />
          </Tabs.Content>
        ) : null}
        <Tabs.Content value="list">
          <Stack space="medium">
            <ErrorAlert error={listError} prefix={schemeMessages.loadFailed} />
            <ErrorAlert error={editError} prefix={schemeMessages.loadFailed} />
            {schemes === null && !listError ? <Spinner label="Loading the security schemes" /> : null}
            {schemes ? (
              <Table caption="Permission schemes">
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>Name</TableHeaderCell>
                    <TableHeaderCell>Contract address</TableHeaderCell>
                    <TableHeaderCell>Options</TableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {schemes.map((scheme) => (
                    <TableRow key={scheme.securitySchemeAddress}>
                      <TableCell>{scheme.schemeName}</TableCell>
                      <TableCell>
                        <AddressText address={scheme.securitySchemeAddress} />
                      </TableCell>
                      <TableCell>
                        <Button
                          size="small"
                          variant="secondary"
                          aria-label={`Edit ${scheme.schemeName}`}
                          onClick={() => void edit(scheme.securitySchemeAddress)}
                        >
                          Edit
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}

function NewSchemeForm({ onDeployed }: { onDeployed: () => Promise<void> }) {
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

function SchemeView({ scheme, onReset }: { scheme: SchemeDetail; onReset: () => void }) {
  const wallet = useWallet();
  const explorer = useExplorerConfig();
  return (
    <Stack space="medium">
      <TextField label="Name" value={scheme.schemeName} readOnly />
      <TextField label="Smart contract" value={String(scheme.codebaseId)} readOnly />
      <TextField
        label="Asset ID"
        value={isWalletConnected(wallet) ? scheme.assetId : 'Not available - Connect to the network'}
        readOnly
      />
      <TextField label="Owner" value={scheme.ownerAddress} readOnly />
      <Text>
        Contract address:{' '}
        <ExplorerLink
          kind="address"
          value={scheme.securitySchemeAddress}
          explorer={explorer}
          renderLink={renderRouterLink}
        />
      </Text>
      <div>
        <Button variant="secondary" onClick={onReset}>
          Reset
        </Button>
      </div>
    </Stack>
  );
}

const noRights: AccessRightValues = { OP: false, L1: false, L2: false };

async function readRights(scheme: SchemeDetail, address: string): Promise<AccessRightValues> {
  const [OP, L1, L2] = await Promise.all([
    api.call('checkOperator', {
      params: { address, asset: scheme.assetId, contractAddress: scheme.securitySchemeAddress },
    }),
    api.call('checkLevel1', { params: { address, contractAddress: scheme.securitySchemeAddress } }),
    api.call('checkLevel2', { params: { address, contractAddress: scheme.securitySchemeAddress } }),
  ]);
  return { OP, L1, L2 };
}

function AccessRightsTab({ scheme }: { scheme: SchemeDetail }) {
  const wallet = useWallet();
  const [target, setTarget] = useState<string | null>(null);
  const [values, setValues] = useState<AccessRightValues>(noRights);
  const [reasons, setReasons] = useState<Partial<Record<AccessRight, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [notConnected, setNotConnected] = useState(false);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState(false);
  const form = useZodForm(accessRightsFormSchema, { defaultValues: { walletAddress: '' } });
  const { errors, isSubmitting } = form.formState;

  const check = useCallback(
    async (address: string) => {
      if (!wallet || !isWalletConnected(wallet)) {
        setNotConnected(true);
        return;
      }
      setNotConnected(false);
      setError(null);
      try {
        const [rights, mine] = await Promise.all([
          readRights(scheme, address),
          readRights(scheme, wallet.address),
        ]);
        const isOwner = wallet.address.toLowerCase() === scheme.ownerAddress.toLowerCase();
        const next: Partial<Record<AccessRight, string>> = {};
        if (!isOwner && !mine.OP) next.OP = accessRightsMessages.notOwner;
        if (!mine.OP) {
          next.L1 = accessRightsMessages.notSecurityManager;
          next.L2 = accessRightsMessages.notSecurityManager;
        }
        setReasons(next);
        setValues(rights);
        setTarget(address);
      } catch (failure) {
        setError(failure);
      }
    },
    [scheme, wallet],
  );

  const submit = form.handleSubmit(async ({ walletAddress }) => {
    setApplied(false);
    await check(walletAddress);
  });

  const apply = async (changes: AccessRightChange[]) => {
    if (!target || !wallet || changes.length === 0) return;
    setBusy(true);
    setError(null);
    setApplied(false);
    try {
      // In order OP, L1, L2; the first failure stops the rest.
      for (const change of changes) {
        const routeId = change.enabled ? grantRoutes[change.right] : revokeRoutes[change.right];
        const base = {
          targetAddress: target,
          securitySchemeAddress: scheme.securitySchemeAddress,
          accountAddress: wallet.address,
          txMode: 2 as const,
        };
        const { transactionHash } =
          change.right === 'OP'
            ? await api.call(routeId as 'grantOperator', { body: { ...base, asset: scheme.assetId } })
            : await api.call(routeId as 'grantLevel1', { body: base });
        await api
          .call('recordAccountTransaction', {
            body: {
              transactionHash,
              contractAddress: scheme.securitySchemeAddress,
              publicAddress: wallet.address,
              txType: txTypes.accessRightChange,
            },
          })
          .catch(() => undefined);
      }
      setApplied(true);
      setTimeout(() => void check(target), reloadDelayMs);
    } catch (failure) {
      setError(failure);
      void check(target);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack space="medium">
      <form onSubmit={submit} noValidate aria-label="Check access rights">
        <Stack space="small">
          {notConnected ? (
            <Alert tone="warning" title={accessRightsMessages.notConnectedTitle}>
              {accessRightsMessages.notConnected}
            </Alert>
          ) : null}
          <TextField
            label="Wallet address"
            placeholder="0x..."
            error={errors.walletAddress?.message}
            {...form.register('walletAddress')}
          />
          <div>
            <Button type="submit" loading={isSubmitting}>
              Check
            </Button>
          </div>
        </Stack>
      </form>
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      {applied ? <Alert tone="success">The access rights were changed</Alert> : null}
      {target ? (
        <AccessRightsTable
          caption={`Access rights of ${target}`}
          values={values}
          disabledReasons={reasons}
          busy={busy}
          onApply={(changes) => void apply(changes)}
        />
      ) : null}
    </Stack>
  );
}
