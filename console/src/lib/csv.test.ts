import { csvToBulkText, investorCsvHeader, parseBulkInvestors } from '@tranche/api';
import { describe, expect, it } from 'vitest';
import { readCsvRows, toCsv } from './csv.ts';

const a = '0x1111111111111111111111111111111111111111';
const b = '0x2222222222222222222222222222222222222222';

describe('toCsv', () => {
  it('writes a header, quotes commas, quotes and line breaks, ends lines with CRLF', () => {
    const csv = toCsv(
      ['name', 'note'],
      [
        ['plain', 'a,b'],
        ['say "hi"', 'two\nlines'],
        [42, null],
      ],
    );
    expect(csv).toBe('name,note\r\nplain,"a,b"\r\n"say ""hi""","two\nlines"\r\n42,\r\n');
  });

  it('defuses spreadsheet formulas', () => {
    expect(toCsv(['x'], [['=HYPERLINK("x")'], ['+1'], ['@cmd'], ['-2']])).toBe(
      `x\r\n"'=HYPERLINK(""x"")"\r\n"'+1"\r\n"'@cmd"\r\n"'-2"\r\n`,
    );
    // A formula followed by a line break is one too (papaparse's escapeFormulae let it through).
    expect(toCsv(['x'], [['=1+1\nnote'], ['\tx']])).toBe(`x\r\n"'=1+1\nnote"\r\n"'\tx"\r\n`);
  });
});

describe('readCsvRows', () => {
  it('reads quoted cells, semicolons and blank lines', () => {
    expect(readCsvRows('"a,1";2\r\n\r\nx;"say ""hi"""\n')).toEqual([
      ['a,1', '2'],
      ['x', 'say "hi"'],
    ]);
  });

  it('round-trips the investor export through the import', () => {
    const csv = toCsv(investorCsvHeader, [
      [a, '5'],
      [b, '6'],
    ]);
    const text = csvToBulkText(
      readCsvRows(csv)
        .map((row) => row.slice(0, 2).join(','))
        .join('\n'),
    );
    expect(parseBulkInvestors(text).investors).toEqual([
      { publicAddress: a, investmentAmount: 5 },
      { publicAddress: b, investmentAmount: 6 },
    ]);
  });
});
