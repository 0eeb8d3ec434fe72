// The full route table, assembled from its groups (routes/*.ts), which a browser loads one at a time (answers.ts).
// Imported first: zod's browser setting must come before any schema is built.
import './zodConfig.ts';
import { systemRoutes } from './routes/system.ts';
import { accountsRoutes } from './routes/accounts.ts';
import { draftsRoutes } from './routes/drafts.ts';
import { whitelistsRoutes } from './routes/whitelists.ts';
import { rbacRoutes } from './routes/rbac.ts';
import { transactionsRoutes } from './routes/transactions.ts';
import { keysRoutes } from './routes/keys.ts';
import { dtxRoutes } from './routes/dtx.ts';
import { webhooksRoutes } from './routes/webhooks.ts';
import { tokensRoutes } from './routes/tokens.ts';
import { rulesRoutes } from './routes/rules.ts';
import { holdersRoutes } from './routes/holders.ts';
import { corporateActionsRoutes } from './routes/corporateActions.ts';
import { auditRoutes } from './routes/audit.ts';
import type { RouteDefinition } from './routes/define.ts';
import type { RouteId } from './routeTable.ts';

export { apiPrefix, buildPath, httpMethods, pathParams, routeAccess, routeTable } from './routeTable.ts';
export type { HttpMethod, RouteAccess, RouteId, RouteTarget } from './routeTable.ts';
export type { RouteDefinition } from './routes/define.ts';

/**
 * The full route table: every call of both specs' section 7 plus Tranche's own (health, config, local outbox), each
 * the light table's method, path and access (routeTable.ts) with its schemas and documentation. A new route is
 * named in routeTable.ts first (with its group); the module that implements it adds its schemas to that group's file
 * in routes/.
 */
export const routes = {
  ...systemRoutes,
  ...accountsRoutes,
  ...draftsRoutes,
  ...whitelistsRoutes,
  ...rbacRoutes,
  ...transactionsRoutes,
  ...keysRoutes,
  ...dtxRoutes,
  ...webhooksRoutes,
  ...tokensRoutes,
  ...rulesRoutes,
  ...holdersRoutes,
  ...corporateActionsRoutes,
  ...auditRoutes,
} satisfies { [Id in RouteId]: RouteDefinition };

export type Routes = typeof routes;

export const routeIds = Object.keys(routes) as RouteId[];
