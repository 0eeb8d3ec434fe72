import { registerRoute } from '../../http/routing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import type { ServerModule } from '../registry.ts';
import { countJobKind, createCountJobHandler } from './countJob.ts';
import { getRules, precheck, setRules, simulate } from './service.ts';

/** RULES_COUNT_BATCH_SIZE caps the holders one transaction counts (default: as many as fit the gas cap). */
function maxBatchSizeFromEnv(): number | undefined {
  const value = Number(process.env.RULES_COUNT_BATCH_SIZE);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * Issue 22: compliance rules of a token (read and set; switching them on for a live token counts its holders, in
 * batches by a durable job when they do not fit one transaction) and the pre-check every operation form runs
 * before signing.
 */
export const rulesModule: ServerModule = {
  name: 'rules',
  register: (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    const maxBatchSize = maxBatchSizeFromEnv();
    const batching = maxBatchSize ? { maxBatchSize } : {};
    runner.register(countJobKind, createCountJobHandler(ctx, batching));
    registerRoute(app, ctx, 'getTokenRules', async ({ params }) => getRules(ctx, params.symbol));
    registerRoute(app, ctx, 'setTokenRules', async ({ body, session }) =>
      setRules(ctx, session, body, { runner, ...batching }),
    );
    registerRoute(app, ctx, 'simulateTokenRules', async ({ body, session }) => simulate(ctx, session, body));
    registerRoute(app, ctx, 'precheckOperation', async ({ body }) => precheck(ctx, body));
  },
};
