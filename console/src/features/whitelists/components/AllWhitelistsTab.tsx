import type { WhitelistListItem } from '@tranche/api';
import {
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../forms/index.ts';
import { Address } from '../../config/index.ts';

/** The whitelists whose name or address contains `term` (any case); all of them for a blank term. */
export function matchWhitelists(whitelists: WhitelistListItem[], term: string): WhitelistListItem[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return whitelists;
  return whitelists.filter(
    (whitelist) =>
      whitelist.name.toLowerCase().includes(needle) || whitelist.address.toLowerCase().includes(needle),
  );
}

/** Tab 'All whitelists': the registered whitelists with their scheme, narrowed by `?term=` (part 2: /Whitelists). */
export function AllWhitelistsTab({
  whitelists,
  error,
}: {
  whitelists: WhitelistListItem[] | null;
  error: unknown;
}) {
  const [search, setSearch] = useSearchParams();
  const term = search.get('term') ?? '';
  return (
    <Stack space="medium">
      <TextField
        label="Search whitelists"
        type="search"
        placeholder="Name or address"
        value={term}
        onChange={(event) => {
          const next = new URLSearchParams(search);
          next.set('term', event.target.value);
          setSearch(next, { replace: true });
        }}
      />
      <ErrorAlert error={error} />
      {whitelists === null && !error ? <Skeleton label="Loading the whitelists" shape="table" /> : null}
      {whitelists ? (
        <WhitelistTable
          whitelists={matchWhitelists(whitelists, term)}
          empty={term.trim() ? `No whitelist matches ${term.trim()}` : 'No whitelists yet'}
        />
      ) : null}
    </Stack>
  );
}

function WhitelistTable({ whitelists, empty }: { whitelists: WhitelistListItem[]; empty: string }) {
  if (whitelists.length === 0) return <Text>{empty}</Text>;
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
              <Address address={whitelist.address} />
            </TableCell>
            <TableCell>
              <Address address={whitelist.scheme} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
