import { paths } from '../lib/paths.ts';

/**
 * The paths each route module (`console/src/routes/<name>.tsx`, a code-split chunk of its own) draws. The router
 * builds its routes from it (router.tsx), and the build the list of files a first visit of each path needs, which the
 * server announces in the page it sends for that path (console/routePreloads.ts, server/src/http/serving.ts). No
 * React here: the build reads it in Node.
 */
export const routeModules = {
  login: [paths.login],
  account: [paths.signUp, paths.forgotPassword, paths.resetPassword],
  drafts: [paths.root, paths.newToken, paths.viewTokenDraft],
  tokens: [paths.tokens],
  tokenInfo: [paths.tokenInfo],
  whitelists: [paths.whitelists],
  permissions: [paths.permissions],
  balanceReport: [paths.addrBalance],
  keys: [paths.keys],
  distributions: [paths.myDistributions],
  sharding: [paths.sharding, paths.resharding, paths.confirmResharding],
  history: [paths.viewTransaction, paths.viewRegularTransaction, paths.transactionHistory],
  approvals: [paths.approvals, paths.notificationPreferences],
  webhooks: [paths.webhooks],
  audit: [paths.audit],
  reports: [paths.reports],
  local: [paths.localAddress, paths.localTx, paths.localBlock, paths.localMail, paths.localSignUpMail],
} as const;

export type RouteModule = keyof typeof routeModules;

/**
 * The modules the shell draws beside a page that needs a session (the logged-in navigation and the wallet strip,
 * pending transactions and overlays), which main.tsx fetches before the first render when a session is stored.
 */
export const loggedInShellModules = [
  'src/features/shell/components/LoggedInNav.tsx',
  'src/app/LoggedInParts.tsx',
] as const;
