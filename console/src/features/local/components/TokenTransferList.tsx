import { formatAmount, type LocalTokenTransfer } from '@tranche/api';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow, Text } from '@tranche/ui-kit';
import { ZeroAddress } from 'ethers';
import { ChainLink } from '../../history/index.ts';
import * as styles from './Decoded.css.ts';

function Party({ address, zero }: { address: string; zero: string }) {
  if (address === ZeroAddress)
    return (
      <Text as="span" tone="muted">
        {zero}
      </Text>
    );
  return <ChainLink kind="address" value={address} />;
}

/** ERC-20 transfers of an address (an explorer's token tab): issues come from, redemptions go to, the zero address. */
export function TokenTransferList({
  caption,
  transfers,
}: {
  caption: string;
  transfers: LocalTokenTransfer[];
}) {
  return (
    <Table caption={caption} cardsOnPhone>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Transaction hash</TableHeaderCell>
          <TableHeaderCell>Block</TableHeaderCell>
          <TableHeaderCell>From</TableHeaderCell>
          <TableHeaderCell>To</TableHeaderCell>
          <TableHeaderCell align="right">Value</TableHeaderCell>
          <TableHeaderCell>Token</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {transfers.map((transfer) => (
          <TableRow key={`${transfer.hash}:${transfer.logIndex}`}>
            <TableCell label="Transaction hash">
              <ChainLink kind="tx" value={transfer.hash} />
            </TableCell>
            <TableCell label="Block">
              <ChainLink kind="block" value={transfer.blockNumber} />
            </TableCell>
            <TableCell label="From">
              <Party address={transfer.from} zero="Issued" />
            </TableCell>
            <TableCell label="To">
              <Party address={transfer.to} zero="Redeemed" />
            </TableCell>
            <TableCell align="right" label="Value">
              <span className={styles.amount}>
                {formatAmount(transfer.value, {
                  decimals: transfer.tokenDecimals ?? 0,
                  minFractionDigits: 0,
                })}
              </span>
            </TableCell>
            <TableCell label="Token">
              <span>
                {transfer.tokenSymbol ? `${transfer.tokenSymbol} ` : ''}
                <ChainLink kind="address" value={transfer.token} />
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
