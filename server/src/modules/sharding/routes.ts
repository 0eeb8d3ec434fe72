import { registerRoute } from '../../http/routing.ts';
import { startReshard } from '../dtx/service.ts';
import type { ServerModule } from '../registry.ts';
import { commitKey, createShardedKey, listShardedAddresses, recordOpened } from './service.ts';

/** Sharded keys (spec part 2: create, verify and activate, reshard) and the key list of the wallet selector. */
export const shardingModule: ServerModule = {
  name: 'sharding',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'createShardedKey', async ({ body, session }) =>
      createShardedKey(ctx, { accountId: session.accountId, profileName: session.profileName }, body),
    );
    registerRoute(app, ctx, 'shardOpened', async ({ body, session }) =>
      recordOpened(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'commitShardedKey', async ({ body, session }) =>
      commitKey(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'reshard', async ({ body, session }) =>
      startReshard(ctx, session.accountId, body),
    );
    registerRoute(app, ctx, 'listShardedKeys', async ({ session }) =>
      listShardedAddresses(ctx, session.accountId),
    );
  },
};
