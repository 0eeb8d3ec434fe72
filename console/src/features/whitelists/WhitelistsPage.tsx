import {
  type Codebase,
  defaultTemplate,
  type SchemeListItem,
  type VerifiedAddressPage,
  type WhitelistErrorItem,
  type WhitelistListItem,
  addressPattern,
  whitelistFormSchema,
  whitelistMessages,
} from '@tranche/api';
import {
  AddressText,
  Alert,
  Button,
  Card,
  createColumnHelper,
  PagedTable,
  Select,
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
  TextArea,
  TextField,
} from '@tranche/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../app/api.ts';
import { renderRouterLink } from '../../app/renderRouterLink.tsx';
import { ErrorAlert, useZodForm } from '../forms/index.ts';
import { CodebaseField, DeploymentProgress, reloadDelayMs, useDeployment } from '../permissions/index.ts';
import { isWalletConnected, useSelectWallet, useWallet } from '../wallet/index.ts';

type Tab = 'deploy' | 'list' | 'address' | 'verified';
const tabs: Tab[] = ['deploy', 'list', 'address', 'verified'];

/** Addresses per POST /whitelist/bulk from the console (the server batches each into transactions). */
export const saveChunk = 1000;

/** Whitelists (part 2): New Whitelist, All whitelists, New Address, Verified Addresses. */
export function WhitelistsPage() {
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab') as Tab | null;
  const tab: Tab =
    tabParam && tabs.includes(tabParam) ? tabParam : search.get('page') ? 'verified' : 'deploy';
  const [whitelists, setWhitelists] = useState<WhitelistListItem[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setWhitelists(await api.call('listWhitelists'));
    } catch (failure) {
      setError(failure);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card title="Whitelists" titleLevel={1}>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(search);
          next.set('tab', value);
          if (value !== 'verified') next.delete('page');
          setSearch(next, { replace: true });
        }}
      >
        <Tabs.List aria-label="Whitelists">
          <Tabs.Trigger value="deploy">New Whitelist</Tabs.Trigger>
          <Tabs.Trigger value="list">All whitelists</Tabs.Trigger>
          <Tabs.Trigger value="address">New Address</Tabs.Trigger>
          <Tabs.Trigger value="verified">Verified Addresses</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="deploy">
          <NewWhitelistForm onDeployed={load} />
        </Tabs.Content>
        <Tabs.Content value="list">
          <Stack space="medium">
            <ErrorAlert error={error} />
            {whitelists === null && !error ? <Spinner label="Loading the whitelists" /> : null}
            {whitelists ? <WhitelistTable whitelists={whitelists} /> : null}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="address">
          <NewAddressForm whitelists={whitelists ?? []} />
        </Tabs.Content>
        <Tabs.Content value="verified">
          <VerifiedAddresses whitelists={whitelists ?? []} />
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}

function WhitelistTable({ whitelists }: { whitelists: WhitelistListItem[] }) {
  if (whitelists.length === 0) return <Text>No whitelists yet</Text>;
  return (
    <Table caption="All whitelists">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Address</TableHeaderCell>
          <TableHeaderCell>Security scheme</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {whitelists.map((whitelist) => (
          <TableRow key={whitelist.address}>
            <TableCell>{whitelist.name}</TableCell>
            <TableCell>
              <AddressText address={whitelist.address} />
            </TableCell>
            <TableCell>
              <AddressText address={whitelist.scheme} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function NewWhitelistForm({ onDeployed }: { onDeployed: () => Promise<void> }) {
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

type QueuedAddress = { targetAddress: string; legalName: string; contactDetails: Record<string, string> };
type FieldErrors = Partial<Record<string, string>>;

function NewAddressForm({ whitelists }: { whitelists: WhitelistListItem[] }) {
  const wallet = useWallet();
  const selectWallet = useSelectWallet();
  const [whitelist, setWhitelist] = useState('');
  const [publicAddress, setPublicAddress] = useState('');
  const [template, setTemplate] = useState<string>(defaultTemplate.name);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [queue, setQueue] = useState<QueuedAddress[]>([]);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ message: string; items: WhitelistErrorItem[] } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const enqueue = (event: React.FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    const address = publicAddress.trim();
    if (!whitelist) next.whitelist = whitelistMessages.whitelistRequired;
    else if (!addressPattern.test(whitelist)) next.whitelist = whitelistMessages.whitelistInvalid;
    if (!address) next.publicAddress = whitelistMessages.publicAddressRequired;
    else if (!addressPattern.test(address)) next.publicAddress = whitelistMessages.publicAddressInvalid;
    if (!template) next.template = whitelistMessages.templateRequired;
    else {
      for (const field of defaultTemplate.fields) {
        if (field.required && !(fields[field.name] ?? '').trim())
          next[field.name] = whitelistMessages.templateFieldRequired(field.title);
      }
    }
    setFieldErrors(next);
    if (Object.keys(next).length > 0) return;
    const targetAddress = address.toLowerCase();
    const contactDetails: Record<string, string> = {};
    for (const field of defaultTemplate.fields) {
      const value = (fields[field.name] ?? '').trim();
      if (field.name !== 'legalName' && value) contactDetails[field.name] = value;
    }
    setQueue((current) => [
      ...current.filter((entry) => entry.targetAddress !== targetAddress),
      { targetAddress, legalName: (fields.legalName ?? '').trim(), contactDetails },
    ]);
    setPublicAddress('');
    setFields({});
    setSaved(null);
  };

  const save = async () => {
    setError(null);
    setFailure(null);
    setSaved(null);
    if (queue.length === 0) {
      setError(new Error(whitelistMessages.addressesRequired));
      return;
    }
    if (!isWalletConnected(wallet)) {
      setError(new Error(whitelistMessages.notConnected));
      return;
    }
    setSaving(true);
    try {
      const chosen = whitelists.find((w) => w.address === whitelist);
      const asset = chosen
        ? (await api.call('getSchemeAsset', { params: { contractAddress: chosen.scheme } })).asset
        : undefined;
      const failed: WhitelistErrorItem[] = [];
      let done = 0;
      for (let i = 0; i < queue.length; i += saveChunk) {
        const chunk = queue.slice(i, i + saveChunk);
        setProgress(`Saving ${Math.min(i + chunk.length, queue.length)} of ${queue.length} addresses`);
        const answer = await api.call('whitelistBulk', {
          body: {
            txMode: 2,
            accountAddress: wallet.address,
            whitelistAddress: whitelist,
            asset,
            addresses: chunk,
          },
        });
        failed.push(...answer.errorMessages);
        done += answer.saved + answer.unchanged;
      }
      if (failed.length > 0) {
        const failedAddresses = new Set(failed.map((item) => item.legend));
        setQueue((current) => current.filter((entry) => failedAddresses.has(entry.targetAddress)));
        setFailure({
          message: `${failed.length} of ${queue.length} addresses were not saved.`,
          items: failed,
        });
      } else {
        setQueue([]);
      }
      setSaved(done);
    } catch (failed) {
      setError(failed);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  return (
    <Stack space="medium">
      <form onSubmit={enqueue} noValidate aria-label="New Address">
        <Stack space="medium">
          <Select
            label="Whitelist"
            placeholder="Select a whitelist"
            options={whitelists.map((w) => ({ value: w.address, label: w.name }))}
            value={whitelist}
            onChange={setWhitelist}
            error={fieldErrors.whitelist}
          />
          <TextField
            label="Public address"
            placeholder="0x..."
            value={publicAddress}
            onChange={(event) => setPublicAddress(event.target.value)}
            error={fieldErrors.publicAddress}
          />
          <Select
            label="Template"
            placeholder="Select a template"
            options={[{ value: defaultTemplate.name, label: defaultTemplate.name }]}
            value={template}
            onChange={setTemplate}
            error={fieldErrors.template}
          />
          {template
            ? defaultTemplate.fields.map((field) =>
                field.type === 'textarea' ? (
                  <TextArea
                    key={field.name}
                    label={field.label}
                    rows={4}
                    value={fields[field.name] ?? ''}
                    onChange={(event) =>
                      setFields((current) => ({ ...current, [field.name]: event.target.value }))
                    }
                    error={fieldErrors[field.name]}
                  />
                ) : (
                  <TextField
                    key={field.name}
                    label={field.label}
                    value={fields[field.name] ?? ''}
                    onChange={(event) =>
                      setFields((current) => ({ ...current, [field.name]: event.target.value }))
                    }
                    error={fieldErrors[field.name]}
                  />
                ),
              )
            : null}
          <div>
            <Button type="submit" variant="secondary">
              Enqueue
            </Button>
          </div>
        </Stack>
      </form>
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      {error instanceof Error && error.message === whitelistMessages.notConnected ? (
        <div>
          <Button variant="secondary" onClick={() => void selectWallet()}>
            Connect
          </Button>
        </div>
      ) : null}
      {failure ? (
        <Alert tone="danger" title={whitelistMessages.saveFailed}>
          <Stack space="small">
            <span>{failure.message}</span>
            <ul aria-label="Addresses not saved">
              {failure.items.slice(0, 50).map((item) => (
                <li key={item.legend}>
                  {item.legend}: {item.reason}
                </li>
              ))}
            </ul>
          </Stack>
        </Alert>
      ) : null}
      {saved !== null && !failure ? <Alert tone="success">{`${saved} addresses saved`}</Alert> : null}
      {progress ? <Spinner label={progress} /> : null}
      <Table caption="Pending changes">
        <TableHead>
          <TableRow>
            <TableHeaderCell>Public address</TableHeaderCell>
            <TableHeaderCell>Legal name</TableHeaderCell>
            <TableHeaderCell>Options</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queue.map((entry) => (
            <TableRow key={entry.targetAddress}>
              <TableCell>{entry.targetAddress}</TableCell>
              <TableCell>{entry.legalName}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Remove ${entry.targetAddress}`}
                  onClick={() =>
                    setQueue((current) => current.filter((e) => e.targetAddress !== entry.targetAddress))
                  }
                >
                  Remove
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div>
        <Button disabled={queue.length === 0 || saving} loading={saving} onClick={() => void save()}>
          Save
        </Button>
      </div>
    </Stack>
  );
}

type VerifiedRow = VerifiedAddressPage['pagedResults'][number];
const column = createColumnHelper<VerifiedRow>();
const verifiedColumns = [
  column.accessor('publicAddress', { header: 'Public address' }),
  column.accessor('legalName', { header: 'Legal name' }),
  column.accessor('hash', { header: 'Hash' }),
  column.accessor('createdOn', {
    header: 'Date',
    cell: (info) => new Date(info.getValue()).toLocaleString(),
  }),
];

function VerifiedAddresses({ whitelists }: { whitelists: WhitelistListItem[] }) {
  const [search, setSearch] = useSearchParams();
  const whitelist = search.get('whitelist') ?? '';
  const pageNumber = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const [page, setPage] = useState<VerifiedAddressPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!whitelist) return;
    let live = true;
    setLoading(true);
    setError(null);
    api
      .call('listWhitelistAddresses', { params: { whitelistAddress: whitelist, page: pageNumber } })
      .then((answer) => {
        if (live) setPage(answer);
      })
      .catch((failure: unknown) => {
        if (live) setError(failure);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [whitelist, pageNumber]);

  const choose = (value: string) => {
    const next = new URLSearchParams(search);
    next.set('tab', 'verified');
    next.set('whitelist', value);
    next.set('page', '1');
    setPage(null);
    setSearch(next);
  };
  const hrefForPage = (n: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };

  return (
    <Stack space="medium">
      <Select
        label="Whitelist"
        placeholder="Select a whitelist"
        options={whitelists.map((w) => ({ value: w.address, label: w.name }))}
        value={whitelist}
        onChange={choose}
      />
      {!whitelist ? <Alert tone="primary">{whitelistMessages.selectWhitelist}</Alert> : null}
      <ErrorAlert error={error} />
      {whitelist && !error ? (
        <PagedTable
          caption="Verified Addresses"
          columns={verifiedColumns}
          data={page?.pagedResults ?? []}
          getRowId={(row) => row.publicAddress}
          loading={loading && !page}
          loadingText={whitelistMessages.loadingAddresses}
          emptyTitle={whitelistMessages.noAddresses}
          renderLink={renderRouterLink}
          pagination={page ? { page: page.currentPage, totalPages: page.totalPages, hrefForPage } : undefined}
        />
      ) : null}
    </Stack>
  );
}
