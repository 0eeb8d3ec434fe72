import {
  RegularTransactionPage,
  ShardedTransactionPage,
  TransactionHistoryPage,
} from '../features/history/index.ts';

export function TransactionHistoryRoute() {
  return <TransactionHistoryPage />;
}

export function ViewRegularTransactionRoute() {
  return <RegularTransactionPage />;
}

export function ViewTransactionRoute() {
  return <ShardedTransactionPage />;
}
