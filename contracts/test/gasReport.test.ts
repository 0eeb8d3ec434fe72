import { describe, expect, it } from 'vitest';
import { measuredGas } from '../src/batchSize.ts';
import { measureGas } from '../scripts/gasFigures.ts';
import { tokenVersions } from '../scripts/fixture.ts';

// The committed gas-report.json is what the contracts cost on the chain today: measured again here (the gas
// script's own operations, on a fresh chain), so a contract change without `pnpm --filter @tranche/contracts gas`
// fails, and the budgets and goals src/batchSize.test.ts asserts on the report hold on the chain.
describe.each(tokenVersions)('gas-report.json, token v%i', (version) => {
  it('holds the figures measured on the chain now', async () => {
    const { report } = await measureGas(version, { details: false });
    const { v2, ...v1 } = measuredGas;
    expect(report).toEqual(version === 1 ? v1 : v2);
  }, 300_000);
});
