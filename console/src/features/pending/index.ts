export { PendingTransactionsMenu, pendingRefreshMs } from './components/PendingTransactionsMenu.tsx';
