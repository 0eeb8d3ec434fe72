import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../http/routing.ts';
import { createIndexer, indexerOf, indexerOptionsFromEnv, setIndexerOf } from '../../indexer/indexer.ts';
import type { ServerModule } from '../registry.ts';
import { addDocument, controllerRedeem, forceTransfer, issue, redeem, removeDocument } from './service.ts';

/** The indexer the tokens module started for an app (tests await it). */
export { indexerOf };

function startIndexer(app: FastifyInstance, ctx: AppContext): void {
  if (process.env.INDEXER === 'off') return;
  const indexer = createIndexer(
    { db: ctx.db, chain: ctx.chain, logger: { warn: (message) => app.log.warn(message) } },
    indexerOptionsFromEnv(process.env, ctx.chain.local),
  );
  setIndexerOf(app, indexer);
  app.addHook('onReady', async () => indexer.start());
  app.addHook('onClose', async () => indexer.stop());
}

/**
 * Token operations submitted through the server (txMode 2, signed with the caller's registered key after the
 * on-chain rights checks), and the event indexer behind holders and balances (INDEXER=off disables it).
 */
export const tokensModule: ServerModule = {
  name: 'tokens',
  register: (app, ctx) => {
    startIndexer(app, ctx);
    const caller = (session: { accountId: number }, accountAddress: string) => ({
      accountId: session.accountId,
      accountAddress,
    });
    registerRoute(app, ctx, 'issueTokens', async ({ body, session }) =>
      issue(ctx, caller(session, body.accountAddress), body),
    );
    registerRoute(app, ctx, 'redeemTokens', async ({ body, session }) =>
      redeem(ctx, caller(session, body.accountAddress), body),
    );
    registerRoute(app, ctx, 'forceTransfer', async ({ body, session }) =>
      forceTransfer(ctx, caller(session, body.accountAddress), body),
    );
    registerRoute(app, ctx, 'controllerRedeem', async ({ body, session }) =>
      controllerRedeem(ctx, caller(session, body.accountAddress), body),
    );
    registerRoute(app, ctx, 'addDocument', async ({ body, session }) =>
      addDocument(ctx, caller(session, body.accountAddress), body),
    );
    registerRoute(app, ctx, 'removeDocument', async ({ body, session }) =>
      removeDocument(ctx, caller(session, body.accountAddress), body),
    );
  },
};
