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

export type RouteTarget = {
  method: HttpMethod;
  /** Path below {@link apiPrefix}, Fastify style (`/draft/:symbol`). */
  path: string;
  access: RouteAccess;
  /** Served only when the server runs with its embedded dev chain. */
  localOnly?: boolean;
};

/** Method, path and access of every route, by the route's name (the names of the full table in routes.ts). */
export const routeTable = {
  health: { method: 'GET', path: '/health', access: 'public' },
  ready: { method: 'GET', path: '/ready', access: 'public' },
  config: { method: 'GET', path: '/config', access: 'public' },
  localOutbox: { method: 'GET', path: '/local/outbox', access: 'user', localOnly: true },
  localAddress: { method: 'GET', path: '/local/address/:address', access: 'user', localOnly: true },
  localTransaction: { method: 'GET', path: '/local/tx/:hash', access: 'user', localOnly: true },
  localBlock: { method: 'GET', path: '/local/block/:block', access: 'user', localOnly: true },
  createAccount: { method: 'POST', path: '/accounts', access: 'public' },
  confirmAccount: { method: 'POST', path: '/accounts/confirm', access: 'public' },
  login: { method: 'POST', path: '/login', access: 'public' },
  forgotPassword: { method: 'POST', path: '/forgotPassword', access: 'public' },
  resetPassword: { method: 'POST', path: '/resetPassword', access: 'public' },
  auth: { method: 'GET', path: '/auth', access: 'user' },
  logout: { method: 'POST', path: '/logout', access: 'user' },
  getDraft: { method: 'GET', path: '/draft/:symbol', access: 'user' },
  createDraft: { method: 'POST', path: '/draft', access: 'user' },
  deployDraft: { method: 'POST', path: '/draft/deploy', access: 'user' },
  deleteDraft: { method: 'DELETE', path: '/draft/:symbol', access: 'user' },
  listCodebases: { method: 'GET', path: '/codebase/list/:type', access: 'user' },
  listWhitelists: { method: 'GET', path: '/whitelist/list', access: 'user' },
  listWhitelistAddresses: {
    method: 'GET',
    path: '/whitelist/addresses/:whitelistAddress/:page',
    access: 'user',
  },
  whitelistBulk: { method: 'POST', path: '/whitelist/bulk', access: 'user' },
  whitelistDeployTx: { method: 'POST', path: '/whitelist/deploy/tx', access: 'user' },
  registerWhitelist: { method: 'POST', path: '/whitelist/register', access: 'user' },
  listSchemes: { method: 'GET', path: '/rbac/list', access: 'user' },
  getSchemeOfContract: { method: 'GET', path: '/rbac/list/:contractAddress', access: 'user' },
  getSchemeAsset: { method: 'GET', path: '/rbac/id/:contractAddress', access: 'user' },
  rbacDeployTx: { method: 'POST', path: '/rbac/deploy/tx', access: 'user' },
  registerScheme: { method: 'POST', path: '/rbac/register', access: 'user' },
  checkOperator: { method: 'GET', path: '/rbac/operator/:address/:asset/:contractAddress', access: 'user' },
  checkLevel1: { method: 'GET', path: '/rbac/fixed/level1/:address/:contractAddress', access: 'user' },
  checkLevel2: { method: 'GET', path: '/rbac/fixed/level2/:address/:contractAddress', access: 'user' },
  grantOperator: { method: 'POST', path: '/rbac/operator', access: 'user' },
  revokeOperator: { method: 'DELETE', path: '/rbac/operator', access: 'user' },
  grantLevel1: { method: 'POST', path: '/rbac/fixed/level1', access: 'user' },
  revokeLevel1: { method: 'DELETE', path: '/rbac/fixed/level1', access: 'user' },
  grantLevel2: { method: 'POST', path: '/rbac/fixed/level2', access: 'user' },
  revokeLevel2: { method: 'DELETE', path: '/rbac/fixed/level2', access: 'user' },
  recordAccountTransaction: { method: 'POST', path: '/account/transactions', access: 'user' },
  walletProofMessage: { method: 'GET', path: '/account/wallets/:address/message', access: 'user' },
  proveWallet: { method: 'POST', path: '/account/wallets', access: 'user' },
  listAccountTransactions: { method: 'GET', path: '/account/transactions/:page', access: 'user' },
  recordTransactionHash: { method: 'POST', path: '/transactions/hash', access: 'user' },
  recordTransactionReceipt: { method: 'POST', path: '/transactions/receipt', access: 'user' },
  getTransaction: { method: 'GET', path: '/transactions/:hash', access: 'user' },
  registerCredentials: { method: 'POST', path: '/credentials', access: 'user' },
  checkCredentials: { method: 'GET', path: '/credentials/check/:address', access: 'user' },
  createShardedKey: { method: 'POST', path: '/sharding', access: 'user' },
  shardOpened: { method: 'POST', path: '/sharding/opened', access: 'user' },
  commitShardedKey: { method: 'POST', path: '/sharding/commit', access: 'user' },
  reshard: { method: 'PUT', path: '/sharding', access: 'user' },
  cancelReshard: { method: 'DELETE', path: '/sharding/reshard', access: 'user' },
  getShardedKey: { method: 'GET', path: '/sharding/:address', access: 'user' },
  myShardPdf: { method: 'GET', path: '/sharding/:address/share', access: 'user' },
  listShardedKeys: { method: 'GET', path: '/dtx/addresses', access: 'user' },
  pendingDtx: { method: 'GET', path: '/dtx/pending', access: 'user' },
  listDtx: { method: 'GET', path: '/dtx/list/:page', access: 'user' },
  getDtx: { method: 'GET', path: '/dtx/:id', access: 'user' },
  startDtx: { method: 'POST', path: '/dtx', access: 'user' },
  approveDtx: { method: 'PUT', path: '/dtx', access: 'user' },
  cancelDtx: { method: 'DELETE', path: '/dtx', access: 'user' },
  listApprovals: { method: 'GET', path: '/approvals', access: 'user' },
  getNotificationPreferences: { method: 'GET', path: '/notifications/preferences', access: 'user' },
  putNotificationPreferences: { method: 'PUT', path: '/notifications/preferences', access: 'user' },
  createWebhook: { method: 'POST', path: '/webhooks', access: 'user' },
  listWebhooks: { method: 'GET', path: '/webhooks', access: 'user' },
  deleteWebhook: { method: 'DELETE', path: '/webhooks/:id', access: 'user' },
  listWebhookDeliveries: { method: 'GET', path: '/webhooks/:id/deliveries/:page', access: 'user' },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/replay',
    access: 'user',
  },
  searchProjects: { method: 'GET', path: '/projects/search', access: 'user' },
  getProject: { method: 'GET', path: '/projects/:code', access: 'user' },
  listPartitions: { method: 'GET', path: '/partitions', access: 'user' },
  createPartition: { method: 'POST', path: '/partitions', access: 'user' },
  issueTokens: { method: 'POST', path: '/token/issue', access: 'user' },
  redeemTokens: { method: 'POST', path: '/token/redeem', access: 'user' },
  forceTransfer: { method: 'POST', path: '/token/force', access: 'user' },
  controllerRedeem: { method: 'POST', path: '/token/controller/redeem', access: 'user' },
  addDocument: { method: 'POST', path: '/token/docs', access: 'user' },
  removeDocument: { method: 'DELETE', path: '/token/docs', access: 'user' },
  getTokenRules: { method: 'GET', path: '/token/rules/:symbol', access: 'user' },
  setTokenRules: { method: 'PUT', path: '/token/rules', access: 'user' },
  precheckOperation: { method: 'POST', path: '/token/precheck', access: 'user' },
  startBulk: { method: 'POST', path: '/token/bulk', access: 'user' },
  getBulk: { method: 'GET', path: '/token/bulk/:jobId', access: 'user' },
  listHolders: { method: 'GET', path: '/holders/:code/:partition', access: 'user' },
  getBalance: { method: 'GET', path: '/balance/:code/:address', access: 'user' },
  getBalanceAtBlock: { method: 'GET', path: '/balance/:code/:address/:blockNumber', access: 'user' },
  balanceHistory: {
    method: 'GET',
    path: '/balance/history/:code/:address/:fromTimestamp/:toTimestamp',
    access: 'user',
  },
  balanceOf: { method: 'GET', path: '/balanceof/:address', access: 'user' },
  createSnapshot: { method: 'POST', path: '/snapshots', access: 'user' },
  listSnapshots: { method: 'GET', path: '/snapshots/list/:symbol', access: 'user' },
  getSnapshot: { method: 'GET', path: '/snapshots/:id', access: 'user' },
  snapshotCsv: { method: 'GET', path: '/snapshots/:id/csv', access: 'user' },
  snapshotPdf: { method: 'GET', path: '/snapshots/:id/pdf', access: 'user' },
  createDistribution: { method: 'POST', path: '/distributions', access: 'user' },
  listDistributions: { method: 'GET', path: '/distributions/list/:symbol', access: 'user' },
  distributionFundTx: { method: 'POST', path: '/distributions/:id/fund/tx', access: 'user' },
  pushDistribution: { method: 'POST', path: '/distributions/:id/push', access: 'user' },
  reclaimDistribution: { method: 'POST', path: '/distributions/:id/reclaim', access: 'user' },
  getDistribution: { method: 'GET', path: '/distributions/:id', access: 'user' },
  listClaims: { method: 'GET', path: '/claims/:address', access: 'user' },
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
