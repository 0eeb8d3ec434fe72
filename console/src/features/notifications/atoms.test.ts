import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { notificationsAtom, notifyAtom, visibleNotificationIdsAtom } from './atoms.ts';

describe('notifyAtom', () => {
  it('keeps a silent notice in the list without a toast (the TxWizard shows the same state)', () => {
    const store = createStore();
    store.set(notifyAtom, { text: 'Transaction submitted', data: { hash: '0xab' }, silent: true });
    expect(store.get(notificationsAtom)[0]).toMatchObject({
      text: 'Transaction submitted',
      data: { hash: '0xab' },
    });
    expect(store.get(visibleNotificationIdsAtom)).toEqual([]);
    store.set(notifyAtom, { text: 'Notification preferences saved', state: 'success' });
    expect(store.get(visibleNotificationIdsAtom)).toHaveLength(1);
  });
});
