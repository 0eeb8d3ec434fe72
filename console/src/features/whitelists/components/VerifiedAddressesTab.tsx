import { type VerifiedAddressPage, type WhitelistListItem, whitelistMessages } from '@tranche/api';
import { Alert, createColumnHelper, PagedTable, Select, Stack } from '@tranche/ui-kit';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { useChainClock } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { expiryWords } from '../expiryWords.ts';
import { ExpiringInvestors } from './ExpiringInvestors.tsx';

type VerifiedRow = VerifiedAddressPage['pagedResults'][number];
const column = createColumnHelper<VerifiedRow>();
/** The table's columns; a record's KYC expiry reads by the chain's time `now` (issue 36). */
const verifiedColumns = (now: number) => [
  column.accessor('publicAddress', { header: 'Public address' }),
  column.accessor('legalName', { header: 'Legal name' }),
  column.accessor('hash', { header: 'Hash' }),
  column.accessor('createdOn', {
    header: 'Date',
    cell: (info) => new Date(info.getValue()).toLocaleString(),
  }),
  column.accessor('expiresAt', { header: 'KYC', cell: (info) => expiryWords(info.getValue(), now) }),
];

/** Tab 'Verified Addresses': paged, once a whitelist is chosen (?whitelist=&page=). */
export function VerifiedAddressesTab({ whitelists }: { whitelists: WhitelistListItem[] }) {
  const [search, setSearch] = useSearchParams();
  const whitelist = search.get('whitelist') ?? '';
  const pageNumber = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const [page, setPage] = useState<VerifiedAddressPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const clock = useChainClock();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the page or the chain's clock comes.
  const columns = useMemo(() => verifiedColumns(clock.now()), [clock, page]);

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
          columns={columns}
          data={page?.pagedResults ?? []}
          getRowId={(row) => row.publicAddress}
          loading={loading && !page}
          loadingText={whitelistMessages.loadingAddresses}
          emptyTitle={whitelistMessages.noAddresses}
          renderLink={renderRouterLink}
          pagination={page ? { page: page.currentPage, totalPages: page.totalPages, hrefForPage } : undefined}
        />
      ) : null}
      {whitelist ? <ExpiringInvestors whitelist={whitelist} /> : null}
    </Stack>
  );
}
