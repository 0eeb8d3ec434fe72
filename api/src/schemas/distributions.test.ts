import { describe, expect, it } from 'vitest';
import { distributionMessages as m } from '../messages.ts';
import { distributionBaseUnits, distributionFormSchema, snapshotFormSchema } from './distributions.ts';

const asset = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const treasury = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const nextYear = `${new Date().getFullYear() + 1}-06-30T12:00`;

function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.success ? [] : (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

describe('the console forms of a distribution (same messages as the API)', () => {
  it('asks for the register by its source: an existing one, a block, or a date', () => {
    expect(issuesOf(snapshotFormSchema.safeParse({ source: 'existing' }))).toEqual([
      ['snapshotId', m.snapshotNotFound],
    ]);
    expect(issuesOf(snapshotFormSchema.safeParse({ source: 'block', blockNumber: '12a' }))).toEqual([
      ['blockNumber', m.blockInvalid],
    ]);
    expect(issuesOf(snapshotFormSchema.safeParse({ source: 'date', date: 'tomorrow' }))).toEqual([
      ['date', m.dateInvalid],
    ]);
    expect(snapshotFormSchema.safeParse({ source: 'block', blockNumber: '42' }).success).toBe(true);
  });

  it("reads the terms: an amount in the payment token's units, excluded addresses one a line, a deadline in the future", () => {
    const parsed = distributionFormSchema(Date.now).parse({
      asset,
      basis: 'total',
      amount: ' 1,000.000001 ',
      excluded: `${treasury}\n\n${asset}, `,
      deadline: nextYear,
    });
    expect(parsed.amount).toBe('1,000.000001');
    expect(distributionBaseUnits(parsed.amount, 6)).toEqual({ ok: true, units: '1000000001' });
    expect(distributionBaseUnits('35,250', 6)).toEqual({ ok: true, units: '35250000000' });
    expect(distributionBaseUnits('1.0000001', 6)).toEqual({ ok: false, message: m.amountTooPrecise(6) });
    expect(distributionBaseUnits('0.00', 6)).toEqual({ ok: false, message: m.amountZero });
    expect(parsed.asset).toBe(asset.toLowerCase());
    expect(parsed.excluded).toEqual([treasury.toLowerCase(), asset.toLowerCase()]);
    expect(parsed.deadline).toBe(new Date(nextYear).toISOString());

    const wrong = distributionFormSchema(Date.now).safeParse({
      asset: '0x12',
      basis: 'perToken',
      amount: '1.5 tUSD',
      excluded: 'treasury',
      deadline: '2001-01-01T00:00',
    });
    expect(issuesOf(wrong)).toEqual([
      ['asset', m.assetInvalid],
      ['amount', m.amountUnitsInvalid],
      ['excluded', m.excludedInvalid],
      ['deadline', m.deadlineInPast],
    ]);
  });

  it("judges the claim deadline by the chain's clock, which a dev chain may have moved ahead (issue 34)", () => {
    const chainNow = Date.parse(nextYear) + 86_400_000;
    const terms = { asset, basis: 'total', amount: '10', deadline: nextYear };
    // In the future by the wall clock, a day past by the chain's: refused, as the server and the Distributor would.
    expect(issuesOf(distributionFormSchema(() => chainNow).safeParse(terms))).toEqual([
      ['deadline', m.deadlineInPast],
    ]);
    expect(
      distributionFormSchema(() => chainNow).safeParse({
        ...terms,
        deadline: `${new Date().getFullYear() + 1}-07-02T12:00`,
      }).success,
    ).toBe(true);
  });
});
