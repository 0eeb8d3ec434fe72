import { dtxMessages } from '@tranche/api';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { abortDtx, approveDtx, dtxJobKind } from './actions.ts';
import { settleDtx } from './execute.ts';
import { dtxDetail, listDtx, pendingDtx } from './list.ts';
import { expireDue } from './repository.ts';
import { startDtx } from './start.ts';
import { dtxTtlMs } from './ttl.ts';

/** How often pending transactions past DTX_TTL are expired (their approval shares wiped). */
const expiryIntervalMs = 5000;

/**
 * Distributed (sharded key) transactions: start, approve, abort, pending, list and detail (spec parts 1 and 2).
 * An approved transaction runs as a durable job ('dtx.execute'): the job runner is its reconciler, settling at start
 * and on every poll any transaction a stopped process left running.
 */
export const dtxModule: ServerModule = {
  name: 'dtx',
  register: (app, ctx) => {
    dtxTtlMs(); // an invalid DTX_TTL stops the start
    const runner = jobRunnerOf(app, ctx);
    runner.register(dtxJobKind, async (job, tools) => {
      await settleDtx(ctx, Number(job.payload.dtxId), job.id, tools.signal);
    });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await expireDue(ctx.db, dtxMessages.expired);
      timer = setInterval(() => {
        expireDue(ctx.db, dtxMessages.expired).catch(() => undefined);
      }, expiryIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    registerRoute(app, ctx, 'startDtx', async ({ body, session }) => startDtx(ctx, session.accountId, body));
    registerRoute(app, ctx, 'approveDtx', async ({ body, session }) =>
      approveDtx(ctx, runner, session.accountId, body),
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
