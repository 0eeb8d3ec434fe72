// Imported first: zod's browser setting must come before any schema here is built (a browser loads this table
// on its own, api/src/client.ts's `answers`).
import './zodConfig.ts';
import { z } from 'zod';
import {
  approveDtxResponseSchema,
  dtxActionRequestSchema,
  dtxDetailSchema,
  dtxIdParamsSchema,
  dtxIdResponseSchema,
  dtxPageSchema,
  pendingDtxResponseSchema,
  startDtxRequestSchema,
} from './schemas/dtx.ts';
import { approvalsResponseSchema } from './schemas/approvals.ts';
import {
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from './schemas/notifications.ts';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  webhookDeliveriesParamsSchema,
  webhookDeliveryPageSchema,
  webhookIdParamsSchema,
  webhookListSchema,
  webhookReplayParamsSchema,
  webhookReplayResponseSchema,
} from './schemas/webhooks.ts';
import {
  cancelReshardRequestSchema,
  commitShardedKeyRequestSchema,
  createShardedKeyRequestSchema,
  reshardRequestSchema,
  reshardResponseSchema,
  shardedAddressListSchema,
  shardedKeyResultSchema,
  shardedKeyParamsSchema,
  shardedKeyStatusSchema,
  shardOpenedRequestSchema,
  shardPdfSchema,
} from './schemas/sharding.ts';
import {
  confirmAccountRequestSchema,
  createAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
  sessionSchema,
} from './schemas/accounts.ts';
import {
  createDraftRequestSchema,
  createDraftResponseSchema,
  deployDraftRequestSchema,
  deployDraftResponseSchema,
  draftSchema,
  draftSymbolParamsSchema,
} from './schemas/drafts.ts';
import { appConfigSchema, healthSchema, outboxSchema, readySchema } from './schemas/system.ts';
import { balanceOfParamsSchema, balanceReportSchema } from './schemas/balanceReport.ts';
import {
  bulkJobParamsSchema,
  bulkJobSchema,
  startBulkRequestSchema,
  startBulkResponseSchema,
} from './schemas/bulk.ts';
import {
  localAddressParamsSchema,
  localAddressSchema,
  localBlockParamsSchema,
  localBlockSchema,
  localTransactionSchema,
  localTxParamsSchema,
} from './schemas/localChain.ts';
import {
  balanceHistoryParamsSchema,
  balanceHistoryQuerySchema,
  balanceHistoryResponseSchema,
  balanceParamsSchema,
  balanceResponseSchema,
} from './schemas/balance.ts';
import { holdersParamsSchema, holdersQuerySchema, holdersResponseSchema } from './schemas/holders.ts';
import { createPartitionRequestSchema, partitionListSchema, partitionSchema } from './schemas/partitions.ts';
import {
  projectCodeParamsSchema,
  projectDetailSchema,
  searchProjectsQuerySchema,
  searchProjectsResponseSchema,
} from './schemas/projects.ts';
import {
  addDocumentRequestSchema,
  controllerRedeemRequestSchema,
  forceTransferRequestSchema,
  issueTokensRequestSchema,
  redeemTokensRequestSchema,
  removeDocumentRequestSchema,
  tokenTransactionResponseSchema,
} from './schemas/tokens.ts';
import {
  precheckRequestSchema,
  precheckResponseSchema,
  setRulesRequestSchema,
  setRulesResponseSchema,
  tokenRulesParamsSchema,
  tokenRulesSchema,
} from './schemas/rules.ts';
import {
  accountTransactionSchema,
  accountTransactionsPageSchema,
  pageParamsSchema,
  recordAccountTransactionRequestSchema,
  recordTransactionHashRequestSchema,
  recordTransactionReceiptRequestSchema,
  transactionDetailSchema,
  transactionHashParamsSchema,
  transactionReceiptSchema,
} from './schemas/transactions.ts';
import { checkCredentialsParamsSchema, registerCredentialsRequestSchema } from './schemas/credentials.ts';
import { codebaseListParamsSchema, codebaseListSchema } from './schemas/codebases.ts';
import {
  assetResponseSchema,
  checkLevelParamsSchema,
  checkOperatorParamsSchema,
  contractAddressParamsSchema,
  deployTxResponseSchema,
  levelChangeRequestSchema,
  operatorChangeRequestSchema,
  rbacDeployTxRequestSchema,
  registerSchemeRequestSchema,
  schemeDetailSchema,
  schemeListSchema,
  transactionHashResponseSchema,
} from './schemas/rbac.ts';
import {
  registerWhitelistRequestSchema,
  verifiedAddressPageSchema,
  whitelistAddressesParamsSchema,
  whitelistBulkRequestSchema,
  whitelistBulkResponseSchema,
  whitelistDeployTxRequestSchema,
  whitelistListSchema,
} from './schemas/whitelists.ts';

import {
  claimsParamsSchema,
  claimsResponseSchema,
  createDistributionRequestSchema,
  createDistributionResponseSchema,
  createSnapshotRequestSchema,
  distributionIdParamsSchema,
  distributionListSchema,
  distributionSchema,
  fundTxResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  reclaimRequestSchema,
  reclaimResponseSchema,
  snapshotDetailSchema,
  snapshotIdParamsSchema,
  snapshotListSchema,
  snapshotRowsQuerySchema,
  snapshotSummarySchema,
  snapshotSymbolParamsSchema,
} from './schemas/distributions.ts';
import {
  proveWalletRequestSchema,
  provedWalletSchema,
  walletAddressParamsSchema,
  walletProofMessageSchema,
} from './schemas/wallets.ts';

import { type RouteId, type RouteTarget, routeTable } from './routeTable.ts';

export { apiPrefix, buildPath, httpMethods, pathParams, routeAccess, routeTable } from './routeTable.ts';
export type { HttpMethod, RouteAccess, RouteId, RouteTarget } from './routeTable.ts';

/** A route of the full table: its target (routeTable.ts) with its schemas and documentation. */
export type RouteDefinition = RouteTarget & {
  summary: string;
  /** Which part of the spec describes it. */
  spec: 'part1' | 'part2' | 'tranche';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  response?: z.ZodType;
  /** The request body's example in the OpenAPI document, where one built from field names cannot fit (fields that exclude each other). */
  bodyExample?: unknown;
};

/** A route's entry: its target from the light table, with the schemas and documentation written here. */
function route<const Id extends RouteId, const T extends Omit<RouteDefinition, keyof RouteTarget>>(
  id: Id,
  definition: T,
): (typeof routeTable)[Id] & T {
  return { ...routeTable[id], ...definition };
}

const part1 = 'part1' as const;
const part2 = 'part2' as const;

/**
 * The full route table: every call of both specs' section 7 plus Tranche's own (health, config, local outbox), each
 * the light table's method, path and access (routeTable.ts) with its schemas and documentation. A new route is
 * named in routeTable.ts first; the module that implements it adds its schemas here.
 */
export const routes = {
  // --- Tranche's own
  health: route('health', {
    spec: 'tranche',
    summary: 'Live chain and database status',
    response: healthSchema,
  }),
  ready: route('ready', {
    spec: 'tranche',
    summary: 'Readiness for a load balancer: database, chain and indexer lag',
    response: readySchema,
  }),
  config: route('config', {
    spec: 'tranche',
    summary: 'Chain id, local mode, dev chain RPC URL and explorer link templates',
    response: appConfigSchema,
  }),
  localOutbox: route('localOutbox', {
    spec: 'tranche',
    summary:
      'Mail kept in the local outbox, newest first (local mode only): all of it to a session on loopback, else the mail to its own address',
    response: outboxSchema,
  }),
  localAddress: route('localAddress', {
    spec: 'tranche',
    summary: 'An address on the embedded chain: balance, nonce, code, recent transactions (local mode only)',
    params: localAddressParamsSchema,
    response: localAddressSchema,
  }),
  localTransaction: route('localTransaction', {
    spec: 'tranche',
    summary: 'A transaction on the embedded chain with its receipt (local mode only)',
    params: localTxParamsSchema,
    response: localTransactionSchema,
  }),
  localBlock: route('localBlock', {
    spec: 'tranche',
    summary: 'A block of the embedded chain by number, hash or latest (local mode only)',
    params: localBlockParamsSchema,
    response: localBlockSchema,
  }),

  // --- Accounts and session (part 2, part 1 GET /auth)
  createAccount: route('createAccount', {
    spec: part2,
    summary: 'Sign up; mails a confirmation code',
    body: createAccountRequestSchema,
    response: z.null(),
  }),
  confirmAccount: route('confirmAccount', {
    spec: part2,
    summary: 'Confirm an account with the mailed code',
    body: confirmAccountRequestSchema,
    response: z.null(),
  }),
  login: route('login', {
    spec: part2,
    summary: 'Log in; answers the session token',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  forgotPassword: route('forgotPassword', {
    spec: part2,
    summary: 'Mail a password reset code and link (same answer whether or not the address exists)',
    body: forgotPasswordRequestSchema,
    response: z.null(),
  }),
  resetPassword: route('resetPassword', {
    spec: part2,
    summary: 'Set a new password with the mailed code or link token (1 hour, single use)',
    body: resetPasswordRequestSchema,
    response: z.null(),
  }),
  auth: route('auth', {
    spec: part1,
    summary: 'The current session (200 when logged in)',
    response: sessionSchema,
  }),
  logout: route('logout', {
    spec: 'tranche',
    summary: 'End the current session on the server (its token is refused from then on, on every instance)',
    response: z.null(),
  }),

  // --- Drafts (part 2)
  getDraft: route('getDraft', {
    spec: part2,
    summary: 'A token draft of the calling account, with its investors and their issuance status',
    params: draftSymbolParamsSchema,
    response: draftSchema,
  }),
  createDraft: route('createDraft', {
    spec: part2,
    summary: 'Save token drafts (a saved, undeployed draft of the same symbol is replaced)',
    body: createDraftRequestSchema,
    response: createDraftResponseSchema,
  }),
  deployDraft: route('deployDraft', {
    spec: part2,
    summary: 'Start the durable deployment job of a draft: deploy the token, then issue to every investor',
    body: deployDraftRequestSchema,
    response: deployDraftResponseSchema,
  }),
  deleteDraft: route('deleteDraft', {
    spec: part2,
    summary: 'Delete a draft that is not deployed',
    params: draftSymbolParamsSchema,
    response: z.null(),
  }),
  listCodebases: route('listCodebases', {
    spec: part2,
    summary: 'Codebases of a type (1 tokens, 2 whitelists, 3 security schemes)',
    params: codebaseListParamsSchema,
    response: codebaseListSchema,
  }),

  // --- Whitelists (part 2)
  listWhitelists: route('listWhitelists', {
    spec: part2,
    summary: 'All whitelists',
    response: whitelistListSchema,
  }),
  listWhitelistAddresses: route('listWhitelistAddresses', {
    spec: part2,
    summary: 'Verified addresses of a whitelist, paged',
    params: whitelistAddressesParamsSchema,
    response: verifiedAddressPageSchema,
  }),
  whitelistBulk: route('whitelistBulk', {
    spec: part2,
    summary: 'Add or update whitelisted addresses',
    body: whitelistBulkRequestSchema,
    response: whitelistBulkResponseSchema,
  }),
  whitelistDeployTx: route('whitelistDeployTx', {
    spec: part2,
    summary: 'Build the unsigned whitelist deployment',
    body: whitelistDeployTxRequestSchema,
    response: deployTxResponseSchema,
  }),
  registerWhitelist: route('registerWhitelist', {
    spec: part2,
    summary: 'Register a deployed whitelist',
    body: registerWhitelistRequestSchema,
    response: z.null(),
  }),

  // --- Security schemes and access rights (part 1)
  listSchemes: route('listSchemes', {
    spec: part1,
    summary: 'Security schemes',
    response: schemeListSchema,
  }),
  getSchemeOfContract: route('getSchemeOfContract', {
    spec: part1,
    summary: 'The security scheme of a contract',
    params: contractAddressParamsSchema,
    response: schemeDetailSchema,
  }),
  getSchemeAsset: route('getSchemeAsset', {
    spec: part1,
    summary: 'The asset id of a contract in its scheme',
    params: contractAddressParamsSchema,
    response: assetResponseSchema,
  }),
  rbacDeployTx: route('rbacDeployTx', {
    spec: part1,
    summary: 'Build the unsigned security scheme deployment',
    body: rbacDeployTxRequestSchema,
    response: deployTxResponseSchema,
  }),
  registerScheme: route('registerScheme', {
    spec: part1,
    summary: 'Register a deployed security scheme',
    body: registerSchemeRequestSchema,
    response: z.null(),
  }),
  checkOperator: route('checkOperator', {
    spec: part1,
    summary: 'Is the address a security manager (OP)',
    params: checkOperatorParamsSchema,
    response: z.boolean(),
  }),
  checkLevel1: route('checkLevel1', {
    spec: part1,
    summary: 'Has the address access level 1',
    params: checkLevelParamsSchema,
    response: z.boolean(),
  }),
  checkLevel2: route('checkLevel2', {
    spec: part1,
    summary: 'Has the address access level 2',
    params: checkLevelParamsSchema,
    response: z.boolean(),
  }),
  grantOperator: route('grantOperator', {
    spec: part1,
    summary: 'Grant the security manager right',
    body: operatorChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeOperator: route('revokeOperator', {
    spec: part1,
    summary: 'Revoke the security manager right',
    body: operatorChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  grantLevel1: route('grantLevel1', {
    spec: part1,
    summary: 'Grant access level 1',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeLevel1: route('revokeLevel1', {
    spec: part1,
    summary: 'Revoke access level 1',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  grantLevel2: route('grantLevel2', {
    spec: part1,
    summary: 'Grant access level 2',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeLevel2: route('revokeLevel2', {
    spec: part1,
    summary: 'Revoke access level 2',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),

  // --- Transactions (both parts)
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
    summary: 'My transactions, paged, newest first',
    params: pageParamsSchema,
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

  // --- Keys, sharding, distributed transactions
  registerCredentials: route('registerCredentials', {
    spec: part2,
    summary: 'Register my key pair',
    body: registerCredentialsRequestSchema,
    response: z.null(),
  }),
  checkCredentials: route('checkCredentials', {
    spec: part1,
    summary: 'Is a key registered for the address (by the calling account)',
    params: checkCredentialsParamsSchema,
    response: z.boolean(),
  }),
  createShardedKey: route('createShardedKey', {
    spec: part2,
    summary: 'Create a sharded key',
    body: createShardedKeyRequestSchema,
    response: shardedKeyResultSchema,
  }),
  shardOpened: route('shardOpened', {
    spec: 'tranche',
    summary: 'A signer opened their PDF with the mailed password',
    body: shardOpenedRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  commitShardedKey: route('commitShardedKey', {
    spec: part2,
    summary: 'Activate a sharded key',
    body: commitShardedKeyRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  reshard: route('reshard', {
    spec: part2,
    summary: 'Reshard a key',
    body: reshardRequestSchema,
    response: reshardResponseSchema,
  }),
  cancelReshard: route('cancelReshard', {
    spec: 'tranche',
    summary: 'Cancel a reshard that was not activated (a current signer, with their access code)',
    body: cancelReshardRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  getShardedKey: route('getShardedKey', {
    spec: 'tranche',
    summary: 'The signers of a sharded key being set up (or resharded) and who opened their PDF',
    params: shardedKeyParamsSchema,
    response: shardedKeyStatusSchema,
  }),
  myShardPdf: route('myShardPdf', {
    spec: 'tranche',
    summary: 'My own PDF of a key generation waiting for activation (fetched again until it is activated)',
    params: shardedKeyParamsSchema,
    response: shardPdfSchema,
  }),
  listShardedKeys: route('listShardedKeys', {
    spec: part1,
    summary: 'Sharded key addresses',
    response: shardedAddressListSchema,
  }),
  pendingDtx: route('pendingDtx', {
    spec: part1,
    summary: 'Distributed transactions waiting for me',
    response: pendingDtxResponseSchema,
  }),
  listDtx: route('listDtx', {
    spec: part2,
    summary: 'Sharded transactions, paged',
    params: pageParamsSchema,
    response: dtxPageSchema,
  }),
  getDtx: route('getDtx', {
    spec: part2,
    summary: 'A distributed transaction',
    params: dtxIdParamsSchema,
    response: dtxDetailSchema,
  }),
  startDtx: route('startDtx', {
    spec: part1,
    summary: 'Start a distributed transaction',
    body: startDtxRequestSchema,
    response: dtxIdResponseSchema,
  }),
  approveDtx: route('approveDtx', {
    spec: part1,
    summary: 'Approve a distributed transaction',
    body: dtxActionRequestSchema,
    response: approveDtxResponseSchema,
  }),
  cancelDtx: route('cancelDtx', {
    spec: part1,
    summary: 'Cancel a distributed transaction',
    body: dtxActionRequestSchema,
    response: dtxIdResponseSchema,
  }),
  listApprovals: route('listApprovals', {
    spec: 'tranche',
    summary: 'Pending operations of all my keys, split into needing my approval and waiting for others',
    response: approvalsResponseSchema,
  }),
  getNotificationPreferences: route('getNotificationPreferences', {
    spec: 'tranche',
    summary: 'Which mail I receive (each kind on or off) and whether as a daily digest',
    response: notificationPreferencesSchema,
  }),
  putNotificationPreferences: route('putNotificationPreferences', {
    spec: 'tranche',
    summary: 'Change which mail I receive',
    body: updateNotificationPreferencesSchema,
    response: notificationPreferencesSchema,
  }),
  createWebhook: route('createWebhook', {
    spec: 'tranche',
    summary: 'Add a webhook endpoint (its signing secret is answered this once)',
    body: createWebhookRequestSchema,
    bodyExample: { url: 'https://example.com/tranche-events', events: ['token.issued', 'dtx.started'] },
    response: createWebhookResponseSchema,
  }),
  listWebhooks: route('listWebhooks', {
    spec: 'tranche',
    summary: 'My webhook endpoints',
    response: webhookListSchema,
  }),
  deleteWebhook: route('deleteWebhook', {
    spec: 'tranche',
    summary: 'Delete a webhook endpoint (its deliveries stop)',
    params: webhookIdParamsSchema,
    response: webhookListSchema,
  }),
  listWebhookDeliveries: route('listWebhookDeliveries', {
    spec: 'tranche',
    summary: "A webhook endpoint's delivery log: each attempt with its status code, newest first",
    params: webhookDeliveriesParamsSchema,
    response: webhookDeliveryPageSchema,
  }),
  replayWebhookDelivery: route('replayWebhookDelivery', {
    spec: 'tranche',
    summary: 'Send a delivery again (same webhook-id, new timestamp and signature)',
    params: webhookReplayParamsSchema,
    response: webhookReplayResponseSchema,
  }),

  // --- Tokens (part 1)
  searchProjects: route('searchProjects', {
    spec: part1,
    summary: 'Search tokens (query page, term)',
    query: searchProjectsQuerySchema,
    response: searchProjectsResponseSchema,
  }),
  getProject: route('getProject', {
    spec: part1,
    summary: 'A token',
    params: projectCodeParamsSchema,
    response: projectDetailSchema,
  }),
  listPartitions: route('listPartitions', {
    spec: part1,
    summary: 'Partitions',
    response: partitionListSchema,
  }),
  createPartition: route('createPartition', {
    spec: part1,
    summary: 'Add a partition',
    body: createPartitionRequestSchema,
    response: partitionSchema,
  }),
  issueTokens: route('issueTokens', {
    spec: part1,
    summary: 'Issue tokens',
    body: issueTokensRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  redeemTokens: route('redeemTokens', {
    spec: part1,
    summary: 'Redeem tokens',
    body: redeemTokensRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  forceTransfer: route('forceTransfer', {
    spec: part1,
    summary: 'Forced transfer by the controller',
    body: forceTransferRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  controllerRedeem: route('controllerRedeem', {
    spec: part1,
    summary: 'Redeem from an address by the controller',
    body: controllerRedeemRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  addDocument: route('addDocument', {
    spec: part1,
    summary: 'Attach a document',
    body: addDocumentRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  removeDocument: route('removeDocument', {
    spec: part1,
    summary: 'Remove a document',
    body: removeDocumentRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  getTokenRules: route('getTokenRules', {
    spec: 'tranche',
    summary: 'Compliance rules of a token and its partitions, with holder counts',
    params: tokenRulesParamsSchema,
    response: tokenRulesSchema,
  }),
  setTokenRules: route('setTokenRules', {
    spec: 'tranche',
    summary: 'Set the compliance rule of a token or of one partition',
    body: setRulesRequestSchema,
    response: setRulesResponseSchema,
  }),
  precheckOperation: route('precheckOperation', {
    spec: 'tranche',
    summary: 'Whether an operation would pass the chain now, in plain words, before anything is signed',
    body: precheckRequestSchema,
    response: precheckResponseSchema,
  }),
  startBulk: route('startBulk', {
    spec: 'tranche',
    summary:
      'Start a bulk issue or bulk forced transfer on a live token: every row pre-checked, then sent in batches',
    body: startBulkRequestSchema,
    response: startBulkResponseSchema,
  }),
  getBulk: route('getBulk', {
    spec: 'tranche',
    summary: 'Progress of a bulk operation and the result of each row',
    params: bulkJobParamsSchema,
    response: bulkJobSchema,
  }),
  listHolders: route('listHolders', {
    spec: part1,
    summary: 'Holders of a partition',
    params: holdersParamsSchema,
    query: holdersQuerySchema,
    response: holdersResponseSchema,
  }),
  getBalance: route('getBalance', {
    spec: part1,
    summary: 'Partition balances of an address (current)',
    params: balanceParamsSchema,
    response: balanceResponseSchema,
  }),
  getBalanceAtBlock: route('getBalanceAtBlock', {
    spec: part1,
    summary: 'Partition balances of an address at a block',
    params: balanceParamsSchema,
    response: balanceResponseSchema,
  }),
  balanceHistory: route('balanceHistory', {
    spec: part1,
    summary: 'Balance history of an address',
    params: balanceHistoryParamsSchema,
    query: balanceHistoryQuerySchema,
    response: balanceHistoryResponseSchema,
  }),
  balanceOf: route('balanceOf', {
    spec: part2,
    summary: 'Balances of an address on all tokens and partitions',
    params: balanceOfParamsSchema,
    response: balanceReportSchema,
  }),
  // --- Corporate actions (ours): record-date registers and distributions
  createSnapshot: route('createSnapshot', {
    spec: 'tranche',
    summary: 'Record-date register of a token at a block or date (immutable snapshot with its Merkle root)',
    body: createSnapshotRequestSchema,
    bodyExample: { symbol: 'ACME30', date: '2030-06-30T00:00:00Z', partition: 'CLASS-A' },
    response: snapshotSummarySchema,
  }),
  listSnapshots: route('listSnapshots', {
    spec: 'tranche',
    summary: 'The registers of a token, newest first',
    params: snapshotSymbolParamsSchema,
    response: snapshotListSchema,
  }),
  getSnapshot: route('getSnapshot', {
    spec: 'tranche',
    summary: 'A register with a page of its rows',
    params: snapshotIdParamsSchema,
    query: snapshotRowsQuerySchema,
    response: snapshotDetailSchema,
  }),
  snapshotCsv: route('snapshotCsv', {
    spec: 'tranche',
    summary: 'A register as CSV (text/csv, not enveloped)',
    params: snapshotIdParamsSchema,
  }),
  snapshotPdf: route('snapshotPdf', {
    spec: 'tranche',
    summary: 'A register as PDF (application/pdf, not enveloped)',
    params: snapshotIdParamsSchema,
  }),
  createDistribution: route('createDistribution', {
    spec: 'tranche',
    summary: 'A distribution over a register: per-holder amounts (floor) and the remainder',
    body: createDistributionRequestSchema,
    bodyExample: {
      snapshotId: 1,
      accountAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      asset: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      amount: '1000000000',
      excluded: [],
      deadline: '2030-06-30T00:00:00Z',
    },
    response: createDistributionResponseSchema,
  }),
  listDistributions: route('listDistributions', {
    spec: 'tranche',
    summary: 'The distributions of a token with their on-chain progress, newest first',
    params: snapshotSymbolParamsSchema,
    response: distributionListSchema,
  }),
  distributionFundTx: route('distributionFundTx', {
    spec: 'tranche',
    summary: 'The approve and fund transactions for the issuer wallet (txMode 1)',
    params: distributionIdParamsSchema,
    response: fundTxResponseSchema,
  }),
  pushDistribution: route('pushDistribution', {
    spec: 'tranche',
    summary: 'Start the durable job that pushes the unpaid payments in batches (txMode 2)',
    params: distributionIdParamsSchema,
    body: pushRequestSchema,
    response: pushResponseSchema,
  }),
  reclaimDistribution: route('reclaimDistribution', {
    spec: 'tranche',
    summary: 'After the deadline, return what is unpaid to the issuer (txMode 1 builds, 2 signs)',
    params: distributionIdParamsSchema,
    body: reclaimRequestSchema,
    response: reclaimResponseSchema,
  }),
  getDistribution: route('getDistribution', {
    spec: 'tranche',
    summary: 'A distribution: funded, claimed, pushed, remaining and remainder',
    params: distributionIdParamsSchema,
    response: distributionSchema,
  }),
  listClaims: route('listClaims', {
    spec: 'tranche',
    summary: 'Open claims of an address with their proofs and claim transactions',
    params: claimsParamsSchema,
    response: claimsResponseSchema,
  }),
} satisfies { [Id in RouteId]: RouteDefinition };

export type Routes = typeof routes;

export const routeIds = Object.keys(routes) as RouteId[];
