import { type CapTable, formatAmount, loadErrorMessages } from '@tranche/api';
import {
  Button,
  Card,
  Inline,
  Skeleton,
  Stack,
  SupplyByPartitionChart,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tranche/ui-kit';
import { useState } from 'react';
import { api, downloadFile } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Address } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { BlockLine, blockQuery } from './reportParts.tsx';

/** The cap table at a block: supply by partition as a chart, partitions × holders as a table, CSV and PDF. */
export function CapTableReport({ symbol, block }: { symbol: string; block: number | undefined }) {
  const { state } = useLoad(
    (signal) => api.call('reportCapTable', { params: { code: symbol }, query: blockQuery(block), signal }),
    [symbol, block],
  );
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const download = (table: CapTable, kind: 'csv' | 'pdf') => () => {
    setDownloadError(null);
    const path = `${api.url(kind === 'csv' ? 'reportCapTableCsv' : 'reportCapTablePdf', { code: symbol })}?block=${table.blockNumber}`;
    downloadFile(path, `${table.symbol}-cap-table-${table.blockNumber}.${kind}`).catch(setDownloadError);
  };
  const table = state.status === 'ready' ? state.data : null;
  return (
    <Card
      title="Cap table"
      actions={
        <Inline space="small">
          <Button variant="secondary" disabled={!table} onClick={table ? download(table, 'csv') : undefined}>
            Download CSV
          </Button>
          <Button variant="secondary" disabled={!table} onClick={table ? download(table, 'pdf') : undefined}>
            Download PDF
          </Button>
        </Inline>
      }
    >
      {state.status === 'loading' ? (
        <Skeleton label="Loading the cap table" shape="details" rows={4} />
      ) : null}
      {state.status === 'error' ? (
        <ErrorAlert error={state.error} prefix={loadErrorMessages.couldNot('load the cap table')} />
      ) : null}
      {table ? <CapTableView table={table} /> : null}
      {downloadError ? (
        <ErrorAlert
          error={downloadError}
          prefix="Could not download the cap table due to the following error"
        />
      ) : null}
    </Card>
  );
}

function CapTableView({ table }: { table: CapTable }) {
  const amount = (value: string | bigint) => formatAmount(value);
  return (
    <Stack>
      <BlockLine blockNumber={table.blockNumber} blockTime={table.blockTime} headBlock={table.headBlock} />
      <Text>{`Total supply ${amount(table.totalSupply)} · ${table.holders.length} holders`}</Text>
      <SupplyByPartitionChart
        partitions={table.partitions.map((p) => ({ name: p.name, supply: BigInt(p.supply) }))}
        formatAmount={amount}
      />
      {table.holders.length === 0 ? (
        <Text tone="muted">Nobody held this token at this block.</Text>
      ) : (
        <Table caption={`Cap table of ${table.symbol} at block ${table.blockNumber}`} cardsOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Holder</TableHeaderCell>
              {table.partitions.map((p) => (
                <TableHeaderCell key={p.value} align="right">
                  {p.name}
                </TableHeaderCell>
              ))}
              <TableHeaderCell align="right">Total</TableHeaderCell>
              <TableHeaderCell align="right">% of supply</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.holders.map((row) => (
              <TableRow key={row.holderAddress}>
                <TableCell label="Holder">
                  <Address address={row.holderAddress} name={row.legalName ?? undefined} />
                </TableCell>
                {table.partitions.map((p, i) => (
                  <TableCell key={p.value} label={p.name} align="right">
                    {amount(row.balances[i] ?? '0')}
                  </TableCell>
                ))}
                <TableCell label="Total" align="right">
                  {amount(row.total)}
                </TableCell>
                <TableCell label="% of supply" align="right">{`${row.share}%`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
