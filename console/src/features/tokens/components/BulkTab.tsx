import {
  bulkColumnsOf,
  type BulkJob,
  type BulkOperation,
  bulkOperationMessages as b,
  type BulkRowInput,
  checkBulkRows,
  countOf,
  formatAmount,
  isBulkAddressFreeze,
  isBulkEnforcement,
  summariseBulkRows,
} from '@tranche/api';
import {
  Alert,
  Button,
  Inline,
  ProgressBar,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tranche/ui-kit';
import { type ChangeEvent, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { readCsvRows, toCsv } from '../../../lib/csv.ts';
import { downloadText } from '../../../lib/download.ts';
import { Address } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import type { TokenOps } from './types.ts';

export const operationLabels: Record<BulkOperation, string> = {
  issue: 'Bulk issue',
  force: 'Bulk forced transfer',
  freezeAddress: 'Bulk freeze of addresses',
  unfreezeAddress: 'Bulk unfreeze of addresses',
  freezeTokens: 'Bulk freeze of tokens',
  unfreezeTokens: 'Bulk unfreeze of tokens',
};
/** What each operation's CSV rows say. */
const rowWords: Record<BulkOperation, string> = {
  issue: 'address, amount, partition',
  force: 'address, amount, partition, fromAddress (the holder the tokens are taken from)',
  freezeAddress: 'address (the holder that will neither send nor receive)',
  unfreezeAddress: 'address (the frozen holder)',
  freezeTokens: 'address, amount, partition (the tokens of the partition that may not leave)',
  unfreezeTokens: 'address, amount, partition (the frozen tokens of the partition to free)',
};
/** Investors named in the preview; the rest are counted. */
const previewInvestors = 20;
const statusLabels: Record<BulkJob['rows'][number]['status'], string> = {
  pending: 'Waiting for its pre-check',
  checked: 'Pre-checked, waiting',
  sending: 'Sending',
  done: 'Done',
  failed: 'Refused',
};

/** The rows of a CSV file with a header line naming its columns (address, amount, partition, fromAddress). */
function rowsOfCsv(text: string, operation: BulkOperation): { rows: BulkRowInput[]; error: string | null } {
  const [header = [], ...lines] = readCsvRows(text);
  const names = header.map((name) => name.toLowerCase());
  const needed = bulkColumnsOf(operation);
  if (needed.some((column) => !names.includes(column.toLowerCase()))) {
    return { rows: [], error: b.columnsMissing(needed.join(', ')) };
  }
  const at = (line: string[], column: string) => line[names.indexOf(column.toLowerCase())];
  return {
    rows: lines.map((line) => ({
      address: at(line, 'address'),
      ...(isBulkAddressFreeze(operation)
        ? {}
        : { amount: at(line, 'amount'), partition: at(line, 'partition') }),
      ...(operation === 'force' ? { fromAddress: at(line, 'fromAddress') } : {}),
    })),
    error: null,
  };
}

/** Rows chosen elsewhere (the holders selected on Token Holders), run as one bulk operation. */
export type BulkSelection = { operation: BulkOperation; rows: BulkRowInput[] };

/**
 * The Bulk tab: a CSV of rows (address, amount, partition; a forced transfer also fromAddress; an address freeze
 * only the address) checked here before start with row-numbered errors, then run by the server as a durable job
 * signed with the registered key of the selected wallet address: a progress bar, each row's result, and the results
 * as CSV. Freezes and unfreezes (issue 36) are offered on a version 2 token to its owner or controller. Given a
 * `selection` (Token Holders' selected rows), it opens on that selection's confirmation instead of a file.
 */
export function BulkTab({ ops, selection }: { ops: TokenOps; selection?: BulkSelection }) {
  const symbol = ops.token.projectCode;
  const [operation, setOperation] = useState<BulkOperation>(selection?.operation ?? 'issue');
  const [fileName, setFileName] = useState(selection ? 'the selection' : '');
  const [rows, setRows] = useState<BulkRowInput[]>(selection?.rows ?? []);
  const [problems, setProblems] = useState<string[]>(() =>
    selection ? checkBulkRows(selection.operation, selection.rows).errors.map((e) => e.reason) : [],
  );
  const [job, setJob] = useState<BulkJob | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [reviewing, setReviewing] = useState(selection !== undefined);
  const account = ops.rights.address;
  const mayFreeze =
    ops.token.tokenVersion === 2 && ops.rights.connected && (ops.rights.isOwner || ops.rights.isController);
  const offered = (Object.keys(operationLabels) as BulkOperation[]).filter(
    (kind) => mayFreeze || !isBulkEnforcement(kind),
  );
  const freeze = isBulkEnforcement(operation);
  const refreshToken = ops.refresh;

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setJob(null);
    setJobId(null);
    setReviewing(false);
    const parsed = rowsOfCsv(await file.text(), operation);
    setRows(parsed.rows);
    setProblems(
      parsed.error ? [parsed.error] : checkBulkRows(operation, parsed.rows).errors.map((e) => e.reason),
    );
  };

  const start = async () => {
    if (!account) return;
    setError(null);
    setReviewing(false);
    try {
      const started = await api.call('startBulk', {
        body: { symbol, operation, accountAddress: account, rows },
      });
      setJobId(started.jobId);
    } catch (failure) {
      setError(failure);
    }
  };

  useEffect(() => {
    if (jobId === null) return;
    let stopped = false;
    const look = async () => {
      try {
        const next = await api.call('getBulk', { params: { jobId: String(jobId) } });
        if (stopped) return;
        setJob(next);
        if (next.state === 'checking' || next.state === 'running') setTimeout(() => void look(), 1000);
        // The job is over: the summary's total supply and the holders show what it issued or moved.
        else refreshToken();
      } catch (failure) {
        if (!stopped) setError(failure);
      }
    };
    void look();
    return () => {
      stopped = true;
    };
  }, [jobId, refreshToken]);

  const exportResults = () => {
    if (!job) return;
    downloadText(
      `${symbol}-bulk-${job.jobId}.csv`,
      toCsv(
        ['row', 'address', 'fromAddress', 'amount', 'partition', 'status', 'reason', 'transactionHash'],
        job.rows.map((r) => [
          r.row,
          r.address,
          r.fromAddress,
          r.amount,
          r.partition,
          r.status,
          r.reason,
          r.transactionHash,
        ]),
      ),
    );
  };

  const finished = job !== null && (job.state === 'done' || job.state === 'failed');
  const preview = reviewing ? summariseBulkRows(checkBulkRows(operation, rows).rows) : null;
  const progress = job && job.total > 0 ? ((job.done + job.failed) / job.total) * 100 : 0;
  return (
    <Stack space="large">
      {selection ? null : (
        <Text>
          {`One row per holder in a CSV file with a header line: ${rowWords[operation]}. Every row is pre-checked, then the server signs with the registered key of ${account ?? 'your wallet address'}${freeze ? ', one transaction a row' : ''}.`}
        </Text>
      )}
      <Inline space="medium" align="flex-end">
        {selection ? null : (
          <>
            <Select
              label="Operation"
              options={offered.map((value) => ({ value, label: operationLabels[value] }))}
              value={operation}
              onChange={(value) => {
                setOperation(value as BulkOperation);
                setRows([]);
                setProblems([]);
                setFileName('');
                setReviewing(false);
              }}
            />
            <label>
              <Text size="small">CSV file of the rows </Text>
              <input type="file" accept=".csv,text/csv,text/plain" onChange={read} key={operation} />
            </label>
          </>
        )}
      </Inline>
      {problems.length > 0 ? (
        <Alert tone="danger" title={`${problems.length} rows of ${fileName} need fixing`}>
          <Stack space="xsmall">
            {problems.slice(0, 50).map((problem) => (
              <Text key={problem}>{problem}</Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {rows.length > 0 && !selection ? (
        <Inline space="small" align="center">
          <Button onClick={() => setReviewing(true)} disabled={!account || jobId !== null || reviewing}>
            {`Start: ${operationLabels[operation].toLowerCase()} of ${rows.length} rows`}
          </Button>
          {problems.length > 0 ? (
            <Text tone="muted">The rows that need fixing are reported as refused; the others run.</Text>
          ) : null}
        </Inline>
      ) : null}
      {reviewing && preview ? (
        <section aria-label="Confirm the bulk operation">
          <Stack space="small">
            <Text weight="strong">
              {`${operationLabels[operation]}: ${countOf(preview.rows, 'row')} that pass the check, ${freeze ? 'of' : 'to'} ${countOf(preview.investors.length, 'investor')}`}
            </Text>
            {isBulkAddressFreeze(operation) ? null : (
              <Table caption="Total per partition">
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>Partition</TableHeaderCell>
                    <TableHeaderCell>Total amount</TableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.partitions.map((p) => (
                    <TableRow key={p.partition}>
                      <TableCell>{p.partition}</TableCell>
                      <TableCell>{formatAmount(p.total)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Stack space="xsmall">
              <Text size="small">Investors:</Text>
              <Inline space="small">
                {preview.investors.slice(0, previewInvestors).map((investor) => (
                  <Address key={investor} address={investor} />
                ))}
                {preview.investors.length > previewInvestors ? (
                  <Text size="small">{`and ${formatAmount(preview.investors.length - previewInvestors)} more`}</Text>
                ) : null}
              </Inline>
            </Stack>
            <Inline space="small">
              <Button onClick={() => void start()} disabled={!account || preview.rows === 0}>
                Confirm and start
              </Button>
              {selection ? null : (
                <Button variant="secondary" onClick={() => setReviewing(false)}>
                  Back
                </Button>
              )}
            </Inline>
          </Stack>
        </section>
      ) : null}
      {error ? <ErrorAlert error={error} prefix={b.failed} /> : null}
      {job ? (
        <Stack space="medium">
          <ProgressBar
            label={`${operationLabels[job.operation]} #${job.jobId}: ${job.done} done, ${job.failed} refused of ${job.total}`}
            value={progress}
          />
          <div aria-live="polite">
            <Text>
              {job.state === 'done'
                ? `Finished in ${countOf(job.transactions, 'transaction')}: ${countOf(job.done, 'row')} done, ${job.failed} refused.`
                : job.state === 'failed'
                  ? (job.error ?? b.failed)
                  : job.state === 'checking'
                    ? 'Pre-checking the rows…'
                    : 'Sending…'}
            </Text>
          </div>
          {finished ? (
            <Button variant="secondary" onClick={exportResults}>
              Export the results (CSV)
            </Button>
          ) : null}
          <Table caption="Results of each row">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Row</TableHeaderCell>
                <TableHeaderCell>Address</TableHeaderCell>
                <TableHeaderCell>Amount</TableHeaderCell>
                <TableHeaderCell>Partition</TableHeaderCell>
                <TableHeaderCell>Result</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {job.rows.map((r) => (
                <TableRow key={r.row}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell>{r.fromAddress ? `${r.fromAddress} → ${r.address}` : r.address}</TableCell>
                  <TableCell>{r.amount === '' ? '' : formatAmount(r.amount)}</TableCell>
                  <TableCell>{r.partition}</TableCell>
                  <TableCell>{r.reason ?? statusLabels[r.status]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      ) : null}
    </Stack>
  );
}
