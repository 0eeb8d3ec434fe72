export { PendingTransactionsMenu, pendingRefreshMs } from './components/PendingTransactionsMenu.tsx';
export { type DtxRequest, StartDtxDialog, type StartDtxDialogProps } from './components/StartDtxDialog.tsx';
export { type DtxActionKind, type DtxActionTarget, useDtxAction } from './hooks/useDtxAction.tsx';
