import { Toaster, type ToastTone } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  type LocalNotification,
  dismissNotificationAtom,
  notificationDisplayMs,
  notificationsAtom,
  visibleNotificationIdsAtom,
} from '../atoms.ts';

const tones: Record<LocalNotification['state'], ToastTone> = {
  info: 'primary',
  success: 'success',
  warning: 'warning',
  error: 'danger',
};

/** The notification popover: each notice shows for 4 s. */
export function Notifications() {
  const all = useAtomValue(notificationsAtom);
  const visible = useAtomValue(visibleNotificationIdsAtom);
  const dismiss = useSetAtom(dismissNotificationAtom);
  const toasts = all
    .filter((n) => visible.includes(n.id))
    .map((n) => ({ id: n.id, title: n.text, tone: tones[n.state] }));
  return <Toaster toasts={toasts} onDismiss={dismiss} autoHideMs={notificationDisplayMs} />;
}
