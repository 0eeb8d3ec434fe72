import Papa from 'papaparse';

export type CsvCell = string | number | bigint | null | undefined;

/**
 * A CSV document (RFC 4180 via papaparse): a header line, then one line per row, CRLF line ends, quotes where a
 * cell holds a comma, quote or line break. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * are prefixed with a single quote.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const data = rows.map((row) =>
    row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
  );
  return `${Papa.unparse({ fields: [...header], data }, { newline: '\r\n', escapeFormulae: true })}\r\n`;
}

/** The rows of a CSV text (comma, semicolon or tab separated; quoted cells; blank lines skipped). */
export function readCsvRows(text: string): string[][] {
  const result = Papa.parse<string[]>(text.trim(), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  });
  return result.data.map((row) => row.map((cell) => cell.trim()));
}
