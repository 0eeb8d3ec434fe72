import { type DtxListItem, type DtxPage, transactionMessages } from '@tranche/api';
import {
  Button,
  EmptyState,
  Pagination,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@tranche/ui-kit';
import { useNavigate } from 'react-router-dom';
import { routeTo } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import type { Load } from '../../../lib/useLoad.ts';
import { shownPageCount } from '../pageQuery.ts';
import { ChainLink } from './ChainLink.tsx';
import { formatDate } from './RegularTransactionsTab.tsx';
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
  if (load.status === 'loading') return <Spinner label="Loading your sharded transactions" />;
  const data = load.status === 'ready' ? load.data : undefined;
  const rows = (data?.transactions ?? []).map((item) => item.tx);
  if (rows.length === 0 && page <= 1) {
    return <EmptyState title={transactionMessages.noShardedTitle} text={transactionMessages.noSharded} />;
  }
  const open = (tx: DtxListItem) => navigate(routeTo.ViewTransaction(tx.txId));
  return (
    <Stack space="medium">
      <Table caption="Sharded transactions:">
        <TableHead>
          <TableRow>
            <TableHeaderCell>View</TableHeaderCell>
            <TableHeaderCell>ID</TableHeaderCell>
            <TableHeaderCell>Type</TableHeaderCell>
            <TableHeaderCell>Token</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Public address</TableHeaderCell>
            <TableHeaderCell>Started on</TableHeaderCell>
            <TableHeaderCell>Started by</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((tx) => (
            <TableRow
              key={tx.txId}
              onClick={() => open(tx)}
              actionLabel={`View sharded transaction ${tx.txId}`}
            >
              <TableCell>
                <StopClick>
                  <Button size="small" variant="secondary" onClick={() => open(tx)}>
                    View
                  </Button>
                </StopClick>
              </TableCell>
              <TableCell>{tx.txId}</TableCell>
              <TableCell>{tx.txTypeName}</TableCell>
              <TableCell>
                <TokenCell tx={tx} />
              </TableCell>
              <TableCell>{tx.txStatusName}</TableCell>
              <TableCell>
                {tx.publicAddress ? (
                  <StopClick>
                    <ChainLink kind="address" value={tx.publicAddress} />
                  </StopClick>
                ) : null}
              </TableCell>
              <TableCell>{formatDate(tx.startedOn)}</TableCell>
              <TableCell>{tx.startedBy}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        totalPages={shownPageCount(data?.totalPages ?? 1)}
        hrefForPage={(n) => routeTo.TransactionHistory(n)}
        renderLink={renderRouterLink}
        label="Sharded transactions pages"
      />
    </Stack>
  );
}
