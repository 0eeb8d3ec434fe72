export {
  type MinedReceipt,
  RegistrationError,
  registerWalletTransaction,
  type WalletTransactionRegistration,
} from './registerWalletTransaction.ts';
