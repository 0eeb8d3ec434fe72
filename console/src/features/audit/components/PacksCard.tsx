import { type AuditPack, createAuditPackRequestSchema } from '@tranche/api';
import {
  Button,
  Card,
  Inline,
  ProgressBar,
  RadioGroup,
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
import { useEffect, useState } from 'react';
import { api, downloadFile } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert } from '../../forms/index.ts';

const dayStart = (day: string) => (day ? `${day}T00:00:00.000Z` : undefined);
const dayEnd = (day: string) => (day ? `${day}T23:59:59.999Z` : undefined);

function packFor(pack: AuditPack): string {
  const period =
    pack.from || pack.to
      ? `, movements ${pack.from?.slice(0, 10) ?? 'from the start'} to ${pack.to?.slice(0, 10) ?? 'the record date'}`
      : '';
  return `Register at block ${pack.blockNumber ?? ''}${period}`;
}

/** "Prepare a regulator pack" (a job, its progress polled) and the list of packs: who, when, for what. */
export function PacksCard({ symbol }: { symbol: string }) {
  const { state, reload } = useLoad(
    (signal) => api.call('listAuditPacks', { params: { symbol }, signal }),
    [symbol],
  );
  const [recordBy, setRecordBy] = useState<'block' | 'date'>('date');
  const [block, setBlock] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The list as last read: a reload (every second while a pack is prepared) keeps it on screen.
  const [packs, setPacks] = useState<AuditPack[]>([]);
  useEffect(() => {
    if (state.status === 'ready') setPacks(state.data);
  }, [state]);
  const working = packs.some((p) => p.state === 'queued' || p.state === 'running');

  // While a pack is being prepared, its progress is read again every second.
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(reload, 1000);
    return () => clearInterval(timer);
  }, [working, reload]);

  const handlePrepare = async () => {
    setError(null);
    const body = {
      ...(recordBy === 'block' ? { blockNumber: block } : { date: dayEnd(date) }),
      from: dayStart(from),
      to: dayEnd(to),
    };
    const parsed = createAuditPackRequestSchema.safeParse(body);
    if (!parsed.success) {
      setError(new Error(parsed.error.issues[0]?.message ?? 'Invalid request'));
      return;
    }
    setBusy(true);
    try {
      await api.call('createAuditPack', { params: { symbol }, body: parsed.data });
      reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const handleDownload = (pack: AuditPack) => {
    const path = api.url('downloadAuditPack', { id: pack.id });
    downloadFile(path, `${pack.symbol}-pack-${pack.id}-block-${pack.blockNumber}.zip`).catch(setError);
  };

  return (
    <Card title="Regulator packs">
      <Stack space="medium">
        <Text tone="muted">
          One zip for a supervisor or auditor: the register at the record date with its Merkle root, the
          movements of a period, the rules in force, the whitelist and KYC hashes, documents, forced
          operations with their reasons and this log with its on-chain anchors, signed by the platform. It
          holds its own verifier: node verify.mjs pack.zip --rpc &lt;url&gt;.
        </Text>
        <RadioGroup
          legend="Register at"
          value={recordBy}
          onChange={(value) => setRecordBy(value === 'block' ? 'block' : 'date')}
          options={[
            { value: 'date', label: 'A date (end of day, UTC)' },
            { value: 'block', label: 'A block number' },
          ]}
        />
        <Inline space="small" align="flex-end">
          {recordBy === 'date' ? (
            <TextField
              label="Record date"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          ) : (
            <TextField
              label="Block number"
              inputMode="numeric"
              value={block}
              onChange={(e) => setBlock(e.target.value)}
            />
          )}
          <TextField
            label="Movements from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField label="Movements to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          <Button loading={busy} onClick={() => void handlePrepare()}>
            Prepare a regulator pack
          </Button>
        </Inline>
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        {state.status === 'error' ? <ErrorAlert error={state.error} /> : null}
        {state.status === 'ready' && packs.length === 0 ? (
          <Text tone="muted">No packs prepared yet.</Text>
        ) : null}
        {packs.length > 0 ? (
          <Table caption={`Regulator packs of ${symbol}`} cardsOnPhone>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Pack</TableHeaderCell>
                <TableHeaderCell>Prepared by</TableHeaderCell>
                <TableHeaderCell>For</TableHeaderCell>
                <TableHeaderCell>State</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {packs.map((pack) => (
                <TableRow key={pack.id}>
                  <TableCell label="Pack">{`#${pack.id}`}</TableCell>
                  <TableCell label="Prepared by">
                    <Stack space="xsmall">
                      <Text>{pack.requestedBy}</Text>
                      <Text tone="muted" size="small">
                        {new Date(pack.createdOn).toLocaleString('en-GB', { timeZone: 'UTC' })}
                      </Text>
                    </Stack>
                  </TableCell>
                  <TableCell label="For">{packFor(pack)}</TableCell>
                  <TableCell label="State">
                    {pack.state === 'done' ? (
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => handleDownload(pack)}
                        aria-label={`Download pack #${pack.id}`}
                      >
                        Download
                      </Button>
                    ) : pack.state === 'failed' ? (
                      <Text tone="danger">Failed</Text>
                    ) : (
                      <ProgressBar value={pack.progress} label={`Preparing (${pack.step})`} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
}
