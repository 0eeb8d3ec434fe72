import type { LocalTxSummary } from '@tranche/api';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow, Text } from '@tranche/ui-kit';
import { formatEther } from 'ethers';
import { ChainLink } from '../../history/index.ts';

/** Transactions of a block or an address, each linked to its local page. */
export function TxList({ caption, transactions }: { caption: string; transactions: LocalTxSummary[] }) {
  return (
    <Table caption={caption} cardsOnPhone>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Transaction hash</TableHeaderCell>
          <TableHeaderCell>Block</TableHeaderCell>
          <TableHeaderCell>From</TableHeaderCell>
          <TableHeaderCell>To</TableHeaderCell>
          <TableHeaderCell align="right">Value (ETH)</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {transactions.map((tx) => (
          <TableRow key={tx.hash}>
            <TableCell label="Transaction hash">
              <ChainLink kind="tx" value={tx.hash} />
            </TableCell>
            <TableCell label="Block">
              <ChainLink kind="block" value={tx.blockNumber} />
            </TableCell>
            <TableCell label="From">
              <ChainLink kind="address" value={tx.from} />
            </TableCell>
            <TableCell label="To">
              {tx.to ? (
                <ChainLink kind="address" value={tx.to} />
              ) : (
                <Text as="span" tone="muted">
                  Contract creation
                </Text>
              )}
            </TableCell>
            <TableCell align="right" label="Value (ETH)">
              {formatEther(tx.value)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
