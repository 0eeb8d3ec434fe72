import { type ComponentType, lazy } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/session/index.ts';
import { NotFoundPage, RouteErrorBoundary } from '../features/shell/index.ts';
import { startTokenInfoCalls, startTokensCalls } from '../features/tokens/firstCalls.ts';
import { startWhitelistsCalls } from '../features/whitelists/firstCalls.ts';
import { AppLayout } from './AppLayout.tsx';
import { trackPreload } from '../lib/preloadable.ts';
import { paths } from '../lib/paths.ts';
import type { RouteModule, routeModules } from './routeModules.ts';

/**
 * What a route's `handle` carries: its page module (`loaders`, below), whether the page needs a session, and the reads
 * its page makes first (started at start beside the page's code, lib/api.ts's callEarly).
 */
type RouteHandle = {
  module: RouteModule;
  needsSession: boolean;
  firstCalls?: (params: URLSearchParams) => void;
};

/** Each route module's loader: code-split, each loads when one of its routes is first visited. */
const loaders = {
  login: () => import('../routes/login.tsx'),
  account: () => import('../routes/account.tsx'),
  drafts: () => import('../routes/drafts.tsx'),
  tokens: () => import('../routes/tokens.tsx'),
  tokenInfo: () => import('../routes/tokenInfo.tsx'),
  whitelists: () => import('../routes/whitelists.tsx'),
  permissions: () => import('../routes/permissions.tsx'),
  balanceReport: () => import('../routes/balanceReport.tsx'),
  keys: () => import('../routes/keys.tsx'),
  distributions: () => import('../routes/distributions.tsx'),
  sharding: () => import('../routes/sharding.tsx'),
  history: () => import('../routes/history.tsx'),
  approvals: () => import('../routes/approvals.tsx'),
  webhooks: () => import('../routes/webhooks.tsx'),
  audit: () => import('../routes/audit.tsx'),
  reports: () => import('../routes/reports.tsx'),
  local: () => import('../routes/local.tsx'),
} satisfies Record<RouteModule, () => Promise<unknown>>;

type Loaders = typeof loaders;
/** The page components module `M` exports. */
type PageOf<M extends RouteModule> = keyof Awaited<ReturnType<Loaders[M]>> & string;
/** A path `M` draws, as routeModules lists it: a route in the wrong module does not compile. */
type PathOf<M extends RouteModule> = (typeof routeModules)[M][number];

/** The page `name` of module `module`, loaded when first drawn. */
function page<M extends RouteModule>(module: M, name: PageOf<M>) {
  const Page = lazy(async () => {
    const loaded = (await loaders[module]()) as Record<string, ComponentType>;
    const component = loaded[name] as ComponentType;
    return { default: component };
  });
  return <Page />;
}

/** A page anyone may open (the four account pages). */
function publicRoute<M extends RouteModule>(path: PathOf<M>, module: M, name: PageOf<M>): RouteObject {
  return {
    path,
    element: page(module, name),
    handle: { module, needsSession: false } satisfies RouteHandle,
  };
}

/** A page that needs a session (RequireAuth). */
function protectedRoute<M extends RouteModule>(
  path: PathOf<M>,
  module: M,
  name: PageOf<M>,
  firstCalls?: RouteHandle['firstCalls'],
): RouteObject {
  return {
    path,
    element: <RequireAuth>{page(module, name)}</RequireAuth>,
    handle: { module, needsSession: true, firstCalls } satisfies RouteHandle,
  };
}

/**
 * The console's routes, rendered with `useRoutes` under a BrowserRouter (App.tsx): the declarative router, whose code
 * is a third of the data router's and which the console needs no more of (no loaders or actions). A page that throws
 * is caught inside the frame, the frame itself by the outer boundary.
 */
export const routeObjects: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          publicRoute(paths.login, 'login', 'LoginRoute'),
          publicRoute(paths.signUp, 'account', 'SignUpRoute'),
          publicRoute(paths.forgotPassword, 'account', 'ForgotPasswordRoute'),
          publicRoute(paths.resetPassword, 'account', 'ResetPasswordRoute'),
          publicRoute(paths.localSignUpMail, 'local', 'SignUpMailRoute'),
          protectedRoute(paths.root, 'drafts', 'NewTokenDraftRoute'),
          protectedRoute(paths.newToken, 'drafts', 'NewTokenDraftRoute'),
          protectedRoute(paths.viewTokenDraft, 'drafts', 'ViewTokenDraftRoute'),
          protectedRoute(paths.tokens, 'tokens', 'TokensRoute', startTokensCalls),
          protectedRoute(paths.tokenInfo, 'tokenInfo', 'TokenInfoRoute', startTokenInfoCalls),
          protectedRoute(paths.whitelists, 'whitelists', 'WhitelistsRoute', startWhitelistsCalls),
          protectedRoute(paths.permissions, 'permissions', 'PermissionsRoute'),
          protectedRoute(paths.addrBalance, 'balanceReport', 'AddrBalanceRoute'),
          protectedRoute(paths.keys, 'keys', 'KeysRoute'),
          protectedRoute(paths.myDistributions, 'distributions', 'MyDistributionsRoute'),
          protectedRoute(paths.sharding, 'sharding', 'ShardingRoute'),
          protectedRoute(paths.resharding, 'sharding', 'ReshardingRoute'),
          protectedRoute(paths.confirmResharding, 'sharding', 'ConfirmReshardingRoute'),
          protectedRoute(paths.viewTransaction, 'history', 'ViewTransactionRoute'),
          protectedRoute(paths.viewRegularTransaction, 'history', 'ViewRegularTransactionRoute'),
          protectedRoute(paths.approvals, 'approvals', 'ApprovalsRoute'),
          protectedRoute(paths.notificationPreferences, 'approvals', 'NotificationPreferencesRoute'),
          protectedRoute(paths.webhooks, 'webhooks', 'WebhooksRoute'),
          protectedRoute(paths.audit, 'audit', 'AuditRoute'),
          protectedRoute(paths.reports, 'reports', 'ReportsRoute'),
          protectedRoute(paths.transactionHistory, 'history', 'TransactionHistoryRoute'),
          protectedRoute(paths.localAddress, 'local', 'LocalAddressRoute'),
          protectedRoute(paths.localTx, 'local', 'LocalTxRoute'),
          protectedRoute(paths.localBlock, 'local', 'LocalBlockRoute'),
          // The outbox needs a session (any session on this machine reads all of it: the demo login works).
          protectedRoute(paths.localMail, 'local', 'LocalMailRoute'),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Starts loading the page module a first visit of `pathname` shows (main.tsx, at start), beside the entry's own work
 * and the session check instead of after them: with a stored session the first page arrives one round trip sooner,
 * and its first reads start too. Without one, a page that needs a session shows Login.
 */
export function preloadRoute(location: { pathname: string; search: string }, hasSession: boolean): void {
  const handleOf = (path: string) =>
    matchRoutes(routeObjects, path)?.at(-1)?.route.handle as RouteHandle | undefined;
  const handle = handleOf(location.pathname);
  const shown = handle?.needsSession && !hasSession ? handleOf(paths.login) : handle;
  if (shown) void trackPreload<unknown>(loaders[shown.module]()).catch(() => undefined);
  // With a stored session, the page's first reads too: its data arrives with its code, not a round trip after.
  if (shown === handle && hasSession) handle?.firstCalls?.(new URLSearchParams(location.search));
}
