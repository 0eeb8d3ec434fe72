import { type ComponentType, lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/session/index.ts';
import { NotFoundPage, RouteErrorBoundary } from '../features/shell/index.ts';
import { AppLayout } from './AppLayout.tsx';
import { paths } from '../lib/paths.ts';

/** Code-split per route: each page module loads when its route is first visited. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Page = lazy(async () => {
    const module = await load();
    const component: ComponentType = module[name];
    return { default: component };
  });
  return <Page />;
}

function protectedPage(element: React.ReactNode): React.ReactNode {
  return <RequireAuth>{element}</RequireAuth>;
}

const login = () => import('../routes/login.tsx');
const account = () => import('../routes/account.tsx');
const tokens = () => import('../routes/tokens.tsx');
const tokenInfo = () => import('../routes/tokenInfo.tsx');
const drafts = () => import('../routes/drafts.tsx');
const history = () => import('../routes/history.tsx');
const balanceReport = () => import('../routes/balanceReport.tsx');
const local = () => import('../routes/local.tsx');
const permissions = () => import('../routes/permissions.tsx');
const whitelists = () => import('../routes/whitelists.tsx');
const keys = () => import('../routes/keys.tsx');
const sharding = () => import('../routes/sharding.tsx');
const distributions = () => import('../routes/distributions.tsx');
const approvals = () => import('../routes/approvals.tsx');
const webhooks = () => import('../routes/webhooks.tsx');

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
          { path: paths.login, element: page(login, 'LoginRoute') },
          { path: paths.signUp, element: page(account, 'SignUpRoute') },
          { path: paths.forgotPassword, element: page(account, 'ForgotPasswordRoute') },
          { path: paths.resetPassword, element: page(account, 'ResetPasswordRoute') },
          { path: paths.root, element: protectedPage(page(drafts, 'NewTokenDraftRoute')) },
          { path: paths.newToken, element: protectedPage(page(drafts, 'NewTokenDraftRoute')) },
          { path: paths.viewTokenDraft, element: protectedPage(page(drafts, 'ViewTokenDraftRoute')) },
          { path: paths.tokens, element: protectedPage(page(tokens, 'TokensRoute')) },
          { path: paths.tokenInfo, element: protectedPage(page(tokenInfo, 'TokenInfoRoute')) },
          { path: paths.whitelists, element: protectedPage(page(whitelists, 'WhitelistsRoute')) },
          { path: paths.permissions, element: protectedPage(page(permissions, 'PermissionsRoute')) },
          { path: paths.addrBalance, element: protectedPage(page(balanceReport, 'AddrBalanceRoute')) },
          { path: paths.keys, element: protectedPage(page(keys, 'KeysRoute')) },
          {
            path: paths.myDistributions,
            element: protectedPage(page(distributions, 'MyDistributionsRoute')),
          },
          { path: paths.sharding, element: protectedPage(page(sharding, 'ShardingRoute')) },
          { path: paths.resharding, element: protectedPage(page(sharding, 'ReshardingRoute')) },
          { path: paths.confirmResharding, element: protectedPage(page(sharding, 'ConfirmReshardingRoute')) },
          { path: paths.viewTransaction, element: protectedPage(page(history, 'ViewTransactionRoute')) },
          {
            path: paths.viewRegularTransaction,
            element: protectedPage(page(history, 'ViewRegularTransactionRoute')),
          },
          { path: paths.approvals, element: protectedPage(page(approvals, 'ApprovalsRoute')) },
          {
            path: paths.notificationPreferences,
            element: protectedPage(page(approvals, 'NotificationPreferencesRoute')),
          },
          { path: paths.webhooks, element: protectedPage(page(webhooks, 'WebhooksRoute')) },
          {
            path: paths.transactionHistory,
            element: protectedPage(page(history, 'TransactionHistoryRoute')),
          },
          { path: paths.localAddress, element: protectedPage(page(local, 'LocalAddressRoute')) },
          { path: paths.localTx, element: protectedPage(page(local, 'LocalTxRoute')) },
          { path: paths.localBlock, element: protectedPage(page(local, 'LocalBlockRoute')) },
          // The outbox needs a session (any session on this machine reads all of it: the demo login works).
          { path: paths.localMail, element: protectedPage(page(local, 'LocalMailRoute')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
