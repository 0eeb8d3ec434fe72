import { describe, expect, it } from 'vitest';
import { networkName } from './networks.ts';

describe('networkName', () => {
  it.each([
    [0, 'Olympic'],
    [1, 'MainNet'],
    [2, 'Morden'],
    [3, 'Ropsten'],
    [4, 'Rinkeby'],
    [5, 'Goerli'],
    [42, 'Kovan'],
    [100, 'xDai'],
    [31337, 'Local'],
    [11155111, 'Local'],
  ])('names chain %i %s', (id, name) => {
    expect(networkName(id)).toBe(name);
  });
});
