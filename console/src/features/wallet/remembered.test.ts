import { describe, expect, it } from 'vitest';
import { readRememberedWallet, rememberedWalletKey, writeRememberedWallet } from './remembered.ts';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('the remembered wallet connection', () => {
  it('keeps a browser wallet by its rdns, a local account and a sharded key by address', () => {
    const storage = memoryStorage();
    writeRememberedWallet({ kind: 'browser', address, rdns: 'io.metamask' }, storage);
    expect(readRememberedWallet(storage)).toEqual({ kind: 'browser', address, rdns: 'io.metamask' });
    writeRememberedWallet({ kind: 'sharded', address }, storage);
    expect(readRememberedWallet(storage)).toEqual({ kind: 'sharded', address });
  });

  it('never restores a Ledger: it asks again', () => {
    const storage = memoryStorage();
    writeRememberedWallet({ kind: 'browser', address }, storage);
    writeRememberedWallet({ kind: 'ledger', address }, storage);
    expect(storage.items.has(rememberedWalletKey)).toBe(false);
    storage.setItem(rememberedWalletKey, JSON.stringify({ kind: 'ledger', address }));
    expect(readRememberedWallet(storage)).toBeNull();
  });

  it('forgets on null and ignores what it cannot read', () => {
    const storage = memoryStorage();
    writeRememberedWallet({ kind: 'local', address }, storage);
    writeRememberedWallet(null, storage);
    expect(readRememberedWallet(storage)).toBeNull();
    storage.setItem(rememberedWalletKey, '{not json');
    expect(readRememberedWallet(storage)).toBeNull();
    storage.setItem(rememberedWalletKey, JSON.stringify({ kind: 'browser', address: 'nope' }));
    expect(readRememberedWallet(storage)).toBeNull();
  });
});
