import { describe, expect, it } from 'vitest';
import { formatUnits } from './DistributionProgress.tsx';

describe('formatUnits', () => {
  it('shows base units with the decimals of the asset, exactly', () => {
    expect(formatUnits('1000000001', 6)).toBe('1000.000001');
    expect(formatUnits('500000000', 6)).toBe('500');
    expect(formatUnits('1', 6)).toBe('0.000001');
    expect(formatUnits('340282366920938463463374607431768211455', 18)).toBe(
      '340282366920938463463.374607431768211455',
    );
    expect(formatUnits('42', 0)).toBe('42');
  });
});
