import { registerRoute } from '../../http/routing.ts';
import { indexerOf } from '../../indexer/indexer.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { everyWhileUp } from '../../jobs/ticker.ts';
import type { ServerModule } from '../registry.ts';
import { createDeliverHandler, webhookTimingFromEnv } from './deliver.ts';
import { recordChainEvents, recordDataEvents, webhookDeliverJobKind, webhookLane } from './record.ts';
import { createEndpoint, deleteEndpoint, listAttempts, listEndpoints, replayDelivery } from './service.ts';

/**
 * Signed webhooks (issue 23, Standard Webhooks). A recorder looks every second or few: chain events from what the
 * indexer stored (on the instance whose indexer leads), distributed transaction and draft events from the data;
 * each is recorded once under a unique key with one durable delivery job per subscribed endpoint allowed to see it.
 */
export const webhooksModule: ServerModule = {
  name: 'webhooks',
  register: (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    const timing = webhookTimingFromEnv(process.env);
    runner.register(webhookDeliverJobKind, createDeliverHandler(ctx, runner, timing), webhookLane);
    everyWhileUp(app, ctx.chain.local ? 500 : 3000, 'webhooks: recording events', async () => {
      const indexer = indexerOf(app);
      if (!indexer || indexer.isLeader()) await recordChainEvents(ctx, runner);
      await recordDataEvents(ctx, runner);
    });
    registerRoute(app, ctx, 'createWebhook', async ({ body, session }) => createEndpoint(ctx, session, body));
    registerRoute(app, ctx, 'listWebhooks', async ({ session }) => listEndpoints(ctx, session));
    registerRoute(app, ctx, 'deleteWebhook', async ({ params, session }) =>
      deleteEndpoint(ctx, session, params.id),
    );
    registerRoute(app, ctx, 'listWebhookDeliveries', async ({ params, session }) =>
      listAttempts(ctx, session, params.id, params.page),
    );
    registerRoute(app, ctx, 'replayWebhookDelivery', async ({ params, session }) =>
      replayDelivery(ctx, runner, session, params.id, params.deliveryId),
    );
  },
};
