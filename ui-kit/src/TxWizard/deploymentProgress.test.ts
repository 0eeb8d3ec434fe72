import { describe, expect, it } from 'vitest';
import { deploymentProgress } from './deploymentProgress.ts';

describe('deploymentProgress', () => {
  it('starts at 1, is 5 while deploying, then follows issued investors', () => {
    expect(deploymentProgress({ draftStatus: null, issued: 0, investors: 3 })).toBe(1);
    expect(deploymentProgress({ draftStatus: 1, issued: 0, investors: 3 })).toBe(5);
    expect(deploymentProgress({ draftStatus: 2, contractAddress: '', issued: 0, investors: 3 })).toBe(5);
    expect(deploymentProgress({ draftStatus: 2, contractAddress: '0xabc', issued: 0, investors: 3 })).toBe(
      25,
    );
    expect(deploymentProgress({ draftStatus: 2, contractAddress: '0xabc', issued: 1, investors: 3 })).toBe(
      50,
    );
    expect(deploymentProgress({ draftStatus: 2, contractAddress: '0xabc', issued: 3, investors: 3 })).toBe(
      100,
    );
  });
});
