import {
  countOf,
  type WhitelistErrorItem,
  type WhitelistListItem,
  whitelistMessages,
  whitelistRegistryMessages,
} from '@tranche/api';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Heading,
  Inline,
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
import { useId, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { isWalletConnected, useWallet } from '../../wallet/index.ts';
import { type ImportEntry, type ImportPreview, previewWhitelistCsv } from '../csvImport.ts';
import { saveChunk } from './NewAddressTab.tsx';
import { NotSavedAlert } from './NotSavedAlert.tsx';

/** Rows of the preview table shown at once (the counts cover the whole file). */
const previewLimit = 200;

type Outcome = { sent: number; saved: number; failed: WhitelistErrorItem[] };

/** Sends the entries through POST /whitelist/bulk (the server's batch job), `saveChunk` addresses per request. */
async function sendEntries(
  whitelist: WhitelistListItem,
  accountAddress: string,
  entries: ImportEntry[],
  onProgress: (text: string) => void,
): Promise<Outcome> {
  const { asset } = await api.call('getSchemeAsset', { params: { contractAddress: whitelist.scheme } });
  const outcome: Outcome = { sent: entries.length, saved: 0, failed: [] };
  for (let start = 0; start < entries.length; start += saveChunk) {
    const part = entries.slice(start, start + saveChunk);
    onProgress(`Saving ${start + part.length} of ${entries.length} addresses`);
    const answer = await api.call('whitelistBulk', {
      body: { txMode: 2, accountAddress, whitelistAddress: whitelist.address, asset, addresses: part },
    });
    outcome.saved += answer.saved + answer.unchanged;
    outcome.failed.push(...answer.errorMessages);
  }
  return outcome;
}

/** 'Import from CSV': read a file, preview every line (valid, or invalid with its reasons), confirm, send. */
export function CsvImport({
  whitelist,
  onImported,
}: {
  whitelist: WhitelistListItem;
  onImported: () => void;
}) {
  const wallet = useWallet();
  const inputId = useId();
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<unknown>(null);

  const handleFile = async (file: File | undefined) => {
    setOutcome(null);
    setError(null);
    setPreview(null);
    if (!file) return;
    setFileName(file.name);
    setPreview(previewWhitelistCsv(await file.text()));
  };

  const handleSend = async () => {
    setConfirming(false);
    if (!preview) return;
    if (!isWalletConnected(wallet)) {
      setError(new Error(whitelistMessages.notConnected));
      return;
    }
    try {
      setOutcome(await sendEntries(whitelist, wallet.address, preview.valid, setProgress));
      setPreview(null);
      onImported();
    } catch (failure) {
      setError(failure);
    } finally {
      setProgress(null);
    }
  };

  const invalid = preview ? preview.rows.length - preview.valid.length : 0;
  return (
    <section aria-labelledby={`${inputId}-title`}>
      <Stack space="small">
        <Heading level={3} id={`${inputId}-title`}>
          {whitelistRegistryMessages.importTitle}
        </Heading>
        <Text tone="muted">{whitelistRegistryMessages.importHelp}</Text>
        <label htmlFor={inputId}>
          <Text weight="strong" as="span">
            CSV file
          </Text>
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void handleFile(event.target.files?.[0])}
        />
        {preview && preview.missingColumns.length > 0 ? (
          <Alert tone="danger">
            {whitelistRegistryMessages.importMissingColumns(preview.missingColumns.join(', '))}
          </Alert>
        ) : null}
        {preview && preview.missingColumns.length === 0 && preview.rows.length === 0 ? (
          <Alert tone="danger">{whitelistRegistryMessages.importNoRows}</Alert>
        ) : null}
        {preview && preview.rows.length > 0 ? (
          <Stack space="small">
            <Text>
              {`${fileName}: ${countOf(preview.valid.length, 'valid row', 'valid rows')}, ${countOf(invalid, 'invalid row', 'invalid rows')}`}
              {preview.ignoredColumns.length > 0
                ? ` (columns left out: ${preview.ignoredColumns.join(', ')})`
                : ''}
            </Text>
            <Table caption="Import preview" cardsOnPhone>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Line</TableHeaderCell>
                  <TableHeaderCell>Public address</TableHeaderCell>
                  <TableHeaderCell>Legal name</TableHeaderCell>
                  <TableHeaderCell>Country</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.slice(0, previewLimit).map((row) => (
                  <TableRow key={row.line}>
                    <TableCell label="Line">{row.line}</TableCell>
                    <TableCell label="Public address">
                      <Text mono breakAll as="span">
                        {row.publicAddress}
                      </Text>
                    </TableCell>
                    <TableCell label="Legal name">{row.legalName}</TableCell>
                    <TableCell label="Country">{row.country}</TableCell>
                    <TableCell label="Status">
                      {row.entry ? (
                        <Inline space="small">
                          <Badge tone="success">Valid</Badge>
                        </Inline>
                      ) : (
                        <Stack space="xsmall" align="flex-start">
                          <Badge tone="danger">Invalid</Badge>
                          {row.reasons.map((reason) => (
                            <Text key={reason} size="small" tone="danger">
                              {reason}
                            </Text>
                          ))}
                        </Stack>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {preview.rows.length > previewLimit ? (
              <Text tone="muted">{`The first ${previewLimit} of ${preview.rows.length} lines are shown.`}</Text>
            ) : null}
            <div>
              <Button
                disabled={preview.valid.length === 0 || progress !== null}
                loading={progress !== null}
                onClick={() => setConfirming(true)}
              >
                {`Send ${countOf(preview.valid.length, 'valid row', 'valid rows')}`}
              </Button>
            </div>
          </Stack>
        ) : null}
        {progress ? <Spinner label={progress} /> : null}
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        {outcome && outcome.failed.length === 0 ? (
          <Alert tone="success">{`${countOf(outcome.saved, 'address', 'addresses')} saved`}</Alert>
        ) : null}
        {outcome && outcome.failed.length > 0 ? (
          <NotSavedAlert
            message={`${outcome.failed.length} of ${outcome.sent} addresses were not saved.`}
            items={outcome.failed}
          />
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={whitelistRegistryMessages.importConfirmTitle}
          text={whitelistRegistryMessages.importConfirmText(preview?.valid.length ?? 0, invalid)}
          confirmLabel="Send"
          onConfirm={() => void handleSend()}
        />
      </Stack>
    </section>
  );
}
