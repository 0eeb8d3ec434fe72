import { registerRoute } from '../../http/routing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { startReshard } from '../dtx/start.ts';
import type { ServerModule } from '../registry.ts';
import { declineKey } from './decline.ts';
import {
  cancelReshard,
  createShareMailHandler,
  getKeyStatus,
  myShardPdf,
  shareMailJobKind,
} from './reshard.ts';
import { commitKey, createShardedKey, listShardedAddresses, recordOpened } from './service.ts';

/**
 * Sharded keys (spec part 2: create, verify and activate, reshard in two phases) and the key list of the wallet
 * selector. Password mails of a new key and of a reshard go through the durable outbox (job kind 'sharding.mail').
 */
export const shardingModule: ServerModule = {
  name: 'sharding',
  register: (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    runner.register(shareMailJobKind, createShareMailHandler(ctx));
    registerRoute(app, ctx, 'createShardedKey', async ({ body, session }) =>
      createShardedKey(ctx, runner, { accountId: session.accountId, profileName: session.profileName }, body),
    );
    registerRoute(app, ctx, 'shardOpened', async ({ body, session }) =>
      recordOpened(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'declineShardedKey', async ({ body, session }) =>
      declineKey(ctx, runner, session, body),
    );
    registerRoute(app, ctx, 'commitShardedKey', async ({ body, session }) =>
      commitKey(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'reshard', async ({ body, session }) =>
      startReshard(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'cancelReshard', async ({ body, session }) =>
      cancelReshard(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'getShardedKey', async ({ params, session }) =>
      getKeyStatus(ctx, session.accountId, params.address),
    );
    registerRoute(app, ctx, 'myShardPdf', async ({ params, session }) =>
      myShardPdf(ctx, session.accountId, params.address),
    );
    registerRoute(app, ctx, 'listShardedKeys', async ({ session }) =>
      listShardedAddresses(ctx, session.accountId),
    );
  },
};
