// Transactions (both parts): this group's part of the full route table (routes.ts). A browser loads it with the first call of one of
// its routes (answers.ts), and no other group's schemas.
// Imported first: zod's browser setting must come before any schema here is built.
import '../zodConfig.ts';
import { z } from 'zod';
import {
  accountTransactionSchema,
  accountTransactionsPageSchema,
  accountTransactionsQuerySchema,
  pageParamsSchema,
  recordAccountTransactionRequestSchema,
  recordTransactionHashRequestSchema,
  recordTransactionReceiptRequestSchema,
  transactionDetailSchema,
  transactionHashParamsSchema,
  transactionReceiptSchema,
} from '../schemas/transactions.ts';
import {
  proveWalletRequestSchema,
  provedWalletSchema,
  walletAddressParamsSchema,
  walletProofMessageSchema,
} from '../schemas/wallets.ts';
import { type GroupRoutes, part2, route } from './define.ts';

export const transactionsRoutes = {
  recordAccountTransaction: route('recordAccountTransaction', {
    spec: part2,
    summary: 'Record a wallet-signed transaction of the account, or set its contract address (isUpdate)',
    body: recordAccountTransactionRequestSchema,
    response: accountTransactionSchema,
  }),
  walletProofMessage: route('walletProofMessage', {
    spec: 'tranche',
    summary: 'The Sign-In with Ethereum message that proves a wallet is yours',
    params: walletAddressParamsSchema,
    response: walletProofMessageSchema,
  }),
  proveWallet: route('proveWallet', {
    spec: 'tranche',
    summary: 'Prove a wallet with its signature of the Sign-In with Ethereum message (once per wallet)',
    body: proveWalletRequestSchema,
    response: provedWalletSchema,
  }),
  listAccountTransactions: route('listAccountTransactions', {
    spec: part2,
    summary:
      'My transactions, paged, newest first, each with its status and decoded effect; filtered by kind, token, status',
    params: pageParamsSchema,
    query: accountTransactionsQuerySchema,
    response: accountTransactionsPageSchema,
  }),
  recordTransactionHash: route('recordTransactionHash', {
    spec: part2,
    summary: 'Record a transaction hash',
    body: recordTransactionHashRequestSchema,
    response: z.null(),
  }),
  recordTransactionReceipt: route('recordTransactionReceipt', {
    spec: part2,
    summary: 'Record a transaction receipt (read from the chain by its hash, never trusted from the client)',
    body: recordTransactionReceiptRequestSchema,
    response: transactionReceiptSchema,
  }),
  getTransaction: route('getTransaction', {
    spec: part2,
    summary: 'A transaction recorded by the account, with its receipt and confirmations',
    params: transactionHashParamsSchema,
    response: transactionDetailSchema,
  }),
} satisfies GroupRoutes<'transactions'>;
