import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { abortDtx, approveDtx, dtxDetail, listDtx, pendingDtx, startDtx } from './service.ts';

/** Distributed (sharded key) transactions: start, approve, abort, pending, list and detail (spec parts 1 and 2). */
export const dtxModule: ServerModule = {
  name: 'dtx',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'startDtx', async ({ body, session }) => startDtx(ctx, session.accountId, body));
    registerRoute(app, ctx, 'approveDtx', async ({ body, session }) =>
      approveDtx(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'cancelDtx', async ({ body, session }) => abortDtx(ctx, session.accountId, body));
    registerRoute(app, ctx, 'pendingDtx', async ({ session }) => pendingDtx(ctx, session.accountId));
    registerRoute(app, ctx, 'listDtx', async ({ params, session }) =>
      listDtx(ctx, session.accountId, params.page),
    );
    registerRoute(app, ctx, 'getDtx', async ({ params, session }) =>
      dtxDetail(ctx, session.accountId, params.id),
    );
  },
};
