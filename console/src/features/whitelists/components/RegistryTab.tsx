import {
  type RegistryRecord,
  type WhitelistListItem,
  whitelistMessages,
  whitelistRegistryMessages,
} from '@tranche/api';
import {
  Alert,
  Button,
  ConfirmDialog,
  createColumnHelper,
  Dialog,
  Inline,
  PagedTable,
  Select,
  Stack,
  Text,
  TextField,
  TxWizard,
} from '@tranche/ui-kit';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { useLoad } from '../../../lib/useLoad.ts';
import { Address, useChainClock } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { useExplorerConfig } from '../../permissions/index.ts';
import { useRevoke } from '../hooks/useRevoke.ts';
import { expiryWords } from '../expiryWords.ts';
import { CsvImport } from './CsvImport.tsx';
import { TokensUsingWhitelist } from './TokensUsingWhitelist.tsx';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'Germany (DE)'; a code the browser does not know shows as it is. */
export function countryLabel(code: string): string {
  if (!code) return '';
  try {
    const name = regionNames.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** The registry's query in the address bar: ?whitelist=&q=&country=&rpage= (its own names beside the other tabs'). */
function useRegistryQuery() {
  const [search, setSearch] = useSearchParams();
  const query = {
    whitelist: search.get('whitelist') ?? '',
    term: search.get('q') ?? '',
    country: search.get('country') ?? '',
    page: Math.max(1, Number.parseInt(search.get('rpage') ?? '1', 10) || 1),
  };
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    next.set('tab', 'registry');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('rpage' in changes)) next.delete('rpage');
    setSearch(next);
  };
  const hrefForPage = (n: number) => {
    const next = new URLSearchParams(search);
    next.set('rpage', String(n));
    return `?${next.toString()}`;
  };
  return { query, update, hrefForPage };
}

/** Tab 'Investor registry' (issue 37): one whitelist's verified investors, their KYC records, revoke and import. */
export function RegistryTab({ whitelists }: { whitelists: WhitelistListItem[] }) {
  const { query, update, hrefForPage } = useRegistryQuery();
  const [termInput, setTermInput] = useState(query.term);
  const [revoking, setRevoking] = useState<RegistryRecord | null>(null);
  const { view, setView, revoke } = useRevoke();
  const explorer = useExplorerConfig();
  const chosen = whitelists.find((w) => w.address === query.whitelist);

  useEffect(() => setTermInput(query.term), [query.term]);
  const { whitelist, term, country, page: pageNumber } = query;
  const { state, reload: refresh } = useLoad(
    () =>
      whitelist
        ? api.call('whitelistRegistry', {
            params: { whitelistAddress: whitelist },
            query: { term, country, page: pageNumber },
          })
        : Promise.resolve(null),
    [whitelist, term, country, pageNumber],
  );
  const page = state.status === 'ready' ? state.data : null;
  const loading = state.status === 'loading';
  const error = state.status === 'error' ? state.error : null;
  const handleRevoke = async () => {
    const record = revoking;
    setRevoking(null);
    if (!record) return;
    if (await revoke(query.whitelist, record.publicAddress)) refresh();
  };

  const clock = useChainClock();
  const columns = useMemo(() => {
    const column = createColumnHelper<RegistryRecord>();
    const expiry = page?.pagedResults.some((row) => row.expiresAt !== undefined) ?? false;
    return [
      column.accessor('legalName', {
        header: 'Legal name',
        cell: (info) => info.getValue() ?? '—',
      }),
      column.accessor('publicAddress', {
        header: 'Public address',
        cell: (info) => <Address address={info.getValue()} />,
      }),
      column.accessor('country', {
        header: 'Country',
        cell: (info) => countryLabel(info.getValue() ?? '') || '—',
      }),
      column.accessor('hash', {
        header: 'KYC hash',
        cell: (info) => (
          <Stack space="xsmall">
            <Text mono size="small" as="span">
              <span title={info.getValue()}>{shortHash(info.getValue())}</span>
            </Text>
            {info.row.original.investor ? (
              <Text tone="muted" size="xsmall" as="span">
                {`Investor ${info.row.original.investor.slice(0, 8)}`}
              </Text>
            ) : null}
          </Stack>
        ),
      }),
      column.accessor('verifiedOn', {
        header: 'Verified since',
        cell: (info) => new Date(info.getValue()).toLocaleDateString(),
      }),
      ...(expiry
        ? [
            column.accessor('expiresAt', {
              header: 'KYC',
              cell: (info) => expiryWords(info.getValue() ?? null, clock.now()) || 'No expiry',
            }),
          ]
        : []),
      ...(page?.recordsVisible
        ? [
            column.display({
              id: 'options',
              header: 'Options',
              cell: (info) => (
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Revoke ${info.row.original.legalName ?? info.row.original.publicAddress}`}
                  onClick={() => {
                    setView(null);
                    setRevoking(info.row.original);
                  }}
                >
                  Revoke
                </Button>
              ),
            }),
          ]
        : []),
    ];
  }, [page, setView, clock]);

  return (
    <Stack space="medium">
      <Select
        label="Whitelist"
        placeholder="Select a whitelist"
        options={whitelists.map((w) => ({ value: w.address, label: w.name }))}
        value={query.whitelist}
        onChange={(value) => update({ whitelist: value, q: '', country: '' })}
      />
      {!query.whitelist ? <Alert tone="primary">{whitelistMessages.selectWhitelist}</Alert> : null}
      {query.whitelist ? (
        <form
          aria-label="Search the registry"
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: termInput.trim() });
          }}
        >
          <Inline space="small" align="flex-end" wrap>
            <TextField
              label="Search by name or address"
              type="search"
              value={termInput}
              onChange={(event) => setTermInput(event.target.value)}
            />
            <Select
              label="Country"
              placeholder="All countries"
              options={(page?.countries ?? []).map((code) => ({ value: code, label: countryLabel(code) }))}
              value={query.country}
              disabled={!page?.recordsVisible}
              onChange={(value) => update({ country: value, q: termInput.trim() })}
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </Inline>
        </form>
      ) : null}
      {page && !page.recordsVisible ? (
        <Alert tone="warning">{whitelistRegistryMessages.recordsHidden}</Alert>
      ) : null}
      <ErrorAlert error={error} />
      {query.whitelist && !error ? (
        <PagedTable
          caption={whitelistRegistryMessages.registryTitle}
          columns={columns}
          data={page?.pagedResults ?? []}
          getRowId={(row) => row.publicAddress}
          loading={loading}
          loadingText={whitelistMessages.loadingAddresses}
          emptyTitle={
            query.term || query.country ? whitelistRegistryMessages.noMatches : whitelistMessages.noAddresses
          }
          renderLink={renderRouterLink}
          pagination={page ? { page: page.currentPage, totalPages: page.totalPages, hrefForPage } : undefined}
        />
      ) : null}
      {page ? <Text tone="muted">{`${page.totalRows} verified address(es) match`}</Text> : null}
      {chosen ? <TokensUsingWhitelist whitelist={chosen.address} /> : null}
      {chosen ? <CsvImport whitelist={chosen} onImported={refresh} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={whitelistRegistryMessages.revokeTitle}
        text={
          revoking
            ? whitelistRegistryMessages.revokeText(
                revoking.legalName ?? revoking.publicAddress,
                revoking.publicAddress,
              )
            : ''
        }
        confirmLabel="Revoke"
        tone="danger"
        onConfirm={() => void handleRevoke()}
      />
      {view ? (
        <Dialog.Root open onOpenChange={(open) => (open ? undefined : setView(null))}>
          <Dialog.Content title="Revoke the verification">
            <TxWizard
              {...view}
              explorer={explorer}
              renderLink={renderRouterLink}
              onContinue={() => setView(null)}
              onGoBack={() => setView(null)}
            />
          </Dialog.Content>
        </Dialog.Root>
      ) : null}
    </Stack>
  );
}
