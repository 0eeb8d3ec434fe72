import { csvToBulkText, investorCsvHeader, parseBulkInvestors, type TokenDraftForm } from '@tranche/api';
import { Alert, Button, Inline, Stack, Text, TextArea, TextField } from '@tranche/ui-kit';
import { type ChangeEvent, useState } from 'react';
import { type FieldErrors, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { readCsvRows, toCsv } from '../../../lib/csv.ts';
import { downloadText } from '../../../lib/download.ts';

export type InvestorsEditorProps = {
  form: UseFormReturn<TokenDraftForm, unknown, unknown>;
};

/** Investors row by row, or as bulk text (5 rows) or a CSV file; the table exports as CSV. */
export function InvestorsEditor({ form }: InvestorsEditorProps) {
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: 'investors' });
  const [bulkText, setBulkText] = useState('');
  const [bulkErrors, setBulkErrors] = useState<string[]>([]);
  const errors = form.formState.errors as FieldErrors<TokenDraftForm>;
  const listError =
    (errors.investors as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (errors.investors as { root?: { message?: string } } | undefined)?.root?.message;

  const handleAddBulk = (text = bulkText) => {
    const current = form.getValues('investors');
    const filled = current.filter(
      (row) => row.publicAddress.trim() !== '' || row.investmentAmount.trim() !== '',
    );
    const result = parseBulkInvestors(
      text,
      filled.map((row) => row.publicAddress),
    );
    setBulkErrors(result.errors);
    if (result.errors.length > 0 || result.investors.length === 0) return;
    replace([
      ...filled,
      ...result.investors.map((i) => ({
        publicAddress: i.publicAddress,
        investmentAmount: String(i.investmentAmount),
      })),
    ]);
    setBulkText('');
  };

  const handleImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // papaparse reads the file (quotes, separators); the first two columns are address and amount.
    const rows = readCsvRows(await file.text());
    const text = csvToBulkText(rows.map((row) => row.slice(0, 2).join(',')).join('\n'));
    setBulkText(text);
    handleAddBulk(text);
  };

  const handleExport = () => {
    const rows = form
      .getValues('investors')
      .filter((row) => row.publicAddress.trim() !== '')
      .map((row) => [row.publicAddress.trim(), row.investmentAmount.trim()]);
    downloadText(`${form.getValues('symbol') || 'investors'}.csv`, toCsv(investorCsvHeader, rows));
  };

  return (
    <Stack space="medium">
      {listError ? <Alert tone="danger">{listError}</Alert> : null}
      <Stack space="small">
        {fields.map((field, index) => {
          const rowErrors = errors.investors?.[index];
          return (
            <Inline key={field.id} space="small" align="flex-start">
              <TextField
                label={`Public address of investor ${index + 1}`}
                placeholder="0x..."
                error={rowErrors?.publicAddress?.message}
                {...form.register(`investors.${index}.publicAddress`)}
              />
              <TextField
                label={`Investment amount of investor ${index + 1}`}
                inputMode="numeric"
                error={rowErrors?.investmentAmount?.message}
                {...form.register(`investors.${index}.investmentAmount`)}
              />
              <Button
                variant="secondary"
                size="small"
                disabled={fields.length === 1}
                onClick={() => remove(index)}
                aria-label={`Remove investor ${index + 1}`}
              >
                Remove
              </Button>
            </Inline>
          );
        })}
        <Inline space="small">
          <Button variant="secondary" onClick={() => append({ publicAddress: '', investmentAmount: '' })}>
            Add investor
          </Button>
          <Button variant="secondary" onClick={handleExport}>
            Export investors as CSV
          </Button>
        </Inline>
      </Stack>
      <Stack space="small">
        <TextArea
          label="Bulk investors"
          rows={5}
          help="One investor a line: the public address and the investment amount, separated by a semicolon, comma, space or tab."
          value={bulkText}
          onChange={(event) => setBulkText(event.target.value)}
        />
        {bulkErrors.length > 0 ? (
          <Alert tone="danger" title="Validation error">
            <Stack space="xxsmall">
              {bulkErrors.map((message) => (
                <Text key={message}>{message}</Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        <Inline space="small" align="center">
          <Button variant="secondary" onClick={() => handleAddBulk()} disabled={bulkText.trim() === ''}>
            Add bulk investors
          </Button>
          <label>
            <Text size="small">Import investors from a CSV file </Text>
            <input type="file" accept=".csv,text/csv,text/plain" onChange={handleImport} />
          </label>
        </Inline>
      </Stack>
    </Stack>
  );
}
