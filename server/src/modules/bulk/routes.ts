import { registerRoute } from '../../http/routing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import type { ServerModule } from '../registry.ts';
import { bulkJobKind, createBulkJobHandler } from './job.ts';
import { getBulk, startBulk } from './service.ts';

/** BULK_BATCH_SIZE caps the rows per batch transaction (default: as many as fit the gas cap). */
function maxBatchSizeFromEnv(): number | undefined {
  const value = Number(process.env.BULK_BATCH_SIZE);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Issue 22: bulk issue and bulk forced transfer on a live token, as durable jobs. */
export const bulkModule: ServerModule = {
  name: 'bulk',
  register: (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    const maxBatchSize = maxBatchSizeFromEnv();
    runner.register(bulkJobKind, createBulkJobHandler(ctx, maxBatchSize ? { maxBatchSize } : {}));
    registerRoute(app, ctx, 'startBulk', async ({ body, session }) => startBulk(ctx, runner, session, body));
    registerRoute(app, ctx, 'getBulk', async ({ params, session }) => getBulk(ctx, session, params.jobId));
  },
};
