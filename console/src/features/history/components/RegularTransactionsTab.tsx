import {
  type AccountTransaction,
  type AccountTransactionsPage,
  assetClasses,
  transactionMessages,
  transactionStatusNames,
} from '@tranche/api';
import { Badge, Stack, Text } from '@tranche/ui-kit';
import { useNavigate } from 'react-router-dom';
import { routeTo } from '../../../lib/paths.ts';
import type { Load } from '../../../lib/useLoad.ts';
import { ChainLink } from './ChainLink.tsx';
import type { HistoryFilter } from '../pageQuery.ts';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import { HistoryFilters } from './HistoryFilters.tsx';
import { AddressCell, formatDate, type HistoryColumn, HistoryTable } from './HistoryTable.tsx';
import { StopClick } from './StopClick.tsx';

/** Part 2, section 3: relatedAssetClassId 1, 2 or 3 (token, whitelist, security scheme) give a contract link. */
export function hasContractLink(
  row: Pick<AccountTransaction, 'relatedAssetClassId' | 'contractAddress'>,
): boolean {
  const linked: readonly number[] = [assetClasses.token, assetClasses.whitelist, assetClasses.securityScheme];
  return Boolean(row.contractAddress) && linked.includes(row.relatedAssetClassId);
}

function ContractCell({ row }: { row: AccountTransaction }) {
  if (!hasContractLink(row) || !row.contractAddress) return row.relatedAssetClassName || null;
  const named = row.relatedAssetClassName !== '';
  return (
    <StopClick>
      <ChainLink kind="address" value={row.contractAddress}>
        {named ? row.relatedAssetClassName : undefined}
      </ChainLink>
    </StopClick>
  );
}

function EffectCell({ row }: { row: AccountTransaction }) {
  if (!row.effect.what) return null;
  return <Text>{row.effect.what}</Text>;
}

const statusTones = { pending: 'warning', mined: 'success', reverted: 'danger' } as const;

/**
 * The 'Transactions' tab of My transactions (part 2, section 2), with each row's status and decoded effect and the
 * filters and CSV of issue 34. Load failures are silent (section 8).
 */
export function RegularTransactionsTab({
  load,
  page,
  filter,
}: {
  load: Load<AccountTransactionsPage>;
  page: number;
  filter: HistoryFilter;
}) {
  const navigate = useNavigate();
  const data = load.status === 'ready' ? load.data : undefined;
  const filtered = Boolean(filter.kind || filter.token || filter.status);
  return (
    <HistoryTable
      loading={load.status === 'loading'}
      loadingLabel="Loading your transactions"
      empty={{
        title: transactionMessages.noTransactionsTitle,
        text: filtered ? transactionMessages.noMatchingTransactions : transactionMessages.noTransactions,
      }}
      emptyAbove={filtered}
      hrefForPage={(n) => routeTo.TransactionHistory(n, filter)}
      rows={data?.pageData ?? []}
      page={page}
      totalPages={data?.totalPages ?? 1}
      caption="Blockchain transactions ran with your platform account:"
      columns={columns}
      rowKey={(row) => row.id}
      open={(row) => navigate(routeTo.ViewRegularTransaction(row.transactionHash))}
      actionLabel={(row) => `View transaction ${row.transactionHash}`}
      pagesLabel="Transactions pages"
      above={
        <Stack space="medium">
          <HistoryFilters filter={filter} contracts={data?.contracts ?? []} />
          <ExportCsvButton filter={filter} />
        </Stack>
      }
    />
  );
}

const columns: readonly HistoryColumn<AccountTransaction>[] = [
  { header: 'ID', cell: (row) => row.id },
  { header: 'Type', cell: (row) => row.typeDescription },
  { header: 'Effect', cell: (row) => <EffectCell row={row} /> },
  {
    header: 'Status',
    // In a span: on a phone the cell is a grid whose items stretch; the badge keeps its own width.
    cell: (row) => (
      <span>
        <Badge tone={statusTones[row.status]}>{transactionStatusNames[row.status]}</Badge>
      </span>
    ),
  },
  // The token the row concerns (issue 34): a distribution's rows name their token, not the Distributor they call.
  { header: 'Token', cell: (row) => row.tokenSymbol || null },
  { header: 'Contract', cell: (row) => <ContractCell row={row} /> },
  { header: 'Public address', cell: (row) => <AddressCell address={row.publicAddress} /> },
  {
    header: 'Transaction hash',
    cell: (row) => (
      <StopClick>
        <ChainLink kind="tx" value={row.transactionHash} />
      </StopClick>
    ),
  },
  { header: 'Created on', cell: (row) => formatDate(row.createdOn) },
];
