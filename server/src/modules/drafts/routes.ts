import { registerRoute } from '../../http/routing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import type { ServerModule } from '../registry.ts';
import { createDeployJobHandler } from './deployJob.ts';
import { createDraftsService, deployJobKind } from './service.ts';

/** DRAFT_ISSUE_BATCH_SIZE caps the investors per batch issue (default: as many as fit the gas cap). */
function maxBatchSizeFromEnv(): number | undefined {
  const value = Number(process.env.DRAFT_ISSUE_BATCH_SIZE);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Token drafts and their durable deployment (spec part 2). */
export const draftsModule: ServerModule = {
  name: 'drafts',
  register: (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    runner.register(deployJobKind, createDeployJobHandler(ctx, { maxBatchSize: maxBatchSizeFromEnv() }));
    const service = createDraftsService(ctx, runner);
    registerRoute(app, ctx, 'createDraft', async ({ body, session }) =>
      service.create(session.accountId, body),
    );
    registerRoute(app, ctx, 'getDraft', async ({ params, session }) =>
      service.get(session.accountId, params.symbol),
    );
    registerRoute(app, ctx, 'deleteDraft', async ({ params, session }) => {
      await service.remove(session.accountId, params.symbol);
    });
    registerRoute(app, ctx, 'deployDraft', async ({ body, session }) =>
      service.deploy(session.accountId, body),
    );
  },
};
