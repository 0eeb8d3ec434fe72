import { formatAmount, type LocalTokenTransfer } from '@tranche/api';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow, Text } from '@tranche/ui-kit';
import { ZeroAddress } from 'ethers';
import { ChainLink } from '../../history/index.ts';

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
    <Table caption={caption}>
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
            <TableCell>
              <ChainLink kind="tx" value={transfer.hash} />
            </TableCell>
            <TableCell>
              <ChainLink kind="block" value={transfer.blockNumber} />
            </TableCell>
            <TableCell>
              <Party address={transfer.from} zero="Issued" />
            </TableCell>
            <TableCell>
              <Party address={transfer.to} zero="Redeemed" />
            </TableCell>
            <TableCell align="right">
              {formatAmount(transfer.value, { decimals: transfer.tokenDecimals ?? 0, minFractionDigits: 0 })}
            </TableCell>
            <TableCell>
              {transfer.tokenSymbol ? `${transfer.tokenSymbol} ` : ''}
              <ChainLink kind="address" value={transfer.token} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
