import { describe, expect, it } from 'vitest';
import { explorerHref } from './explorerHref.ts';

describe('explorerHref', () => {
  it('fills the template', () => {
    expect(explorerHref('tx', '0xabc', { urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' })).toBe(
      'https://sepolia.etherscan.io/tx/0xabc',
    );
  });
  it('goes to the local pages on a local chain', () => {
    expect(explorerHref('block', '12', { isLocal: true, urlTemplate: 'https://x/{kind}/{value}' })).toBe(
      '/local/block/12',
    );
    expect(explorerHref('address', '0xabc', { isLocal: true })).toBe('/local/address/0xabc');
  });
  it('is null without configuration', () => {
    expect(explorerHref('address', '0xabc', {})).toBeNull();
  });
});
