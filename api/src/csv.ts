/** One cell of a CSV export. */
export type CsvCell = string | number | bigint | null | undefined;

/**
 * A text a spreadsheet would run as a formula (OWASP 'CSV injection'): it starts with = + - @, a tab or a carriage
 * return. Checked on the first character only, so a line break later in the text does not hide it.
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a text that starts a formula is prefixed with a single quote, so the spreadsheet shows it
 * as text; a cell with a comma, quote, line break or that prefix is quoted. Numbers are written as they are (an
 * amount is never a formula); null and undefined are empty. Every CSV export of the product writes its cells here.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return text !== value || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: the header line, then one line per row, each line ended by `newline` (CRLF unless given). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  newline = '\r\n',
): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}${newline}`).join('');
}
