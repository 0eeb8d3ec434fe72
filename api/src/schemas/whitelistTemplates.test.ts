import { describe, expect, it } from 'vitest';
import {
  accreditedInvestorTemplate,
  templateFieldError,
  whitelistEntrySchema,
  whitelistTemplates,
} from './whitelists.ts';

const field = (name: string) => {
  const found = accreditedInvestorTemplate.fields.find((f) => f.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('whitelist templates: date and bool fields (part 2, section 3)', () => {
  it('offers the Default Template first and a template with a date and a bool field', () => {
    expect(whitelistTemplates.map((t) => t.name)).toEqual([
      'Default Template',
      'Accredited Investor Template',
    ]);
    expect(accreditedInvestorTemplate.fields.map((f) => f.type)).toEqual(
      expect.arrayContaining(['date', 'bool']),
    );
  });

  it('requires a date where the template says so and takes only real calendar days', () => {
    const date = field('accreditedOn');
    expect(templateFieldError(date, '')).toBe(
      'The accreditation date of the contact is required. Please enter a valid value and try again',
    );
    expect(templateFieldError(date, '2026-02-30')).toBe(
      'The accreditation date should be a date (YYYY-MM-DD)',
    );
    expect(templateFieldError(date, '31/03/2026')).toBe(
      'The accreditation date should be a date (YYYY-MM-DD)',
    );
    expect(templateFieldError(date, '2024-02-29')).toBeUndefined();
  });

  it('accepts either answer of a bool field, and the server schema keeps it as a boolean', () => {
    const bool = field('professionalInvestor');
    expect(templateFieldError(bool, true)).toBeUndefined();
    expect(templateFieldError(bool, false)).toBeUndefined();
    const entry = whitelistEntrySchema.parse({
      targetAddress: '0x1234567890123456789012345678901234567890',
      legalName: 'Investor',
      contactDetails: { accreditedOn: '2026-03-31', professionalInvestor: true },
    });
    expect(entry.contactDetails).toEqual({ accreditedOn: '2026-03-31', professionalInvestor: true });
  });
});
