import { apiPrefix, routes } from '@tranche/api';
import { registerRoute } from '../../http/routing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import type { ServerModule } from '../registry.ts';
import { createWhitelistRegistry } from './registry.ts';
import { seedLocalSecurity } from './seed.ts';
import { createWhitelistService, whitelistBulkJobKind } from './service.ts';

/** Bodies of POST /whitelist/bulk may carry up to 10,000 addresses with contact details. */
const bulkBodyLimit = 16 * 1024 * 1024;

/** WHITELIST_BATCH_SIZE caps the addresses per batch transaction (default: as many as fit the gas cap). */
function batchSizeFromEnv(): number | undefined {
  const value = Number(process.env.WHITELIST_BATCH_SIZE);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Whitelists and verified addresses (spec part 2, 'Whitelists'); seeds the local demo security on first start. */
export const whitelistsModule: ServerModule = {
  name: 'whitelists',
  register: async (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    const whitelists = createWhitelistService(ctx, {
      runner,
      batchSize: batchSizeFromEnv(),
      onStoreError: (error) => app.log.error({ err: error }, 'whitelist records not saved'),
    });
    runner.register(whitelistBulkJobKind, whitelists.bulkJob);
    const bulkUrl = `${apiPrefix}${routes.whitelistBulk.path}`;
    app.addHook('onRoute', (options) => {
      if (options.url === bulkUrl && options.method === 'POST') options.bodyLimit = bulkBodyLimit;
    });
    registerRoute(app, ctx, 'listWhitelists', async () => whitelists.list());
    registerRoute(app, ctx, 'whitelistDeployTx', async ({ body }) => whitelists.deployTx(body));
    registerRoute(app, ctx, 'registerWhitelist', async ({ body, session }) => {
      await whitelists.register(session.accountId, body);
      return null;
    });
    registerRoute(app, ctx, 'whitelistBulk', async ({ body, session }) =>
      whitelists.bulk(session.accountId, body),
    );
    registerRoute(app, ctx, 'listWhitelistAddresses', async ({ params, session }) =>
      whitelists.addresses(session, params.whitelistAddress, params.page),
    );
    registerRoute(app, ctx, 'listExpiringRecords', async ({ params, session }) =>
      whitelists.expiring(session, params.whitelistAddress),
    );
    const registry = createWhitelistRegistry(ctx, whitelists.requireWhitelist);
    registerRoute(app, ctx, 'whitelistRegistry', async ({ params, query, session }) =>
      registry.page(session, params.whitelistAddress, query),
    );
    registerRoute(app, ctx, 'whitelistTokens', async ({ params }) =>
      registry.tokens(params.whitelistAddress),
    );
    registerRoute(app, ctx, 'whitelistRevokeTx', async ({ body, session }) =>
      registry.revokeTx(session, body),
    );
    registerRoute(app, ctx, 'whitelistRevoked', async ({ body, session }) => {
      await registry.revoked(session, body);
      return null;
    });
    if (ctx.chain.local) {
      try {
        await seedLocalSecurity(ctx);
      } catch (error) {
        app.log.error({ err: error }, 'could not seed the local security scheme and whitelist');
      }
    }
  },
};
