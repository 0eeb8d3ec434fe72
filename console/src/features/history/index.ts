export { ChainLink, type ChainLinkProps } from './components/ChainLink.tsx';
export { DetailRow } from './components/DetailRow.tsx';
export { RegularTransactionPage } from './components/RegularTransactionPage.tsx';
export { ShardedTransactionPage } from './components/ShardedTransactionPage.tsx';
export { TransactionHistoryPage } from './components/TransactionHistoryPage.tsx';
export { pageFromQuery, shownPageCount } from './pageQuery.ts';
export {
  type MinedReceipt,
  proveWallet,
  RegistrationError,
  registerWalletTransaction,
  type WalletTransactionRegistration,
} from './registerWalletTransaction.ts';
