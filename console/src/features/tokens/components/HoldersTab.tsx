import {
  formatAmount,
  type Holder,
  type HolderSortColumn,
  holderSortColumns,
  type HoldersResponse,
  loadErrorMessages,
  tokenScreenTexts,
} from '@tranche/api';
import {
  Alert,
  Button,
  createColumnHelper,
  Inline,
  PagedTable,
  Select,
  type SortingState,
  Skeleton,
  Stack,
} from '@tranche/ui-kit';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { RecoveredCell } from './RecoveredCell.tsx';
import { Address, UnconfirmedBadge } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import {
  allHolders,
  type HoldersPageRequest,
  nextHoldersPage,
  orderOf,
  previousHoldersPage,
  type ServerOrder,
  sortingOf,
} from '../serverPaging.ts';
import { downloadText } from '../../../lib/download.ts';
import { holdersCsv } from './shared.tsx';
import type { TokenOps } from './types.ts';

/** Bulk freezes of the selected holders (version 2 tokens, for their enforcers): the Bulk tab's chunk. */
const BulkTab = lazy(() => import('./BulkTab.tsx').then((module) => ({ default: module.BulkTab })));

/** What the selected holders' bulk operation does: the freeze of each address or of its tokens in the partition. */
const selectionActions = [
  { operation: 'freezeAddress', label: 'Freeze the addresses' },
  { operation: 'unfreezeAddress', label: 'Unfreeze the addresses' },
  { operation: 'freezeTokens', label: 'Freeze their unfrozen tokens' },
  { operation: 'unfreezeTokens', label: 'Unfreeze their frozen tokens' },
] as const;
type SelectionOperation = (typeof selectionActions)[number]['operation'];

/** The rows of a bulk operation on the selected holders: the whole free (or frozen) amount of the partition. */
function selectionRows(operation: SelectionOperation, holders: Holder[], partition: string) {
  if (operation === 'freezeAddress' || operation === 'unfreezeAddress') {
    return holders.map((holder) => ({ address: holder.holderAddress }));
  }
  return holders.map((holder) => {
    const frozen = BigInt(holder.frozen ?? '0');
    const amount = operation === 'freezeTokens' ? BigInt(holder.balance) - frozen : frozen;
    return { address: holder.holderAddress, amount: amount.toString(), partition };
  });
}

/** Freeze, partial freeze and recovery (version 2 tokens, for their enforcers): a chunk of its own. */
const HolderEnforcement = lazy(() =>
  import('./HolderEnforcement.tsx').then((module) => ({ default: module.HolderEnforcement })),
);

const column = createColumnHelper<Holder>();
const columns = [
  column.accessor('holderAddress', {
    header: 'Holder address',
    cell: (info) => <Address address={info.getValue()} />,
  }),
  column.accessor('legalName', { header: 'Legal name', cell: (info) => info.getValue() ?? '' }),
  column.accessor('balance', {
    header: 'Balance',
    cell: (info) =>
      info.row.original.unconfirmed ? (
        <>
          {formatAmount(info.getValue())} <UnconfirmedBadge />
        </>
      ) : (
        formatAmount(info.getValue())
      ),
  }),
];

/** Version 2 tokens (issue 36): the frozen tokens of the partition and the address freeze, read from the chain. */
const frozenColumn = column.accessor('frozen', {
  header: 'Frozen',
  enableSorting: false,
  cell: (info) => {
    const amount = info.getValue();
    const text = amount && amount !== '0' ? formatAmount(amount) : '';
    return info.row.original.addressFrozen ? `${text}${text ? ' · ' : ''}Address frozen` : text;
  },
});

/** Version 2 tokens (issue 36, from the index): the lost wallet a recovered holder replaced, or the new one. */
const recoveredColumn = column.display({
  id: 'recovered',
  header: 'Recovered',
  cell: (info) => <RecoveredCell {...info.row.original} />,
});

const pageSize = 50;
const exportPageSize = 1000;

/**
 * Token Holders: partition selector, Refresh, the holders of the partition sorted by the server on any
 * column and paged with cursors (every page costs the same), CSV export of the whole partition.
 */
export function HoldersTab({ ops }: { ops: TokenOps }) {
  const { token } = ops;
  const [partition, setPartition] = useState(token.partitions[0]?.name ?? '');
  const [order, setOrder] = useState<ServerOrder<HolderSortColumn>>({ sort: 'balance', order: 'desc' });
  const [request, setRequest] = useState<HoldersPageRequest>({ page: 1 });
  const [load, setLoad] = useState<
    | { status: 'idle' | 'loading' }
    | { status: 'error'; error: unknown }
    | { status: 'ready'; data: HoldersResponse }
  >({ status: 'idle' });
  const [exportError, setExportError] = useState<unknown>(null);
  // Only the answer to the latest request is shown (a quick second click on a header must not be overtaken).
  const latestLoad = useRef(0);

  const refresh = useCallback(async () => {
    if (!partition) return;
    const loadNumber = ++latestLoad.current;
    setLoad({ status: 'loading' });
    try {
      const data = await api.call('listHolders', {
        params: { code: token.projectCode, partition },
        query: { ...request, pageSize, ...order },
      });
      if (loadNumber === latestLoad.current) setLoad({ status: 'ready', data });
    } catch (error) {
      if (loadNumber === latestLoad.current) setLoad({ status: 'error', error });
    }
  }, [partition, request, order, token.projectCode]);

  // The token was read again after an operation (its supply or the indexed block moved): so are its holders.
  const freshness = `${token.totalSupply}:${token.indexedBlock}`;
  useEffect(() => {
    void freshness;
    void refresh();
  }, [refresh, freshness]);

  const handleSortingChange = (sorting: SortingState) => {
    const next = orderOf(sorting, holderSortColumns);
    if (!next) return;
    setOrder(next);
    setRequest({ page: 1 });
  };

  const handleExport = async () => {
    setExportError(null);
    try {
      const rows = await allHolders(exportPageSize, (pageRequest) =>
        api.call('listHolders', {
          params: { code: token.projectCode, partition },
          query: { ...pageRequest, pageSize: exportPageSize, ...order },
        }),
      );
      downloadText(`${token.projectCode}-${partition}-holders.csv`, holdersCsv(rows));
    } catch (error) {
      setExportError(error);
    }
  };

  const data = load.status === 'ready' ? load.data : undefined;
  const page = request.page;
  // Enforcement (version 2): the owner's or the controller's row action opens the holder's panel below the table.
  const [selected, setSelected] = useState<string | null>(null);
  // Bulk freezes (issue 36): the holders ticked on this page, and the operation chosen for them.
  const [ticked, setTicked] = useState<Map<string, Holder>>(new Map());
  const [bulk, setBulk] = useState<{ operation: SelectionOperation; round: number } | null>(null);
  const tick = (holder: Holder, on: boolean) => {
    setBulk(null);
    setTicked((previous) => {
      const next = new Map(previous);
      if (on) next.set(holder.holderAddress, holder);
      else next.delete(holder.holderAddress);
      return next;
    });
  };
  const version2 = token.tokenVersion === 2;
  const mayEnforce = version2 && ops.rights.connected && (ops.rights.isOwner || ops.rights.isController);
  const shownColumns = !version2
    ? columns
    : [
        ...(mayEnforce
          ? [
              column.display({
                id: 'select',
                header: 'Select',
                cell: (info) => (
                  <input
                    type="checkbox"
                    aria-label={`Select ${info.row.original.holderAddress}`}
                    checked={ticked.has(info.row.original.holderAddress)}
                    onChange={(event) => tick(info.row.original, event.target.checked)}
                  />
                ),
              }),
            ]
          : []),
        ...columns,
        frozenColumn,
        recoveredColumn,
        ...(mayEnforce
          ? [
              column.display({
                id: 'actions',
                header: 'Actions',
                cell: (info) => (
                  <Button
                    size="small"
                    variant="secondary"
                    onClick={() => setSelected(info.row.original.holderAddress)}
                  >
                    Freeze or recover
                  </Button>
                ),
              }),
            ]
          : []),
      ];
  const selectedHolder = data?.pagedResults.find((row) => row.holderAddress === selected);
  return (
    <Stack>
      <Inline space="small" align="flex-end">
        <Select
          label="Partition"
          placeholder="Select a partition"
          options={token.partitions.map((p) => ({ value: p.name, label: p.name }))}
          value={partition}
          onChange={(value) => {
            setPartition(value);
            setRequest({ page: 1 });
            setTicked(new Map());
            setBulk(null);
          }}
        />
        <Button
          variant="secondary"
          onClick={() => {
            void refresh();
            // The token is read again too: an operation run elsewhere (a sharded key's last approval) moves its
            // indexed block, so the dashboard's figures and charts load again from the index with the holders.
            ops.refresh();
          }}
          disabled={!partition}
        >
          Refresh
        </Button>
        <Button
          variant="secondary"
          onClick={() => void handleExport()}
          disabled={!data || data.totalRows === 0}
        >
          Export CSV
        </Button>
      </Inline>
      <ErrorAlert error={exportError} prefix={loadErrorMessages.couldNot('export the holders')} />
      {!partition ? <Alert tone="primary">{tokenScreenTexts.selectPartition}</Alert> : null}
      {load.status === 'loading' ? (
        <Skeleton label="Loading the token holders" shape="table" columns={3} />
      ) : null}
      {load.status === 'error' ? (
        <ErrorAlert error={load.error} prefix={loadErrorMessages.couldNot('load the holders')} />
      ) : null}
      {data ? (
        <>
          <PagedTable
            caption={`Holders of ${partition} (${data.totalRows})`}
            columns={shownColumns}
            data={data.pagedResults}
            getRowId={(row) => row.holderAddress}
            emptyTitle={tokenScreenTexts.noHolders}
            serverSorting={{ sorting: sortingOf(order), onSortingChange: handleSortingChange }}
          />
          {mayEnforce && selectedHolder ? (
            <Suspense
              fallback={<Skeleton label="Loading the enforcement controls" shape="details" rows={3} />}
            >
              <HolderEnforcement
                key={`${selectedHolder.holderAddress} ${partition}`}
                ops={ops}
                holder={selectedHolder}
                partition={partition}
              />
            </Suspense>
          ) : null}
          {data.totalPages > 1 ? (
            <Inline space="small">
              <Button
                variant="secondary"
                size="small"
                disabled={page <= 1}
                onClick={() => setRequest(previousHoldersPage(page, data))}
              >
                Previous page
              </Button>
              <span>
                Page {page} of {data.totalPages}
              </span>
              <Button
                variant="secondary"
                size="small"
                disabled={page >= data.totalPages || !data.lastCursor}
                onClick={() => setRequest(nextHoldersPage(page, data))}
              >
                Next page
              </Button>
            </Inline>
          ) : null}
        </>
      ) : null}
      {/* Outside the table's block: the bulk job and its results stay while the holders load again. */}
      {ticked.size > 0 ? (
        <section aria-label="Bulk freeze of the selected holders">
          <Stack space="small">
            <Inline space="small" align="center">
              <span>{`${ticked.size} selected:`}</span>
              {selectionActions.map((action) => (
                <Button
                  key={action.operation}
                  size="small"
                  variant={bulk?.operation === action.operation ? 'primary' : 'secondary'}
                  onClick={() =>
                    setBulk((previous) => ({
                      operation: action.operation,
                      round: (previous?.round ?? 0) + 1,
                    }))
                  }
                >
                  {action.label}
                </Button>
              ))}
              <Button
                size="small"
                variant="secondary"
                onClick={() => {
                  setBulk(null);
                  setTicked(new Map());
                }}
              >
                Clear the selection
              </Button>
            </Inline>
            {bulk ? (
              <Suspense fallback={<Skeleton label="Loading the bulk operation" shape="details" rows={3} />}>
                <BulkTab
                  key={bulk.round}
                  ops={ops}
                  selection={{
                    operation: bulk.operation,
                    rows: selectionRows(bulk.operation, [...ticked.values()], partition),
                  }}
                />
              </Suspense>
            ) : null}
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}
