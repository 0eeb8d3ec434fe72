import { HttpError } from '../../errors.ts';
import { testStableTokenAddress } from '../distributions/service.ts';
import { registerRoute } from '../../http/routing.ts';
import { anchorKey, packSigningKey } from '../audit/index.ts';
import { tokenV2Platform } from '../tokens/index.ts';
import type { ServerModule } from '../registry.ts';
import { pingDatabase } from '../../db/database.ts';
import { indexerOf } from '../../indexer/indexer.ts';
import { confirmationsOf } from '../../indexer/unconfirmed.ts';

/** GET /health (live chain and database, and the chain's clock), GET /ready (and the indexer's lag) and GET /config (what the console needs to know). */
export const systemModule: ServerModule = {
  name: 'system',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'health', async () => {
      let chainId: number;
      let blockNumber: number;
      let chainSeconds: number;
      try {
        chainId = Number(await ctx.chain.provider.send('eth_chainId', []));
        [blockNumber, chainSeconds] = await Promise.all([ctx.chain.blockNumber(), ctx.chain.now()]);
      } catch {
        throw new HttpError(503, `The chain at ${ctx.chain.rpcUrl} does not answer`);
      }
      try {
        await pingDatabase(ctx.db);
      } catch {
        throw new HttpError(503, 'The database does not answer');
      }
      return {
        chainId,
        blockNumber,
        chainTime: new Date(chainSeconds * 1000).toISOString(),
        database: ctx.databaseKind,
      };
    });
    registerRoute(app, ctx, 'ready', async () => {
      let blockNumber: number;
      try {
        blockNumber = await ctx.chain.blockNumber();
      } catch {
        throw new HttpError(503, `The chain at ${ctx.chain.rpcUrl} does not answer`);
      }
      const indexer = indexerOf(app);
      let indexedBlock: number | null;
      try {
        indexedBlock = indexer ? await indexer.indexedBlock() : null;
      } catch {
        throw new HttpError(503, 'The database does not answer');
      }
      return {
        database: ctx.databaseKind,
        blockNumber,
        indexer: {
          leader: indexer?.isLeader() ?? false,
          indexedBlock,
          lag: indexedBlock === null ? 0 : Math.max(0, blockNumber - indexedBlock),
          confirmations: confirmationsOf(app),
        },
      };
    });
    registerRoute(app, ctx, 'config', async () => ({
      chainId: ctx.chain.chainId,
      local: ctx.chain.local,
      rpcUrl: ctx.chain.local ? ctx.chain.rpcUrl : null,
      explorer: ctx.explorer,
      testStableToken: await testStableTokenAddress(ctx),
      confirmations: confirmationsOf(app),
      auditSigningKey: (await packSigningKey(ctx)).publicKey,
      auditAnchorAddress: (await anchorKey(ctx)).address,
      tokenV2: await tokenV2Platform(ctx),
    }));
  },
};
