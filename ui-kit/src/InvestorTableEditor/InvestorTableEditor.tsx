import { useState } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../Table/Table.tsx';
import { TextArea } from '../TextArea/TextArea.tsx';
import { TextField } from '../TextField/TextField.tsx';
import {
  type InvestorBulkError,
  type InvestorBulkMessages,
  type InvestorEntry,
  parseInvestorText,
} from './parseInvestorText.ts';
import * as styles from './InvestorTableEditor.css.ts';

export type InvestorFieldErrors = { publicAddress?: string; amount?: string };

export type InvestorTableEditorProps = {
  investors: readonly InvestorEntry[];
  onChange: (investors: InvestorEntry[]) => void;
  /** The bulk-entry error texts (from @tranche/api). */
  messages: InvestorBulkMessages;
  /** Per-row validation errors from the form (index-aligned with `investors`). */
  rowErrors?: readonly (InvestorFieldErrors | undefined)[];
  disabled?: boolean;
};

function isBlank(entry: InvestorEntry): boolean {
  return entry.publicAddress.trim() === '' && entry.amount.trim() === '';
}

/** Investors row by row, plus bulk text (5 rows) parsed with row-numbered errors. */
export function InvestorTableEditor({
  investors,
  onChange,
  messages,
  rowErrors = [],
  disabled,
}: InvestorTableEditorProps) {
  const [bulkText, setBulkText] = useState('');
  const [bulkErrors, setBulkErrors] = useState<InvestorBulkError[]>([]);

  const update = (index: number, patch: Partial<InvestorEntry>) =>
    onChange(investors.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));

  const handleAddFromText = () => {
    const kept = investors.filter((entry) => !isBlank(entry));
    const result = parseInvestorText(bulkText, kept, messages);
    setBulkErrors(result.errors);
    if (result.errors.length > 0 || result.investors.length === 0) return;
    onChange([...kept, ...result.investors]);
    setBulkText('');
  };

  return (
    <div className={styles.editor}>
      <Table caption="Investors">
        <TableHead>
          <TableRow>
            <TableHeaderCell>#</TableHeaderCell>
            <TableHeaderCell>Public address</TableHeaderCell>
            <TableHeaderCell>Amount</TableHeaderCell>
            <TableHeaderCell>
              <span className={styles.hidden}>Actions</span>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {investors.map((entry, index) => {
            const row = index + 1;
            const errors = rowErrors[index];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional (the row number is the identity)
              <TableRow key={index}>
                <TableCell>{row}</TableCell>
                <TableCell>
                  <TextField
                    label={`Public address of investor ${row}`}
                    labelHidden
                    placeholder="0x..."
                    value={entry.publicAddress}
                    error={errors?.publicAddress}
                    disabled={disabled}
                    onChange={(event) => update(index, { publicAddress: event.target.value })}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    label={`Amount of investor ${row}`}
                    labelHidden
                    inputMode="numeric"
                    value={entry.amount}
                    error={errors?.amount}
                    disabled={disabled}
                    onChange={(event) => update(index, { amount: event.target.value })}
                  />
                </TableCell>
                <TableCell>
                  <IconButton
                    icon="close"
                    label={`Remove investor ${row}`}
                    disabled={disabled || investors.length === 1}
                    onClick={() => onChange(investors.filter((_, i) => i !== index))}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <div>
        <Button
          variant="secondary"
          size="small"
          disabled={disabled}
          onClick={() => onChange([...investors, { publicAddress: '', amount: '' }])}
        >
          Add investor
        </Button>
      </div>
      <TextArea
        label="Bulk entry"
        help="One investor per line: the address and the amount separated by a semicolon, comma, space or tab."
        rows={5}
        value={bulkText}
        disabled={disabled}
        spellCheck={false}
        onChange={(event) => setBulkText(event.target.value)}
      />
      {bulkErrors.length > 0 ? (
        <Alert tone="danger" title="The investors could not be added">
          <ul className={styles.errorList}>
            {bulkErrors.map((error) => (
              <li key={`${error.row}-${error.message}`}>{error.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div>
        <Button
          variant="secondary"
          size="small"
          disabled={disabled || bulkText.trim() === ''}
          onClick={handleAddFromText}
        >
          Add from text
        </Button>
      </div>
    </div>
  );
}
