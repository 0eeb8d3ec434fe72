import { describe, expect, it } from 'vitest';
import { tokenOperationMessages as m } from '../messages.ts';
import { maxTokenAmount, tokenAmountSchema } from './tokens.ts';

function messageOf(value: unknown): string | undefined {
  const result = tokenAmountSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('token amount (part 1, validation order)', () => {
  it('says a non-numeric amount is invalid', () => {
    expect(messageOf('abc')).toBe('The amount is invalid');
    expect(messageOf('1e3')).toBe(m.amountInvalid);
    expect(messageOf('12abc')).toBe(m.amountInvalid);
  });

  it('says a numeric amount below 1 needs to be greater than zero', () => {
    expect(messageOf('-5')).toBe('The amount needs to be greater than zero');
    expect(messageOf('0.5')).toBe(m.amountTooLow);
    expect(messageOf('0')).toBe(m.amountTooLow);
    expect(messageOf(-1)).toBe(m.amountTooLow);
  });

  it('asks for the amount when blank, and whole digits above 1', () => {
    expect(messageOf('  ')).toBe('The amount is required');
    expect(messageOf('1.5')).toBe(m.amountInvalid);
    expect(messageOf((maxTokenAmount + 1n).toString())).toBe(m.amountTooLarge);
  });

  it('answers whole amounts as decimal strings', () => {
    expect(tokenAmountSchema.parse('007')).toBe('7');
    expect(tokenAmountSchema.parse(12)).toBe('12');
  });
});
