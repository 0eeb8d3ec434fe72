// The answer schemas a browser checks each call's answer against, loaded one group of the full route table at a time
// (routes/<group>.ts, named per route in routeTable.ts): a page's first call brings zod and its own group's
// schemas, not every route's (the console's client, console/src/lib/api.ts).
import type { AnswerSchemas } from './client.ts';
import { type RouteGroup, type RouteId, routeTable } from './routeTable.ts';

const loaders: Record<RouteGroup, () => Promise<AnswerSchemas>> = {
  system: () => import('./routes/system.ts').then((m) => m.systemRoutes),
  accounts: () => import('./routes/accounts.ts').then((m) => m.accountsRoutes),
  drafts: () => import('./routes/drafts.ts').then((m) => m.draftsRoutes),
  whitelists: () => import('./routes/whitelists.ts').then((m) => m.whitelistsRoutes),
  rbac: () => import('./routes/rbac.ts').then((m) => m.rbacRoutes),
  transactions: () => import('./routes/transactions.ts').then((m) => m.transactionsRoutes),
  keys: () => import('./routes/keys.ts').then((m) => m.keysRoutes),
  dtx: () => import('./routes/dtx.ts').then((m) => m.dtxRoutes),
  webhooks: () => import('./routes/webhooks.ts').then((m) => m.webhooksRoutes),
  tokens: () => import('./routes/tokens.ts').then((m) => m.tokensRoutes),
  rules: () => import('./routes/rules.ts').then((m) => m.rulesRoutes),
  holders: () => import('./routes/holders.ts').then((m) => m.holdersRoutes),
  corporateActions: () => import('./routes/corporateActions.ts').then((m) => m.corporateActionsRoutes),
  audit: () => import('./routes/audit.ts').then((m) => m.auditRoutes),
};

/** The answer schemas of `id`'s group (a module import: loaded once, then at hand). */
export function answersOf(id: RouteId): Promise<AnswerSchemas> {
  return loaders[routeTable[id].group]();
}
