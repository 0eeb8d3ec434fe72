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

/** Every API path is served under this prefix (`POST /api/login`). */
export const apiPrefix = '/api';

export const httpMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** `public`: no session needed. `user`: a Bearer session token is required (401 without). */
export const routeAccess = ['public', 'user'] as const;
export type RouteAccess = (typeof routeAccess)[number];

export type RouteDefinition = {
  method: HttpMethod;
  /** Path below {@link apiPrefix}, Fastify style (`/draft/:symbol`). */
  path: string;
  access: RouteAccess;
  /** Served only when the server runs with its embedded dev chain. */
  localOnly?: boolean;
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

function route<const T extends RouteDefinition>(definition: T): T {
  return definition;
}

const user = 'user' as const;
const part1 = 'part1' as const;
const part2 = 'part2' as const;

/**
 * The route table: every call of both specs' section 7 plus Tranche's own (health, config, local outbox).
 * Routes whose schemas are not written yet carry only method, path and access; the module that implements
 * one adds its schemas here first.
 */
export const routes = {
  // --- Tranche's own
  health: route({
    method: 'GET',
    path: '/health',
    access: 'public',
    spec: 'tranche',
    summary: 'Live chain and database status',
    response: healthSchema,
  }),
  ready: route({
    method: 'GET',
    path: '/ready',
    access: 'public',
    spec: 'tranche',
    summary: 'Readiness for a load balancer: database, chain and indexer lag',
    response: readySchema,
  }),
  config: route({
    method: 'GET',
    path: '/config',
    access: 'public',
    spec: 'tranche',
    summary: 'Chain id, local mode, dev chain RPC URL and explorer link templates',
    response: appConfigSchema,
  }),
  localOutbox: route({
    method: 'GET',
    path: '/local/outbox',
    access: user,
    localOnly: true,
    spec: 'tranche',
    summary:
      'Mail kept in the local outbox, newest first (local mode only): all of it to a session on loopback, else the mail to its own address',
    response: outboxSchema,
  }),
  localAddress: route({
    method: 'GET',
    path: '/local/address/:address',
    access: user,
    localOnly: true,
    spec: 'tranche',
    summary: 'An address on the embedded chain: balance, nonce, code, recent transactions (local mode only)',
    params: localAddressParamsSchema,
    response: localAddressSchema,
  }),
  localTransaction: route({
    method: 'GET',
    path: '/local/tx/:hash',
    access: user,
    localOnly: true,
    spec: 'tranche',
    summary: 'A transaction on the embedded chain with its receipt (local mode only)',
    params: localTxParamsSchema,
    response: localTransactionSchema,
  }),
  localBlock: route({
    method: 'GET',
    path: '/local/block/:block',
    access: user,
    localOnly: true,
    spec: 'tranche',
    summary: 'A block of the embedded chain by number, hash or latest (local mode only)',
    params: localBlockParamsSchema,
    response: localBlockSchema,
  }),

  // --- Accounts and session (part 2, part 1 GET /auth)
  createAccount: route({
    method: 'POST',
    path: '/accounts',
    access: 'public',
    spec: part2,
    summary: 'Sign up; mails a confirmation code',
    body: createAccountRequestSchema,
    response: z.null(),
  }),
  confirmAccount: route({
    method: 'POST',
    path: '/accounts/confirm',
    access: 'public',
    spec: part2,
    summary: 'Confirm an account with the mailed code',
    body: confirmAccountRequestSchema,
    response: z.null(),
  }),
  login: route({
    method: 'POST',
    path: '/login',
    access: 'public',
    spec: part2,
    summary: 'Log in; answers the session token',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/forgotPassword',
    access: 'public',
    spec: part2,
    summary: 'Mail a password reset code and link (same answer whether or not the address exists)',
    body: forgotPasswordRequestSchema,
    response: z.null(),
  }),
  resetPassword: route({
    method: 'POST',
    path: '/resetPassword',
    access: 'public',
    spec: part2,
    summary: 'Set a new password with the mailed code or link token (1 hour, single use)',
    body: resetPasswordRequestSchema,
    response: z.null(),
  }),
  auth: route({
    method: 'GET',
    path: '/auth',
    access: user,
    spec: part1,
    summary: 'The current session (200 when logged in)',
    response: sessionSchema,
  }),
  logout: route({
    method: 'POST',
    path: '/logout',
    access: user,
    spec: 'tranche',
    summary: 'End the current session on the server (its token is refused from then on, on every instance)',
    response: z.null(),
  }),

  // --- Drafts (part 2)
  getDraft: route({
    method: 'GET',
    path: '/draft/:symbol',
    access: user,
    spec: part2,
    summary: 'A token draft of the calling account, with its investors and their issuance status',
    params: draftSymbolParamsSchema,
    response: draftSchema,
  }),
  createDraft: route({
    method: 'POST',
    path: '/draft',
    access: user,
    spec: part2,
    summary: 'Save token drafts (a saved, undeployed draft of the same symbol is replaced)',
    body: createDraftRequestSchema,
    response: createDraftResponseSchema,
  }),
  deployDraft: route({
    method: 'POST',
    path: '/draft/deploy',
    access: user,
    spec: part2,
    summary: 'Start the durable deployment job of a draft: deploy the token, then issue to every investor',
    body: deployDraftRequestSchema,
    response: deployDraftResponseSchema,
  }),
  deleteDraft: route({
    method: 'DELETE',
    path: '/draft/:symbol',
    access: user,
    spec: part2,
    summary: 'Delete a draft that is not deployed',
    params: draftSymbolParamsSchema,
    response: z.null(),
  }),
  listCodebases: route({
    method: 'GET',
    path: '/codebase/list/:type',
    access: user,
    spec: part2,
    summary: 'Codebases of a type (1 tokens, 2 whitelists, 3 security schemes)',
    params: codebaseListParamsSchema,
    response: codebaseListSchema,
  }),

  // --- Whitelists (part 2)
  listWhitelists: route({
    method: 'GET',
    path: '/whitelist/list',
    access: user,
    spec: part2,
    summary: 'All whitelists',
    response: whitelistListSchema,
  }),
  listWhitelistAddresses: route({
    method: 'GET',
    path: '/whitelist/addresses/:whitelistAddress/:page',
    access: user,
    spec: part2,
    summary: 'Verified addresses of a whitelist, paged',
    params: whitelistAddressesParamsSchema,
    response: verifiedAddressPageSchema,
  }),
  whitelistBulk: route({
    method: 'POST',
    path: '/whitelist/bulk',
    access: user,
    spec: part2,
    summary: 'Add or update whitelisted addresses',
    body: whitelistBulkRequestSchema,
    response: whitelistBulkResponseSchema,
  }),
  whitelistDeployTx: route({
    method: 'POST',
    path: '/whitelist/deploy/tx',
    access: user,
    spec: part2,
    summary: 'Build the unsigned whitelist deployment',
    body: whitelistDeployTxRequestSchema,
    response: deployTxResponseSchema,
  }),
  registerWhitelist: route({
    method: 'POST',
    path: '/whitelist/register',
    access: user,
    spec: part2,
    summary: 'Register a deployed whitelist',
    body: registerWhitelistRequestSchema,
    response: z.null(),
  }),

  // --- Security schemes and access rights (part 1)
  listSchemes: route({
    method: 'GET',
    path: '/rbac/list',
    access: user,
    spec: part1,
    summary: 'Security schemes',
    response: schemeListSchema,
  }),
  getSchemeOfContract: route({
    method: 'GET',
    path: '/rbac/list/:contractAddress',
    access: user,
    spec: part1,
    summary: 'The security scheme of a contract',
    params: contractAddressParamsSchema,
    response: schemeDetailSchema,
  }),
  getSchemeAsset: route({
    method: 'GET',
    path: '/rbac/id/:contractAddress',
    access: user,
    spec: part1,
    summary: 'The asset id of a contract in its scheme',
    params: contractAddressParamsSchema,
    response: assetResponseSchema,
  }),
  rbacDeployTx: route({
    method: 'POST',
    path: '/rbac/deploy/tx',
    access: user,
    spec: part1,
    summary: 'Build the unsigned security scheme deployment',
    body: rbacDeployTxRequestSchema,
    response: deployTxResponseSchema,
  }),
  registerScheme: route({
    method: 'POST',
    path: '/rbac/register',
    access: user,
    spec: part1,
    summary: 'Register a deployed security scheme',
    body: registerSchemeRequestSchema,
    response: z.null(),
  }),
  checkOperator: route({
    method: 'GET',
    path: '/rbac/operator/:address/:asset/:contractAddress',
    access: user,
    spec: part1,
    summary: 'Is the address a security manager (OP)',
    params: checkOperatorParamsSchema,
    response: z.boolean(),
  }),
  checkLevel1: route({
    method: 'GET',
    path: '/rbac/fixed/level1/:address/:contractAddress',
    access: user,
    spec: part1,
    summary: 'Has the address access level 1',
    params: checkLevelParamsSchema,
    response: z.boolean(),
  }),
  checkLevel2: route({
    method: 'GET',
    path: '/rbac/fixed/level2/:address/:contractAddress',
    access: user,
    spec: part1,
    summary: 'Has the address access level 2',
    params: checkLevelParamsSchema,
    response: z.boolean(),
  }),
  grantOperator: route({
    method: 'POST',
    path: '/rbac/operator',
    access: user,
    spec: part1,
    summary: 'Grant the security manager right',
    body: operatorChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeOperator: route({
    method: 'DELETE',
    path: '/rbac/operator',
    access: user,
    spec: part1,
    summary: 'Revoke the security manager right',
    body: operatorChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  grantLevel1: route({
    method: 'POST',
    path: '/rbac/fixed/level1',
    access: user,
    spec: part1,
    summary: 'Grant access level 1',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeLevel1: route({
    method: 'DELETE',
    path: '/rbac/fixed/level1',
    access: user,
    spec: part1,
    summary: 'Revoke access level 1',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  grantLevel2: route({
    method: 'POST',
    path: '/rbac/fixed/level2',
    access: user,
    spec: part1,
    summary: 'Grant access level 2',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),
  revokeLevel2: route({
    method: 'DELETE',
    path: '/rbac/fixed/level2',
    access: user,
    spec: part1,
    summary: 'Revoke access level 2',
    body: levelChangeRequestSchema,
    response: transactionHashResponseSchema,
  }),

  // --- Transactions (both parts)
  recordAccountTransaction: route({
    method: 'POST',
    path: '/account/transactions',
    access: user,
    spec: part2,
    summary: 'Record a wallet-signed transaction of the account, or set its contract address (isUpdate)',
    body: recordAccountTransactionRequestSchema,
    response: accountTransactionSchema,
  }),
  walletProofMessage: route({
    method: 'GET',
    path: '/account/wallets/:address/message',
    access: user,
    spec: 'tranche',
    summary: 'The Sign-In with Ethereum message that proves a wallet is yours',
    params: walletAddressParamsSchema,
    response: walletProofMessageSchema,
  }),
  proveWallet: route({
    method: 'POST',
    path: '/account/wallets',
    access: user,
    spec: 'tranche',
    summary: 'Prove a wallet with its signature of the Sign-In with Ethereum message (once per wallet)',
    body: proveWalletRequestSchema,
    response: provedWalletSchema,
  }),
  listAccountTransactions: route({
    method: 'GET',
    path: '/account/transactions/:page',
    access: user,
    spec: part2,
    summary: 'My transactions, paged, newest first',
    params: pageParamsSchema,
    response: accountTransactionsPageSchema,
  }),
  recordTransactionHash: route({
    method: 'POST',
    path: '/transactions/hash',
    access: user,
    spec: part2,
    summary: 'Record a transaction hash',
    body: recordTransactionHashRequestSchema,
    response: z.null(),
  }),
  recordTransactionReceipt: route({
    method: 'POST',
    path: '/transactions/receipt',
    access: user,
    spec: part2,
    summary: 'Record a transaction receipt (read from the chain by its hash, never trusted from the client)',
    body: recordTransactionReceiptRequestSchema,
    response: transactionReceiptSchema,
  }),
  getTransaction: route({
    method: 'GET',
    path: '/transactions/:hash',
    access: user,
    spec: part2,
    summary: 'A transaction recorded by the account, with its receipt and confirmations',
    params: transactionHashParamsSchema,
    response: transactionDetailSchema,
  }),

  // --- Keys, sharding, distributed transactions
  registerCredentials: route({
    method: 'POST',
    path: '/credentials',
    access: user,
    spec: part2,
    summary: 'Register my key pair',
    body: registerCredentialsRequestSchema,
    response: z.null(),
  }),
  checkCredentials: route({
    method: 'GET',
    path: '/credentials/check/:address',
    access: user,
    spec: part1,
    summary: 'Is a key registered for the address (by the calling account)',
    params: checkCredentialsParamsSchema,
    response: z.boolean(),
  }),
  createShardedKey: route({
    method: 'POST',
    path: '/sharding',
    access: user,
    spec: part2,
    summary: 'Create a sharded key',
    body: createShardedKeyRequestSchema,
    response: shardedKeyResultSchema,
  }),
  shardOpened: route({
    method: 'POST',
    path: '/sharding/opened',
    access: user,
    spec: 'tranche',
    summary: 'A signer opened their PDF with the mailed password',
    body: shardOpenedRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  commitShardedKey: route({
    method: 'POST',
    path: '/sharding/commit',
    access: user,
    spec: part2,
    summary: 'Activate a sharded key',
    body: commitShardedKeyRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  reshard: route({
    method: 'PUT',
    path: '/sharding',
    access: user,
    spec: part2,
    summary: 'Reshard a key',
    body: reshardRequestSchema,
    response: reshardResponseSchema,
  }),
  cancelReshard: route({
    method: 'DELETE',
    path: '/sharding/reshard',
    access: user,
    spec: 'tranche',
    summary: 'Cancel a reshard that was not activated (a current signer, with their access code)',
    body: cancelReshardRequestSchema,
    response: shardedKeyStatusSchema,
  }),
  getShardedKey: route({
    method: 'GET',
    path: '/sharding/:address',
    access: user,
    spec: 'tranche',
    summary: 'The signers of a sharded key being set up (or resharded) and who opened their PDF',
    params: shardedKeyParamsSchema,
    response: shardedKeyStatusSchema,
  }),
  myShardPdf: route({
    method: 'GET',
    path: '/sharding/:address/share',
    access: user,
    spec: 'tranche',
    summary: 'My own PDF of a key generation waiting for activation (fetched again until it is activated)',
    params: shardedKeyParamsSchema,
    response: shardPdfSchema,
  }),
  listShardedKeys: route({
    method: 'GET',
    path: '/dtx/addresses',
    access: user,
    spec: part1,
    summary: 'Sharded key addresses',
    response: shardedAddressListSchema,
  }),
  pendingDtx: route({
    method: 'GET',
    path: '/dtx/pending',
    access: user,
    spec: part1,
    summary: 'Distributed transactions waiting for me',
    response: pendingDtxResponseSchema,
  }),
  listDtx: route({
    method: 'GET',
    path: '/dtx/list/:page',
    access: user,
    spec: part2,
    summary: 'Sharded transactions, paged',
    params: pageParamsSchema,
    response: dtxPageSchema,
  }),
  getDtx: route({
    method: 'GET',
    path: '/dtx/:id',
    access: user,
    spec: part2,
    summary: 'A distributed transaction',
    params: dtxIdParamsSchema,
    response: dtxDetailSchema,
  }),
  startDtx: route({
    method: 'POST',
    path: '/dtx',
    access: user,
    spec: part1,
    summary: 'Start a distributed transaction',
    body: startDtxRequestSchema,
    response: dtxIdResponseSchema,
  }),
  approveDtx: route({
    method: 'PUT',
    path: '/dtx',
    access: user,
    spec: part1,
    summary: 'Approve a distributed transaction',
    body: dtxActionRequestSchema,
    response: approveDtxResponseSchema,
  }),
  cancelDtx: route({
    method: 'DELETE',
    path: '/dtx',
    access: user,
    spec: part1,
    summary: 'Cancel a distributed transaction',
    body: dtxActionRequestSchema,
    response: dtxIdResponseSchema,
  }),

  // --- Tokens (part 1)
  searchProjects: route({
    method: 'GET',
    path: '/projects/search',
    access: user,
    spec: part1,
    summary: 'Search tokens (query page, term)',
    query: searchProjectsQuerySchema,
    response: searchProjectsResponseSchema,
  }),
  getProject: route({
    method: 'GET',
    path: '/projects/:code',
    access: user,
    spec: part1,
    summary: 'A token',
    params: projectCodeParamsSchema,
    response: projectDetailSchema,
  }),
  listPartitions: route({
    method: 'GET',
    path: '/partitions',
    access: user,
    spec: part1,
    summary: 'Partitions',
    response: partitionListSchema,
  }),
  createPartition: route({
    method: 'POST',
    path: '/partitions',
    access: user,
    spec: part1,
    summary: 'Add a partition',
    body: createPartitionRequestSchema,
    response: partitionSchema,
  }),
  issueTokens: route({
    method: 'POST',
    path: '/token/issue',
    access: user,
    spec: part1,
    summary: 'Issue tokens',
    body: issueTokensRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  redeemTokens: route({
    method: 'POST',
    path: '/token/redeem',
    access: user,
    spec: part1,
    summary: 'Redeem tokens',
    body: redeemTokensRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  forceTransfer: route({
    method: 'POST',
    path: '/token/force',
    access: user,
    spec: part1,
    summary: 'Forced transfer by the controller',
    body: forceTransferRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  controllerRedeem: route({
    method: 'POST',
    path: '/token/controller/redeem',
    access: user,
    spec: part1,
    summary: 'Redeem from an address by the controller',
    body: controllerRedeemRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  addDocument: route({
    method: 'POST',
    path: '/token/docs',
    access: user,
    spec: part1,
    summary: 'Attach a document',
    body: addDocumentRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  removeDocument: route({
    method: 'DELETE',
    path: '/token/docs',
    access: user,
    spec: part1,
    summary: 'Remove a document',
    body: removeDocumentRequestSchema,
    response: tokenTransactionResponseSchema,
  }),
  listHolders: route({
    method: 'GET',
    path: '/holders/:code/:partition',
    access: user,
    spec: part1,
    summary: 'Holders of a partition',
    params: holdersParamsSchema,
    query: holdersQuerySchema,
    response: holdersResponseSchema,
  }),
  getBalance: route({
    method: 'GET',
    path: '/balance/:code/:address',
    access: user,
    spec: part1,
    summary: 'Partition balances of an address (current)',
    params: balanceParamsSchema,
    response: balanceResponseSchema,
  }),
  getBalanceAtBlock: route({
    method: 'GET',
    path: '/balance/:code/:address/:blockNumber',
    access: user,
    spec: part1,
    summary: 'Partition balances of an address at a block',
    params: balanceParamsSchema,
    response: balanceResponseSchema,
  }),
  balanceHistory: route({
    method: 'GET',
    path: '/balance/history/:code/:address/:fromTimestamp/:toTimestamp',
    access: user,
    spec: part1,
    summary: 'Balance history of an address',
    params: balanceHistoryParamsSchema,
    query: balanceHistoryQuerySchema,
    response: balanceHistoryResponseSchema,
  }),
  balanceOf: route({
    method: 'GET',
    path: '/balanceof/:address',
    access: user,
    spec: part2,
    summary: 'Balances of an address on all tokens and partitions',
    params: balanceOfParamsSchema,
    response: balanceReportSchema,
  }),
  // --- Corporate actions (ours): record-date registers and distributions
  createSnapshot: route({
    method: 'POST',
    path: '/snapshots',
    access: user,
    spec: 'tranche',
    summary: 'Record-date register of a token at a block or date (immutable snapshot with its Merkle root)',
    body: createSnapshotRequestSchema,
    bodyExample: { symbol: 'ACME30', date: '2030-06-30T00:00:00Z', partition: 'CLASS-A' },
    response: snapshotSummarySchema,
  }),
  listSnapshots: route({
    method: 'GET',
    path: '/snapshots/list/:symbol',
    access: user,
    spec: 'tranche',
    summary: 'The registers of a token, newest first',
    params: snapshotSymbolParamsSchema,
    response: snapshotListSchema,
  }),
  getSnapshot: route({
    method: 'GET',
    path: '/snapshots/:id',
    access: user,
    spec: 'tranche',
    summary: 'A register with a page of its rows',
    params: snapshotIdParamsSchema,
    query: snapshotRowsQuerySchema,
    response: snapshotDetailSchema,
  }),
  snapshotCsv: route({
    method: 'GET',
    path: '/snapshots/:id/csv',
    access: user,
    spec: 'tranche',
    summary: 'A register as CSV (text/csv, not enveloped)',
    params: snapshotIdParamsSchema,
  }),
  snapshotPdf: route({
    method: 'GET',
    path: '/snapshots/:id/pdf',
    access: user,
    spec: 'tranche',
    summary: 'A register as PDF (application/pdf, not enveloped)',
    params: snapshotIdParamsSchema,
  }),
  createDistribution: route({
    method: 'POST',
    path: '/distributions',
    access: user,
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
  listDistributions: route({
    method: 'GET',
    path: '/distributions/list/:symbol',
    access: user,
    spec: 'tranche',
    summary: 'The distributions of a token with their on-chain progress, newest first',
    params: snapshotSymbolParamsSchema,
    response: distributionListSchema,
  }),
  distributionFundTx: route({
    method: 'POST',
    path: '/distributions/:id/fund/tx',
    access: user,
    spec: 'tranche',
    summary: 'The approve and fund transactions for the issuer wallet (txMode 1)',
    params: distributionIdParamsSchema,
    response: fundTxResponseSchema,
  }),
  pushDistribution: route({
    method: 'POST',
    path: '/distributions/:id/push',
    access: user,
    spec: 'tranche',
    summary: 'Start the durable job that pushes the unpaid payments in batches (txMode 2)',
    params: distributionIdParamsSchema,
    body: pushRequestSchema,
    response: pushResponseSchema,
  }),
  reclaimDistribution: route({
    method: 'POST',
    path: '/distributions/:id/reclaim',
    access: user,
    spec: 'tranche',
    summary: 'After the deadline, return what is unpaid to the issuer (txMode 1 builds, 2 signs)',
    params: distributionIdParamsSchema,
    body: reclaimRequestSchema,
    response: reclaimResponseSchema,
  }),
  getDistribution: route({
    method: 'GET',
    path: '/distributions/:id',
    access: user,
    spec: 'tranche',
    summary: 'A distribution: funded, claimed, pushed, remaining and remainder',
    params: distributionIdParamsSchema,
    response: distributionSchema,
  }),
  listClaims: route({
    method: 'GET',
    path: '/claims/:address',
    access: user,
    spec: 'tranche',
    summary: 'Open claims of an address with their proofs and claim transactions',
    params: claimsParamsSchema,
    response: claimsResponseSchema,
  }),
} satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

export const routeIds = Object.keys(routes) as RouteId[];

/** Fill `:name` parameters of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Names of the `:name` parameters of a path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
}
