import { type CsvCell, toCsv as csvDocument } from '@tranche/api';
import Papa from 'papaparse';

export type { CsvCell };

/**
 * A CSV document (RFC 4180): a header line, then one line per row, CRLF line ends, quotes where a cell holds a
 * comma, quote or line break. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed
 * with a single quote. Written by the product's one CSV cell function (`csvCell` of @tranche/api).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvDocument(header, rows);
}

/** The rows of a CSV text (comma, semicolon or tab separated; quoted cells; blank lines skipped). */
export function readCsvRows(text: string): string[][] {
  const result = Papa.parse<string[]>(text.trim(), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  });
  return result.data.map((row) => row.map((cell) => cell.trim()));
}
