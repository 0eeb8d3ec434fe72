import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { addressRegisteredAtom, walletAtom, walletRegisteredAtom } from './atoms.ts';

const address = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';

const connected = () => {
  const store = createStore();
  store.set(walletAtom, {
    kind: 'browser',
    providerId: 1,
    providerName: 'MetaMask',
    networkId: 31337,
    networkName: 'Local',
    address,
    accountName: address,
  });
  store.set(walletRegisteredAtom, false);
  return store;
};

describe('registering an address', () => {
  it('marks the connected wallet registered at once (the banner goes without a reload)', () => {
    const store = connected();
    store.set(addressRegisteredAtom, address.toLowerCase().slice(2));
    expect(store.get(walletRegisteredAtom)).toBe(true);
  });

  it('leaves the connected wallet alone when another address is registered', () => {
    const store = connected();
    store.set(addressRegisteredAtom, '0x1111111111111111111111111111111111111111');
    expect(store.get(walletRegisteredAtom)).toBe(false);
  });
});
