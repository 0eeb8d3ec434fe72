import { AddressText } from '../AddressText/AddressText.tsx';
import { formatAmount } from '@tranche/contracts/units';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../Table/Table.tsx';
import { Text } from '../Text/Text.tsx';

/** One holder's payment: balance at the record block and amount, both decimal strings (integers end to end). */
export type HolderPayment = { index: number; holderAddress: string; balance: string; amount: string };

export type DistributionHoldersTableProps = {
  rows: readonly HolderPayment[];
  /** What the issuer funds (base units): the sum of the rows plus the remainder. */
  amount: string;
  /** Rounding remainder (base units), returned to the issuer at reclaim. */
  remainder: string;
  assetSymbol: string;
  assetDecimals: number;
  caption?: string;
  /** Rows shown; the rest are counted under the table. */
  limit?: number;
};

export const distributionHoldersTexts = {
  emptyTitle: 'Nobody to pay',
  emptyText: 'No holder receives anything from this distribution.',
  remainder: 'Rounding remainder (returned to the issuer)',
  total: 'Total funded',
  more: (count: number) => `and ${count} more ${count === 1 ? 'holder' : 'holders'}`,
} as const;

/**
 * The review of a distribution: each holder's balance at the record block and what it receives (floor rule),
 * then the rounding remainder and the total funded, which equals the sum of the payments plus the remainder.
 */
export function DistributionHoldersTable(props: DistributionHoldersTableProps) {
  const { rows, assetDecimals, assetSymbol, limit = 100 } = props;
  const show = (value: string) => formatAmount(value, { decimals: assetDecimals, symbol: assetSymbol });
  if (rows.length === 0) {
    return (
      <EmptyState title={distributionHoldersTexts.emptyTitle} text={distributionHoldersTexts.emptyText} />
    );
  }
  const shown = rows.slice(0, limit);
  return (
    <Stack space="small">
      <Table caption={props.caption}>
        <TableHead>
          <TableRow>
            <TableHeaderCell>#</TableHeaderCell>
            <TableHeaderCell>Holder</TableHeaderCell>
            <TableHeaderCell align="right">Balance at the record block</TableHeaderCell>
            <TableHeaderCell align="right">Payment</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={row.index}>
              <TableCell>{row.index}</TableCell>
              <TableCell>
                <AddressText address={row.holderAddress} shorten={false} />
              </TableCell>
              <TableCell align="right">{formatAmount(row.balance)}</TableCell>
              <TableCell align="right">{show(row.amount)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableHeaderCell scope="row" colSpan={3}>
              {distributionHoldersTexts.remainder}
            </TableHeaderCell>
            <TableCell align="right">{show(props.remainder)}</TableCell>
          </TableRow>
          <TableRow>
            <TableHeaderCell scope="row" colSpan={3}>
              {distributionHoldersTexts.total}
            </TableHeaderCell>
            <TableCell align="right">{show(props.amount)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {rows.length > shown.length ? (
        <Text size="small">{distributionHoldersTexts.more(rows.length - shown.length)}</Text>
      ) : null}
    </Stack>
  );
}
