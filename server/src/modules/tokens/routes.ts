import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../http/routing.ts';
import { createIndexer, indexerOf, indexerOptionsFromEnv, setIndexerOf } from '../../indexer/indexer.ts';
import type { ServerModule } from '../registry.ts';
import { addDocument, controllerRedeem, forceTransfer, issue, redeem, removeDocument } from './service.ts';
import { acceptOwner, proposeOwner, replaceScheme, replaceWhitelist, upgradeToken } from './v2.ts';
import { deployPlatformAtStart } from './v2Platform.ts';
import { freezeAddress, freezePartialTokens, recoverWallet } from './enforcement.ts';

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
    // Version 2 tokens: upgrade and rotation (txMode 1: the wallet's transaction; 2: signed with the registered key).
    const admin = (session: { accountId: number }, body: { accountAddress: string; txMode: 1 | 2 }) => ({
      accountId: session.accountId,
      accountAddress: body.accountAddress,
      txMode: body.txMode,
    });
    registerRoute(app, ctx, 'upgradeToken', async ({ body, session }) =>
      upgradeToken(ctx, admin(session, body), body),
    );
    registerRoute(app, ctx, 'proposeTokenOwner', async ({ body, session }) =>
      proposeOwner(ctx, admin(session, body), body),
    );
    registerRoute(app, ctx, 'acceptTokenOwner', async ({ body, session }) =>
      acceptOwner(ctx, admin(session, body), body),
    );
    registerRoute(app, ctx, 'replaceTokenWhitelist', async ({ body, session }) =>
      replaceWhitelist(ctx, admin(session, body), body),
    );
    registerRoute(app, ctx, 'replaceTokenScheme', async ({ body, session }) =>
      replaceScheme(ctx, admin(session, body), body),
    );
    // Version 2 enforcement (issue 36): the owner or the controller.
    registerRoute(app, ctx, 'freezeAddress', async ({ body, session }) =>
      freezeAddress(ctx, admin(session, body), body),
    );
    registerRoute(app, ctx, 'freezePartialTokens', async ({ body, session }) =>
      freezePartialTokens(ctx, admin(session, body), body),
    );
    registerRoute(app, ctx, 'recoverWallet', async ({ body, session }) =>
      recoverWallet(ctx, admin(session, body), body),
    );
    if (ctx.chain.local) {
      // npm start: version 2's implementations and factory, deployed once per chain with the platform's own key
      // (tests and other local apps deploy them on first use).
      app.addHook('onReady', async () => {
        try {
          await deployPlatformAtStart(ctx);
        } catch (error) {
          app.log.error({ err: error }, 'could not deploy the token version 2 factory');
        }
      });
    }
  },
};
