import type { WhitelistListItem } from '@tranche/api';
import {
  AddressText,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tranche/ui-kit';
import { ErrorAlert } from '../../forms/index.ts';

/** Tab 'All whitelists': the registered whitelists with their scheme. */
export function AllWhitelistsTab({
  whitelists,
  error,
}: {
  whitelists: WhitelistListItem[] | null;
  error: unknown;
}) {
  return (
    <Stack space="medium">
      <ErrorAlert error={error} />
      {whitelists === null && !error ? <Spinner label="Loading the whitelists" /> : null}
      {whitelists ? <WhitelistTable whitelists={whitelists} /> : null}
    </Stack>
  );
}

function WhitelistTable({ whitelists }: { whitelists: WhitelistListItem[] }) {
  if (whitelists.length === 0) return <Text>No whitelists yet</Text>;
  return (
    <Table caption="All whitelists">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell>Address</TableHeaderCell>
          <TableHeaderCell>Security scheme</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {whitelists.map((whitelist) => (
          <TableRow key={whitelist.address}>
            <TableCell>{whitelist.name}</TableCell>
            <TableCell>
              <AddressText address={whitelist.address} />
            </TableCell>
            <TableCell>
              <AddressText address={whitelist.scheme} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
