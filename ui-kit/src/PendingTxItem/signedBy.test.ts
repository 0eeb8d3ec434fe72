import { describe, expect, it } from 'vitest';
import { signedByText } from './signedBy.ts';

describe('signedByText', () => {
  it('lists signers as a, b and c', () => {
    expect(signedByText([])).toBe('Not signed yet');
    expect(signedByText(['a'])).toBe('Signed by a');
    expect(signedByText(['a', 'b'])).toBe('Signed by a and b');
    expect(signedByText(['a', 'b', 'c'])).toBe('Signed by a, b and c');
  });
});
