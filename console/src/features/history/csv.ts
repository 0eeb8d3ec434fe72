import type { AccountTransaction } from '@tranche/api';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formula starts are defused. */
export function csvField(value: string | number): string {
  let text = String(value);
  // A leading =, +, -, @ (or tab/CR) would run as a formula in a spreadsheet.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(fields: (string | number)[]): string {
  return fields.map(csvField).join(',');
}

export const transactionCsvHeader = [
  'ID',
  'Type',
  'Type code',
  'Contract',
  'Contract address',
  'Public address',
  'Transaction hash',
  'Created on',
  'Updated on',
];

/** My transactions as CSV (header line first, CRLF line ends as RFC 4180 asks). */
export function transactionsCsv(rows: AccountTransaction[]): string {
  const lines = [
    csvLine(transactionCsvHeader),
    ...rows.map((row) =>
      csvLine([
        row.id,
        row.typeDescription,
        row.txType,
        row.relatedAssetClassName,
        row.contractAddress,
        row.publicAddress,
        row.transactionHash,
        row.createdOn,
        row.updatedOn,
      ]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
