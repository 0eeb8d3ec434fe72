import {
  addressPattern,
  defaultTemplate,
  type TemplateValue,
  templateFieldError,
  templateFieldValue,
  whitelistEntrySchema,
  whitelistMessages,
  whitelistRegistryMessages,
} from '@tranche/api';
import { readCsvRows } from '../../lib/csv.ts';

/** One investor to verify, as POST /whitelist/bulk takes it. */
export type ImportEntry = {
  targetAddress: string;
  legalName: string;
  contactDetails: Record<string, TemplateValue>;
};

/** One line of the file below its header: the entry when valid, else the reasons in words. */
export type ImportRow = {
  /** The line number in the file (the header is line 1). */
  line: number;
  publicAddress: string;
  legalName: string;
  country: string;
  reasons: string[];
  entry: ImportEntry | null;
};

export type ImportPreview = {
  /** Required columns the header lacks (then no row is read). */
  missingColumns: string[];
  /** Header columns that are not the template's (left out). */
  ignoredColumns: string[];
  rows: ImportRow[];
  valid: ImportEntry[];
};

const addressColumn = 'publicAddress';
const requiredColumns = [
  addressColumn,
  ...defaultTemplate.fields.filter((field) => field.required).map((field) => field.name),
];
const knownColumns = new Set<string>(
  [addressColumn, ...defaultTemplate.fields.map((field) => field.name)].map((name) => name.toLowerCase()),
);

/**
 * Reads a CSV file of investors (header line with the Default Template's field names and publicAddress) and checks
 * each line with the validation of @tranche/api: the address, each template field, the entry's schema, and an address
 * given twice (the second and later lines are invalid: the server would refuse the whole request).
 */
export function previewWhitelistCsv(text: string): ImportPreview {
  const [header = [], ...lines] = readCsvRows(text);
  const names = header.map((name) => name.trim());
  const lowered = names.map((name) => name.toLowerCase());
  const indexOf = (column: string) => lowered.indexOf(column.toLowerCase());
  const missingColumns = requiredColumns.filter((column) => indexOf(column) < 0);
  const ignoredColumns = names.filter((name) => name !== '' && !knownColumns.has(name.toLowerCase()));
  if (missingColumns.length > 0) return { missingColumns, ignoredColumns, rows: [], valid: [] };

  const seen = new Set<string>();
  const rows = lines.map((cells, i): ImportRow => {
    const cell = (column: string) => cells[indexOf(column)]?.trim() ?? '';
    const publicAddress = cell(addressColumn);
    const reasons: string[] = [];
    if (!publicAddress) reasons.push(whitelistMessages.publicAddressRequired);
    else if (!addressPattern.test(publicAddress)) reasons.push(whitelistMessages.publicAddressInvalid);
    else if (seen.has(publicAddress.toLowerCase())) reasons.push(whitelistRegistryMessages.importDuplicate);
    else seen.add(publicAddress.toLowerCase());

    const contactDetails: Record<string, TemplateValue> = {};
    for (const field of defaultTemplate.fields) {
      const raw = indexOf(field.name) < 0 ? undefined : cell(field.name);
      const message = templateFieldError(field, raw);
      if (message) reasons.push(message);
      const value = templateFieldValue(field, raw);
      if (field.name !== 'legalName' && value !== undefined && value !== '')
        contactDetails[field.name] = value;
    }
    const candidate = { targetAddress: publicAddress, legalName: cell('legalName'), contactDetails };
    if (reasons.length === 0) {
      const checked = whitelistEntrySchema.safeParse(candidate);
      if (!checked.success) reasons.push(...new Set(checked.error.issues.map((issue) => issue.message)));
    }
    return {
      line: i + 2,
      publicAddress,
      legalName: candidate.legalName,
      country: typeof contactDetails.country === 'string' ? contactDetails.country : '',
      reasons,
      entry: reasons.length === 0 ? { ...candidate, targetAddress: publicAddress.toLowerCase() } : null,
    };
  });
  return {
    missingColumns,
    ignoredColumns,
    rows,
    valid: rows.flatMap((row) => (row.entry ? [row.entry] : [])),
  };
}
