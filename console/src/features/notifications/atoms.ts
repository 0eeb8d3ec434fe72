import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** A local notification (part 1, section 3): kept in local storage, shown for 4 s. */
export type LocalNotification = {
  id: string;
  state: 'info' | 'success' | 'warning' | 'error';
  ts: number;
  text: string;
  /** e.g. the transaction hash the notice is about. */
  data?: Record<string, string>;
};

/** How long a notice stays on screen (part 1, section 9). */
export const notificationDisplayMs = 4000;
const keep = 50;

export const notificationsAtom = atomWithStorage<LocalNotification[]>(
  'notifications',
  [],
  createJSONStorage(() => localStorage),
  { getOnInit: true },
);

/** Ids on screen now (the popover); the stored list is the history. */
export const visibleNotificationIdsAtom = atom<string[]>([]);

let sequence = 0;

export const notifyAtom = atom(
  null,
  (
    get,
    set,
    notice: {
      text: string;
      state?: LocalNotification['state'];
      data?: Record<string, string>;
      /** Kept in the notifications list but not shown as a toast: the page shows the same state already. */
      silent?: boolean;
    },
  ) => {
    sequence += 1;
    const entry: LocalNotification = {
      id: `${Date.now().toString(36)}-${sequence}`,
      state: notice.state ?? 'info',
      ts: Date.now(),
      text: notice.text,
      data: notice.data,
    };
    set(notificationsAtom, [entry, ...get(notificationsAtom)].slice(0, keep));
    if (!notice.silent) set(visibleNotificationIdsAtom, [...get(visibleNotificationIdsAtom), entry.id]);
  },
);

export const dismissNotificationAtom = atom(null, (get, set, id: string) => {
  set(
    visibleNotificationIdsAtom,
    get(visibleNotificationIdsAtom).filter((visible) => visible !== id),
  );
});
