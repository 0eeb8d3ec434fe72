import { describe, expect, it } from 'vitest';
import { bulkInvestorMessages, draftMessages } from '../messages.ts';
import {
  csvToBulkText,
  investorCsvHeader,
  parseBulkInvestors,
  tokenDraftFormSchema,
  tokensForInvestment,
  zeroAddress,
} from './drafts.ts';

const a = '0x1111111111111111111111111111111111111111';
const b = '0x2222222222222222222222222222222222222222';
const c = '0x3333333333333333333333333333333333333333';

describe('bulk investor text', () => {
  it('reads one investor a line with semicolon, comma, space or tab, skipping blank lines', () => {
    const result = parseBulkInvestors(
      `${a};10\n\n${b}, 20\n${c}\t30\n0x4444444444444444444444444444444444444444 40`,
    );
    expect(result.errors).toEqual([]);
    expect(result.investors.map((i) => i.investmentAmount)).toEqual([10, 20, 30, 40]);
    expect(result.investors[0]?.publicAddress).toBe(a);
  });

  it('cites the row number of every error', () => {
    const text = [`${a}`, `${b};abc`, `${c};0`, `${a};-5`, `${a};7`, `${a};8`, 'nope;1', `${b};1.5`].join(
      '\n',
    );
    expect(parseBulkInvestors(text).errors).toEqual([
      bulkInvestorMessages.amountRequired(1),
      bulkInvestorMessages.amountInvalid(2),
      bulkInvestorMessages.amountNotPositive(3),
      bulkInvestorMessages.amountNotPositive(4),
      bulkInvestorMessages.addressTwice(6),
      bulkInvestorMessages.addressInvalid(7),
      bulkInvestorMessages.amountInvalid(8),
    ]);
  });

  it('counts an address entered row by row as specified twice', () => {
    expect(parseBulkInvestors(`${a.toUpperCase().replace('0X', '0x')};3`, [a]).errors).toEqual([
      bulkInvestorMessages.addressTwice(1),
    ]);
  });

  it('reads an exported CSV: the header row is dropped', () => {
    const csv = [investorCsvHeader.join(','), `${a},5`, `${b},6`].join('\n');
    expect(parseBulkInvestors(csvToBulkText(csv)).investors).toEqual([
      { publicAddress: a, investmentAmount: 5 },
      { publicAddress: b, investmentAmount: 6 },
    ]);
  });
});

describe('token amounts', () => {
  it('rounds down to whole tokens and keeps the remainders', () => {
    expect(tokensForInvestment(100, 3)).toEqual({ tokens: 33n, fiatRemainder: 1, tokenRemainder: 0.333333 });
    expect(tokensForInvestment(10, 0.25)).toEqual({ tokens: 40n, fiatRemainder: 0, tokenRemainder: 0 });
    expect(tokensForInvestment(7, 1.5)).toEqual({ tokens: 4n, fiatRemainder: 1, tokenRemainder: 0.666666 });
  });

  it('keeps token amounts exact past 2^53 (never through Number)', () => {
    // floor(9007199254740991 / 0.3) = 30023997515803303; as a Number it was 30023997515803304.
    expect(tokensForInvestment(9007199254740991, 0.3).tokens).toBe(30023997515803303n);
    expect(tokensForInvestment(9007199254740991, 0.000001).tokens).toBe(9007199254740991000000n);
  });
});

describe('New Token form schema', () => {
  const valid = {
    symbol: 'abc',
    name: 'Abc',
    exchangeRate: '1',
    currency: 'EUR',
    codebaseId: '1',
    whitelistAddress: b,
    controllerAddress: zeroAddress,
    isControllable: false,
    investors: [{ publicAddress: a, investmentAmount: '10' }],
  };
  const messageOf = (overrides: Record<string, unknown>) => {
    const result = tokenDraftFormSchema.safeParse({ ...valid, ...overrides });
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('converts the typed texts', () => {
    const result = tokenDraftFormSchema.parse(valid);
    expect(result).toMatchObject({ symbol: 'ABC', exchangeRate: 1, codebaseId: 1 });
    expect(result.investors[0]?.investmentAmount).toBe(10);
  });

  it('answers the spec texts', () => {
    expect(messageOf({ exchangeRate: '-2' })).toBe(draftMessages.exchangeRateNegative);
    expect(messageOf({ isControllable: true })).toBe(draftMessages.controllerZero);
    expect(messageOf({ investors: [{ publicAddress: a, investmentAmount: '' }] })).toBe(
      draftMessages.investorAmountPositive,
    );
    expect(messageOf({ investors: [{ publicAddress: '', investmentAmount: '3' }] })).toBe(
      draftMessages.investorAddressRequired,
    );
  });
});
