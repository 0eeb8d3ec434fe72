import { describe, expect, it } from 'vitest';
import { type InvestorBulkMessages, parseInvestorText } from './parseInvestorText.ts';

const messages: InvestorBulkMessages = {
  amountRequired: (row) => `Row ${row}: the amount is required`,
  amountInvalid: (row) => `Row ${row}: the amount is invalid`,
  amountNotPositive: (row) => `Row ${row}: the amount cannot be zero or negative`,
  duplicateAddress: (row, address) => `Row ${row}: the address ${address} was specified twice`,
};

const a = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const b = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const c = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const d = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('parseInvestorText', () => {
  it('accepts semicolon, comma, space and tab separators and skips blank lines', () => {
    const result = parseInvestorText(`${a};100\n${b},200\n\n${c} 300\n${d}\t400\n`, [], messages);
    expect(result.errors).toEqual([]);
    expect(result.investors).toEqual([
      { publicAddress: a, amount: '100' },
      { publicAddress: b, amount: '200' },
      { publicAddress: c, amount: '300' },
      { publicAddress: d, amount: '400' },
    ]);
  });

  it('reports amount errors with their row numbers', () => {
    const result = parseInvestorText(
      `${a}\n${b};abc\n${c};1.5\n${d};0\n0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65;-3`,
      [],
      messages,
    );
    expect(result.errors).toEqual([
      { row: 1, message: 'Row 1: the amount is required' },
      { row: 2, message: 'Row 2: the amount is invalid' },
      { row: 3, message: 'Row 3: the amount is invalid' },
      { row: 4, message: 'Row 4: the amount cannot be zero or negative' },
      { row: 5, message: 'Row 5: the amount cannot be zero or negative' },
    ]);
    expect(result.investors).toEqual([]);
  });

  it('detects duplicates within the text and against existing rows, case-insensitively', () => {
    const result = parseInvestorText(
      `${a};1\n${b};2\n${a.toLowerCase()};3`,
      [{ publicAddress: b, amount: '9' }],
      messages,
    );
    expect(result.errors).toEqual([
      { row: 2, message: `Row 2: the address ${b} was specified twice` },
      { row: 3, message: `Row 3: the address ${a.toLowerCase()} was specified twice` },
    ]);
    expect(result.investors).toEqual([{ publicAddress: a, amount: '1' }]);
  });

  it('optionally rejects malformed addresses', () => {
    const result = parseInvestorText('0x123;5', [], {
      ...messages,
      addressInvalid: (row) => `Row ${row}: the public address of the investor is invalid`,
    });
    expect(result.errors).toEqual([
      { row: 1, message: 'Row 1: the public address of the investor is invalid' },
    ]);
  });

  it('keeps amounts beyond the safe integer range exact', () => {
    expect(parseInvestorText(`${a};123456789012345678901234567890`, [], messages).investors[0]?.amount).toBe(
      '123456789012345678901234567890',
    );
  });
});
