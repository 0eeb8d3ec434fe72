import { type DtxListItem, type DtxPage, transactionMessages } from '@tranche/api';
import { useNavigate } from 'react-router-dom';
import { routeTo } from '../../../lib/paths.ts';
import type { Load } from '../../../lib/useLoad.ts';
import { ChainLink } from './ChainLink.tsx';
import { AddressCell, formatDate, type HistoryColumn, HistoryTable } from './HistoryTable.tsx';
import { StopClick } from './StopClick.tsx';

function TokenCell({ tx }: { tx: DtxListItem }) {
  const token = tx.token;
  if (!token) return null;
  const label = [token.symbol, token.name].filter(Boolean).join(' - ');
  if (token.symbol && token.name && token.contractAddress) {
    return (
      <StopClick>
        <ChainLink kind="address" value={token.contractAddress}>
          {label}
        </ChainLink>
      </StopClick>
    );
  }
  return <>{label}</>;
}

/** The 'Sharded Transactions' tab of My transactions (part 2, section 2). Load failures are silent (section 8). */
export function ShardedTransactionsTab({ load, page }: { load: Load<DtxPage>; page: number }) {
  const navigate = useNavigate();
  const data = load.status === 'ready' ? load.data : undefined;
  return (
    <HistoryTable
      loading={load.status === 'loading'}
      loadingLabel="Loading your sharded transactions"
      empty={{ title: transactionMessages.noShardedTitle, text: transactionMessages.noSharded }}
      rows={(data?.transactions ?? []).map((item) => item.tx)}
      page={page}
      totalPages={data?.totalPages ?? 1}
      caption="Sharded transactions:"
      columns={columns}
      rowKey={(tx) => tx.txId}
      open={(tx) => navigate(routeTo.ViewTransaction(tx.txId))}
      actionLabel={(tx) => `View sharded transaction ${tx.txId}`}
      pagesLabel="Sharded transactions pages"
    />
  );
}

const columns: readonly HistoryColumn<DtxListItem>[] = [
  { header: 'ID', cell: (tx) => tx.txId },
  { header: 'Type', cell: (tx) => tx.txTypeName },
  { header: 'Token', cell: (tx) => <TokenCell tx={tx} /> },
  { header: 'Status', cell: (tx) => tx.txStatusName },
  { header: 'Public address', cell: (tx) => <AddressCell address={tx.publicAddress} /> },
  { header: 'Started on', cell: (tx) => formatDate(tx.startedOn) },
  { header: 'Started by', cell: (tx) => tx.startedBy },
];
