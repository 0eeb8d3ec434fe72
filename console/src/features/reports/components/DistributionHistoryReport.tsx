import { formatAmount, loadErrorMessages } from '@tranche/api';
import {
  Card,
  formatClock,
  formatDate,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tranche/ui-kit';
import { api } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { BlockLine, blockQuery } from './reportParts.tsx';

const when = (iso: string) => {
  const date = new Date(iso);
  return `${formatDate(date)} ${formatClock(date)}`;
};

/** The distributions recorded at or before the block: asset, amount, record date, claimed, pushed, reclaimed. */
export function DistributionHistoryReport({ symbol, block }: { symbol: string; block: number | undefined }) {
  const { state } = useLoad(
    (signal) =>
      api.call('reportDistributions', { params: { code: symbol }, query: blockQuery(block), signal }),
    [symbol, block],
  );
  return (
    <Card title="Distribution history">
      {state.status === 'loading' ? (
        <Skeleton label="Loading the distribution history" shape="details" rows={3} />
      ) : null}
      {state.status === 'error' ? (
        <ErrorAlert
          error={state.error}
          prefix={loadErrorMessages.couldNot('load the distribution history')}
        />
      ) : null}
      {state.status === 'ready' ? (
        <Stack>
          <BlockLine
            blockNumber={state.data.blockNumber}
            blockTime={state.data.blockTime}
            headBlock={state.data.headBlock}
          />
          {state.data.distributions.length === 0 ? (
            <Text tone="muted">No distribution was recorded at or before this block.</Text>
          ) : (
            <Table caption={`Distributions of ${state.data.symbol}`} cardsOnPhone>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Asset</TableHeaderCell>
                  <TableHeaderCell align="right">Amount</TableHeaderCell>
                  <TableHeaderCell>Record date</TableHeaderCell>
                  <TableHeaderCell align="right">Claimed</TableHeaderCell>
                  <TableHeaderCell align="right">Pushed</TableHeaderCell>
                  <TableHeaderCell>Reclaimed</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {state.data.distributions.map((d) => {
                  const asset = { decimals: d.assetDecimals, symbol: d.assetSymbol };
                  return (
                    <TableRow key={d.id}>
                      <TableCell label="Asset">{d.assetSymbol}</TableCell>
                      <TableCell label="Amount" align="right">
                        {formatAmount(d.amount, asset)}
                      </TableCell>
                      <TableCell label="Record date">{`${when(d.recordDate)} (block ${d.recordBlock})`}</TableCell>
                      <TableCell label="Claimed" align="right">
                        {formatAmount(d.claimed, asset)}
                      </TableCell>
                      <TableCell label="Pushed" align="right">
                        {formatAmount(d.pushed, asset)}
                      </TableCell>
                      <TableCell label="Reclaimed">{d.reclaimed ? 'Yes' : 'No'}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </Stack>
      ) : null}
    </Card>
  );
}
