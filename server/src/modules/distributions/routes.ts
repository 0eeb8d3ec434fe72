import { distributionMessages as m } from '@tranche/api';
import { Wallet } from 'ethers';
import { accessOf } from '../../access/access.ts';
import { HttpError } from '../../errors.ts';
import { demoLogin } from '../../seed.ts';
import { findAccountByLogin } from '../accounts/repository.ts';
import { demoChainKey } from '../whitelists/seed.ts';
import { registerRoute } from '../../http/routing.ts';
import { jobRunnerOf, maxQueuedJobsPerAccount } from '../../jobs/runner.ts';
import { requireDeployed } from '../projects/service.ts';
import type { ServerModule } from '../registry.ts';
import { listSnapshotsOf } from '../snapshots/repository.ts';
import { distributionsOfSnapshots, jobOf, pushJobKind, setPushJob } from './repository.ts';
import {
  cancelDistribution,
  createDistribution,
  createPushJobHandler,
  describeDistribution,
  fundTransactions,
  openClaims,
  reclaim,
  requireDistribution,
  seedLocalDistributions,
} from './service.ts';

/**
 * Distributions: POST /distributions, GET /distributions/{id}, GET /distributions/list/{symbol},
 * POST /distributions/{id}/fund/tx (txMode 1), /push (txMode 2, durable job), /reclaim, GET /claims/{address}.
 */
export const distributionsModule: ServerModule = {
  name: 'distributions',
  register: (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    runner.register(pushJobKind, createPushJobHandler(ctx));

    registerRoute(app, ctx, 'createDistribution', async ({ body, session }) =>
      createDistribution(ctx, session, body),
    );
    registerRoute(app, ctx, 'getDistribution', async ({ params, session }) =>
      describeDistribution(ctx, await requireDistribution(ctx, session, params.id)),
    );
    registerRoute(app, ctx, 'listDistributions', async ({ params, session }) => {
      const token = await requireDeployed(ctx, params.symbol, session);
      const snapshots = await listSnapshotsOf(ctx.db, token.contractAddress);
      const rows = await distributionsOfSnapshots(
        ctx.db,
        snapshots.map((s) => s.id),
      );
      const visible = await accessOf(ctx).distributions(session, { token, rows });
      return Promise.all(visible.map((row) => describeDistribution(ctx, row)));
    });
    registerRoute(app, ctx, 'distributionFundTx', async ({ params, session }) =>
      fundTransactions(ctx, session, params.id),
    );
    registerRoute(app, ctx, 'cancelDistribution', async ({ params, session }) =>
      cancelDistribution(ctx, session, params.id),
    );
    registerRoute(app, ctx, 'pushDistribution', async ({ params, session }) => {
      const row = await requireDistribution(ctx, session, params.id);
      if (row.accountId !== session.accountId) throw new HttpError(403, m.notIssuer);
      const running = await jobOf(ctx.db, row.pushJobId);
      if (running && (running.state === 'queued' || running.state === 'running')) {
        throw new HttpError(409, m.pushRunning);
      }
      const state = await describeDistribution(ctx, row);
      if (state.underfunded) throw new HttpError(409, m.underfunded(state.shortfall, state.assetSymbol));
      if (!state.funded) throw new HttpError(409, m.notFunded);
      if (state.reclaimed) throw new HttpError(409, m.reclaimed);
      const job = await runner.enqueue(
        pushJobKind,
        { distributionId: row.id, accountId: session.accountId },
        undefined,
        { owner: { accountId: session.accountId, limit: maxQueuedJobsPerAccount } },
      );
      await setPushJob(ctx.db, row.id, job.id);
      return { jobId: job.id };
    });
    registerRoute(app, ctx, 'reclaimDistribution', async ({ params, body, session }) =>
      reclaim(ctx, session, params.id, body.txMode as 1 | 2),
    );
    registerRoute(app, ctx, 'listClaims', async ({ params }) => openClaims(ctx, params.address));
    if (ctx.chain.local) {
      // npm start: the Distributor and the test stable token, minted to the demo account's wallet.
      app.addHook('onReady', async () => {
        try {
          if (await findAccountByLogin(ctx.db, demoLogin)) {
            await seedLocalDistributions(ctx, new Wallet(demoChainKey).address.toLowerCase());
          }
        } catch (error) {
          app.log.error({ err: error }, 'could not deploy the local Distributor and test stable token');
        }
      });
    }
  },
};
