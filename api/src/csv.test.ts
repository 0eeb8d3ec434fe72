import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('prefixes a text that a spreadsheet would run as a formula with a quote, and quotes it', () => {
    expect(['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      `"'=HYPERLINK(""http://x"",""y"")"`,
      `"'+1"`,
      `"'-2"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      `"'\rx"`,
    ]);
  });

  it('catches a formula followed by a line break', () => {
    expect(csvCell('=1+1\nnote')).toBe(`"'=1+1\nnote"`);
  });

  it('leaves plain text, numbers and empty cells as they are, quoting commas, quotes and line breaks', () => {
    expect([csvCell('Alice'), csvCell('a,b'), csvCell('say "hi"'), csvCell('x=1')]).toEqual([
      'Alice',
      '"a,b"',
      '"say ""hi"""',
      'x=1',
    ]);
    expect([csvCell(-5), csvCell(12n), csvCell(null), csvCell(undefined)]).toEqual(['-5', '12', '', '']);
  });
});

describe('toCsv', () => {
  it('writes the header and one line per row, CRLF or the line end given', () => {
    expect(toCsv(['name', 'amount'], [['=cmd', 5n]])).toBe(`name,amount\r\n"'=cmd",5\r\n`);
    expect(toCsv(['a'], [['x']], '\n')).toBe('a\nx\n');
  });
});
