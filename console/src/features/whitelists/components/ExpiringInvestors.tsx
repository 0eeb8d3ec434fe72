import { type ExpiringRecords, expiringWithinDays } from '@tranche/api';
import {
  Heading,
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
import { useChainClock } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { expiryDate, expiryWords } from '../expiryWords.ts';

/**
 * The investors of a whitelist whose KYC expires within 30 days of the chain's time, or has expired (issue 36),
 * soonest first.
 */
export function ExpiringInvestors({ whitelist }: { whitelist: string }) {
  const clock = useChainClock();
  const { state } = useLoad(
    (signal) => api.call('listExpiringRecords', { params: { whitelistAddress: whitelist }, signal }),
    [whitelist],
  );
  const data = state.status === 'ready' ? state.data : undefined;
  const error = state.status === 'error' ? state.error : null;
  const title = 'Expiring investors';
  return (
    <Stack space="small">
      <Heading level={3}>{title}</Heading>
      <ErrorAlert error={error} />
      {data ? <ExpiringTable records={data.records} now={clock.now()} title={title} /> : null}
    </Stack>
  );
}

function ExpiringTable({
  records,
  now,
  title,
}: {
  records: ExpiringRecords['records'];
  now: number;
  title: string;
}) {
  if (records.length === 0)
    return <Text tone="muted">{`No investor's KYC expires within ${expiringWithinDays} days.`}</Text>;
  return (
    <Table caption={title} cardsOnPhone>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Public address</TableHeaderCell>
          <TableHeaderCell>Legal name</TableHeaderCell>
          <TableHeaderCell>KYC</TableHeaderCell>
          <TableHeaderCell>Expiry date</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.publicAddress}>
            <TableCell label="Public address">{record.publicAddress}</TableCell>
            <TableCell label="Legal name">{record.legalName ?? '—'}</TableCell>
            <TableCell label="KYC">{expiryWords(record.expiresAt, now)}</TableCell>
            <TableCell label="Expiry date">{expiryDate(Date.parse(record.expiresAt))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
