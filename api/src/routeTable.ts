// The light route table: what a client needs to build a request (method, path below the prefix, whether a session
// token is sent) and nothing else, so that a browser bundle carries no schema for it. routes.ts adds to each entry
// its schemas and documentation; the server, the OpenAPI document and the tests read that full table.

/** Every API path is served under this prefix (`POST /api/login`). */
export const apiPrefix = '/api';

export const httpMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** `public`: no session needed. `user`: a Bearer session token is required (401 without). */
export const routeAccess = ['public', 'user'] as const;
export type RouteAccess = (typeof routeAccess)[number];

/**
 * The groups of the full table (routes/<group>.ts): a browser loads a route's answer schemas with its group's, and no
 * other group's (answers.ts).
 */
export const routeGroups = [
  'system',
  'accounts',
  'drafts',
  'whitelists',
  'rbac',
  'transactions',
  'keys',
  'dtx',
  'webhooks',
  'tokens',
  'rules',
  'holders',
  'corporateActions',
  'audit',
] as const;
export type RouteGroup = (typeof routeGroups)[number];

export type RouteTarget = {
  /** Its group in the full table (routes/<group>.ts). */
  group: RouteGroup;
  method: HttpMethod;
  /** Path below {@link apiPrefix}, Fastify style (`/draft/:symbol`). */
  path: string;
  access: RouteAccess;
  /** Served only when the server runs with its embedded dev chain. */
  localOnly?: boolean;
};

/** Method, path and access of every route, by the route's name (the names of the full table in routes.ts). */
export const routeTable = {
  health: { group: 'system', method: 'GET', path: '/health', access: 'public' },
  ready: { group: 'system', method: 'GET', path: '/ready', access: 'public' },
  config: { group: 'system', method: 'GET', path: '/config', access: 'public' },
  localOutbox: { group: 'system', method: 'GET', path: '/local/outbox', access: 'user', localOnly: true },
  localAddress: {
    group: 'system',
    method: 'GET',
    path: '/local/address/:address',
    access: 'user',
    localOnly: true,
  },
  localTransaction: {
    group: 'system',
    method: 'GET',
    path: '/local/tx/:hash',
    access: 'user',
    localOnly: true,
  },
  localBlock: {
    group: 'system',
    method: 'GET',
    path: '/local/block/:block',
    access: 'user',
    localOnly: true,
  },
  localDevAccount: {
    group: 'system',
    method: 'GET',
    path: '/local/dev-account',
    access: 'user',
    localOnly: true,
  },
  localSharedAccounts: {
    group: 'system',
    method: 'GET',
    path: '/local/shared-accounts',
    access: 'user',
    localOnly: true,
  },
  registerSharedAccount: {
    group: 'system',
    method: 'POST',
    path: '/local/shared-accounts/register',
    access: 'user',
    localOnly: true,
  },
  localSignUpMail: {
    group: 'system',
    method: 'GET',
    path: '/local/outbox/sign-up',
    access: 'public',
    localOnly: true,
  },
  onboarding: { group: 'system', method: 'GET', path: '/onboarding', access: 'user' },
  createAccount: { group: 'accounts', method: 'POST', path: '/accounts', access: 'public' },
  confirmAccount: { group: 'accounts', method: 'POST', path: '/accounts/confirm', access: 'public' },
  login: { group: 'accounts', method: 'POST', path: '/login', access: 'public' },
  forgotPassword: { group: 'accounts', method: 'POST', path: '/forgotPassword', access: 'public' },
  resetPassword: { group: 'accounts', method: 'POST', path: '/resetPassword', access: 'public' },
  auth: { group: 'accounts', method: 'GET', path: '/auth', access: 'user' },
  logout: { group: 'accounts', method: 'POST', path: '/logout', access: 'user' },
  accountReview: { group: 'accounts', method: 'GET', path: '/accounts/review', access: 'user' },
  keepReviewItem: { group: 'accounts', method: 'POST', path: '/accounts/review/keep', access: 'user' },
  removeReviewItem: { group: 'accounts', method: 'POST', path: '/accounts/review/remove', access: 'user' },
  getDraft: { group: 'drafts', method: 'GET', path: '/draft/:symbol', access: 'user' },
  createDraft: { group: 'drafts', method: 'POST', path: '/draft', access: 'user' },
  deployDraft: { group: 'drafts', method: 'POST', path: '/draft/deploy', access: 'user' },
  deleteDraft: { group: 'drafts', method: 'DELETE', path: '/draft/:symbol', access: 'user' },
  listCodebases: { group: 'drafts', method: 'GET', path: '/codebase/list/:type', access: 'user' },
  listWhitelists: { group: 'whitelists', method: 'GET', path: '/whitelist/list', access: 'user' },
  listWhitelistAddresses: {
    group: 'whitelists',
    method: 'GET',
    path: '/whitelist/addresses/:whitelistAddress/:page',
    access: 'user',
  },
  whitelistBulk: { group: 'whitelists', method: 'POST', path: '/whitelist/bulk', access: 'user' },
  listExpiringRecords: {
    group: 'whitelists',
    method: 'GET',
    path: '/whitelist/expiring/:whitelistAddress',
    access: 'user',
  },
  whitelistDeployTx: { group: 'whitelists', method: 'POST', path: '/whitelist/deploy/tx', access: 'user' },
  registerWhitelist: { group: 'whitelists', method: 'POST', path: '/whitelist/register', access: 'user' },
  whitelistRegistry: {
    group: 'whitelists',
    method: 'GET',
    path: '/whitelist/registry/:whitelistAddress',
    access: 'user',
  },
  whitelistTokens: {
    group: 'whitelists',
    method: 'GET',
    path: '/whitelist/tokens/:whitelistAddress',
    access: 'user',
  },
  whitelistRevokeTx: { group: 'whitelists', method: 'POST', path: '/whitelist/revoke/tx', access: 'user' },
  whitelistRevoked: { group: 'whitelists', method: 'POST', path: '/whitelist/revoked', access: 'user' },
  listSchemes: { group: 'rbac', method: 'GET', path: '/rbac/list', access: 'user' },
  getSchemeOfContract: { group: 'rbac', method: 'GET', path: '/rbac/list/:contractAddress', access: 'user' },
  getSchemeAsset: { group: 'rbac', method: 'GET', path: '/rbac/id/:contractAddress', access: 'user' },
  listSchemeRoles: { group: 'rbac', method: 'GET', path: '/rbac/roles/:contractAddress', access: 'user' },
  rbacDeployTx: { group: 'rbac', method: 'POST', path: '/rbac/deploy/tx', access: 'user' },
  registerScheme: { group: 'rbac', method: 'POST', path: '/rbac/register', access: 'user' },
  checkOperator: {
    group: 'rbac',
    method: 'GET',
    path: '/rbac/operator/:address/:asset/:contractAddress',
    access: 'user',
  },
  checkLevel1: {
    group: 'rbac',
    method: 'GET',
    path: '/rbac/fixed/level1/:address/:contractAddress',
    access: 'user',
  },
  checkLevel2: {
    group: 'rbac',
    method: 'GET',
    path: '/rbac/fixed/level2/:address/:contractAddress',
    access: 'user',
  },
  grantOperator: { group: 'rbac', method: 'POST', path: '/rbac/operator', access: 'user' },
  revokeOperator: { group: 'rbac', method: 'DELETE', path: '/rbac/operator', access: 'user' },
  grantLevel1: { group: 'rbac', method: 'POST', path: '/rbac/fixed/level1', access: 'user' },
  revokeLevel1: { group: 'rbac', method: 'DELETE', path: '/rbac/fixed/level1', access: 'user' },
  grantLevel2: { group: 'rbac', method: 'POST', path: '/rbac/fixed/level2', access: 'user' },
  revokeLevel2: { group: 'rbac', method: 'DELETE', path: '/rbac/fixed/level2', access: 'user' },
  proposeSchemeOwner: { group: 'rbac', method: 'POST', path: '/rbac/owner/propose', access: 'user' },
  acceptSchemeOwner: { group: 'rbac', method: 'POST', path: '/rbac/owner/accept', access: 'user' },
  recordAccountTransaction: {
    group: 'transactions',
    method: 'POST',
    path: '/account/transactions',
    access: 'user',
  },
  walletProofMessage: {
    group: 'transactions',
    method: 'GET',
    path: '/account/wallets/:address/message',
    access: 'user',
  },
  proveWallet: { group: 'transactions', method: 'POST', path: '/account/wallets', access: 'user' },
  listAccountTransactions: {
    group: 'transactions',
    method: 'GET',
    path: '/account/transactions/:page',
    access: 'user',
  },
  recordTransactionHash: {
    group: 'transactions',
    method: 'POST',
    path: '/transactions/hash',
    access: 'user',
  },
  recordTransactionReceipt: {
    group: 'transactions',
    method: 'POST',
    path: '/transactions/receipt',
    access: 'user',
  },
  getTransaction: { group: 'transactions', method: 'GET', path: '/transactions/:hash', access: 'user' },
  registerCredentials: { group: 'keys', method: 'POST', path: '/credentials', access: 'user' },
  checkCredentials: { group: 'keys', method: 'GET', path: '/credentials/check/:address', access: 'user' },
  createShardedKey: { group: 'keys', method: 'POST', path: '/sharding', access: 'user' },
  shardOpened: { group: 'keys', method: 'POST', path: '/sharding/opened', access: 'user' },
  declineShardedKey: { group: 'keys', method: 'POST', path: '/sharding/decline', access: 'user' },
  commitShardedKey: { group: 'keys', method: 'POST', path: '/sharding/commit', access: 'user' },
  reshard: { group: 'keys', method: 'PUT', path: '/sharding', access: 'user' },
  cancelReshard: { group: 'keys', method: 'DELETE', path: '/sharding/reshard', access: 'user' },
  getShardedKey: { group: 'keys', method: 'GET', path: '/sharding/:address', access: 'user' },
  myShardPdf: { group: 'keys', method: 'GET', path: '/sharding/:address/share', access: 'user' },
  listShardedKeys: { group: 'keys', method: 'GET', path: '/dtx/addresses', access: 'user' },
  pendingDtx: { group: 'dtx', method: 'GET', path: '/dtx/pending', access: 'user' },
  listDtx: { group: 'dtx', method: 'GET', path: '/dtx/list/:page', access: 'user' },
  getDtx: { group: 'dtx', method: 'GET', path: '/dtx/:id', access: 'user' },
  startDtx: { group: 'dtx', method: 'POST', path: '/dtx', access: 'user' },
  approveDtx: { group: 'dtx', method: 'PUT', path: '/dtx', access: 'user' },
  cancelDtx: { group: 'dtx', method: 'DELETE', path: '/dtx', access: 'user' },
  listApprovals: { group: 'dtx', method: 'GET', path: '/approvals', access: 'user' },
  getNotificationPreferences: {
    group: 'dtx',
    method: 'GET',
    path: '/notifications/preferences',
    access: 'user',
  },
  putNotificationPreferences: {
    group: 'dtx',
    method: 'PUT',
    path: '/notifications/preferences',
    access: 'user',
  },
  createWebhook: { group: 'webhooks', method: 'POST', path: '/webhooks', access: 'user' },
  listWebhooks: { group: 'webhooks', method: 'GET', path: '/webhooks', access: 'user' },
  deleteWebhook: { group: 'webhooks', method: 'DELETE', path: '/webhooks/:id', access: 'user' },
  listWebhookDeliveries: {
    group: 'webhooks',
    method: 'GET',
    path: '/webhooks/:id/deliveries/:page',
    access: 'user',
  },
  replayWebhookDelivery: {
    group: 'webhooks',
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/replay',
    access: 'user',
  },
  searchProjects: { group: 'tokens', method: 'GET', path: '/projects/search', access: 'user' },
  getProject: { group: 'tokens', method: 'GET', path: '/projects/:code', access: 'user' },
  listPartitions: { group: 'tokens', method: 'GET', path: '/partitions', access: 'user' },
  createPartition: { group: 'tokens', method: 'POST', path: '/partitions', access: 'user' },
  issueTokens: { group: 'tokens', method: 'POST', path: '/token/issue', access: 'user' },
  redeemTokens: { group: 'tokens', method: 'POST', path: '/token/redeem', access: 'user' },
  forceTransfer: { group: 'tokens', method: 'POST', path: '/token/force', access: 'user' },
  controllerRedeem: { group: 'tokens', method: 'POST', path: '/token/controller/redeem', access: 'user' },
  addDocument: { group: 'tokens', method: 'POST', path: '/token/docs', access: 'user' },
  removeDocument: { group: 'tokens', method: 'DELETE', path: '/token/docs', access: 'user' },
  upgradeToken: { group: 'tokens', method: 'POST', path: '/token/upgrade', access: 'user' },
  proposeTokenOwner: { group: 'tokens', method: 'POST', path: '/token/owner/propose', access: 'user' },
  acceptTokenOwner: { group: 'tokens', method: 'POST', path: '/token/owner/accept', access: 'user' },
  replaceTokenWhitelist: {
    group: 'tokens',
    method: 'POST',
    path: '/token/whitelist/replace',
    access: 'user',
  },
  replaceTokenScheme: { group: 'tokens', method: 'POST', path: '/token/scheme/replace', access: 'user' },
  freezeAddress: { group: 'tokens', method: 'POST', path: '/token/freeze', access: 'user' },
  freezePartialTokens: { group: 'tokens', method: 'POST', path: '/token/freeze/partial', access: 'user' },
  recoverWallet: { group: 'tokens', method: 'POST', path: '/token/recover', access: 'user' },
  getTokenRules: { group: 'rules', method: 'GET', path: '/token/rules/:symbol', access: 'user' },
  setTokenRules: { group: 'rules', method: 'PUT', path: '/token/rules', access: 'user' },
  simulateTokenRules: { group: 'rules', method: 'POST', path: '/token/rules/simulate', access: 'user' },
  precheckOperation: { group: 'rules', method: 'POST', path: '/token/precheck', access: 'user' },
  startBulk: { group: 'rules', method: 'POST', path: '/token/bulk', access: 'user' },
  getBulk: { group: 'rules', method: 'GET', path: '/token/bulk/:jobId', access: 'user' },
  listHolders: { group: 'holders', method: 'GET', path: '/holders/:code/:partition', access: 'user' },
  getTokenStats: { group: 'holders', method: 'GET', path: '/tokenstats/:code', access: 'user' },
  getTokenHistory: {
    group: 'holders',
    method: 'GET',
    path: '/tokenstats/:code/history',
    access: 'user',
  },
  searchHolders: { group: 'holders', method: 'GET', path: '/holder-search/:code', access: 'user' },
  getBalance: { group: 'holders', method: 'GET', path: '/balance/:code/:address', access: 'user' },
  getBalanceAtBlock: {
    group: 'holders',
    method: 'GET',
    path: '/balance/:code/:address/:blockNumber',
    access: 'user',
  },
  balanceHistory: {
    group: 'holders',
    method: 'GET',
    path: '/balance/history/:code/:address/:fromTimestamp/:toTimestamp',
    access: 'user',
  },
  balanceOf: { group: 'holders', method: 'GET', path: '/balanceof/:address', access: 'user' },
  reportCapTable: { group: 'holders', method: 'GET', path: '/reports/:code/cap-table', access: 'user' },
  reportCapTableCsv: {
    group: 'holders',
    method: 'GET',
    path: '/reports/:code/cap-table/csv',
    access: 'user',
  },
  reportCapTablePdf: {
    group: 'holders',
    method: 'GET',
    path: '/reports/:code/cap-table/pdf',
    access: 'user',
  },
  reportConcentration: {
    group: 'holders',
    method: 'GET',
    path: '/reports/:code/concentration',
    access: 'user',
  },
  reportDistributions: {
    group: 'holders',
    method: 'GET',
    path: '/reports/:code/distributions',
    access: 'user',
  },
  createSnapshot: { group: 'corporateActions', method: 'POST', path: '/snapshots', access: 'user' },
  listSnapshots: {
    group: 'corporateActions',
    method: 'GET',
    path: '/snapshots/list/:symbol',
    access: 'user',
  },
  getSnapshot: { group: 'corporateActions', method: 'GET', path: '/snapshots/:id', access: 'user' },
  snapshotCsv: { group: 'corporateActions', method: 'GET', path: '/snapshots/:id/csv', access: 'user' },
  snapshotPdf: { group: 'corporateActions', method: 'GET', path: '/snapshots/:id/pdf', access: 'user' },
  createDistribution: { group: 'corporateActions', method: 'POST', path: '/distributions', access: 'user' },
  listDistributions: {
    group: 'corporateActions',
    method: 'GET',
    path: '/distributions/list/:symbol',
    access: 'user',
  },
  distributionFundTx: {
    group: 'corporateActions',
    method: 'POST',
    path: '/distributions/:id/fund/tx',
    access: 'user',
  },
  cancelDistribution: {
    group: 'corporateActions',
    method: 'DELETE',
    path: '/distributions/:id',
    access: 'user',
  },
  pushDistribution: {
    group: 'corporateActions',
    method: 'POST',
    path: '/distributions/:id/push',
    access: 'user',
  },
  reclaimDistribution: {
    group: 'corporateActions',
    method: 'POST',
    path: '/distributions/:id/reclaim',
    access: 'user',
  },
  getDistribution: { group: 'corporateActions', method: 'GET', path: '/distributions/:id', access: 'user' },
  listClaims: { group: 'corporateActions', method: 'GET', path: '/claims/:address', access: 'user' },
  auditLog: { group: 'audit', method: 'GET', path: '/audit/:symbol', access: 'user' },
  auditVerify: { group: 'audit', method: 'GET', path: '/audit/:symbol/verify', access: 'user' },
  auditAnchor: { group: 'audit', method: 'POST', path: '/audit/:symbol/anchor', access: 'user' },
  createAuditPack: { group: 'audit', method: 'POST', path: '/audit/:symbol/packs', access: 'user' },
  listAuditPacks: { group: 'audit', method: 'GET', path: '/audit/:symbol/packs', access: 'user' },
  getAuditPack: { group: 'audit', method: 'GET', path: '/audit/packs/:id', access: 'user' },
  downloadAuditPack: { group: 'audit', method: 'GET', path: '/audit/packs/:id/download', access: 'user' },
  listAuditors: { group: 'audit', method: 'GET', path: '/audit/:symbol/auditors', access: 'user' },
  grantAuditor: { group: 'audit', method: 'POST', path: '/audit/:symbol/auditors', access: 'user' },
  revokeAuditor: { group: 'audit', method: 'DELETE', path: '/audit/:symbol/auditors', access: 'user' },
} as const satisfies Record<string, RouteTarget>;

export type RouteId = keyof typeof routeTable;

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
