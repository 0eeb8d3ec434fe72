export { notificationDisplayMs, notificationsAtom, notifyAtom } from './atoms.ts';
export type { LocalNotification } from './atoms.ts';
export { Notifications } from './components/Notifications.tsx';
