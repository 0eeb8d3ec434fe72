import { registerRoute } from '../../http/routing.ts';
import { pollRevocations } from '../../http/revocations.ts';
import { listenForInvalidations } from '../../cache/invalidation.ts';
import type { ServerModule } from '../registry.ts';
import { keepItem, removeItem } from './review.ts';
import { listReview } from './reviewItems.ts';
import { createAccountsService } from './service.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';

/**
 * Sign up, confirmation, login, logout, forgot and reset password (spec part 2), GET /auth (part 1), and the review
 * after a password reset (review.ts).
 */
export const accountsModule: ServerModule = {
  name: 'accounts',
  register: async (app, ctx) => {
    // Mail and account work that must not change how long an answer takes; closing the app waits for it.
    const pending = new Set<Promise<void>>();
    const background = (work: () => Promise<void>) => {
      const running = work()
        .catch((error: unknown) => app.log.error({ err: error }, 'background account work failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    };
    await ctx.caches.revokedSessions.sync(ctx.db);
    const stopPolling = pollRevocations(ctx.db, ctx.caches.revokedSessions, (error) =>
      app.log.warn({ err: error }, 'reading revoked sessions failed'),
    );
    const stopListening = listenForInvalidations(ctx.db, ctx.caches, (error) =>
      app.log.warn({ err: error }, 'listening for invalidations failed'),
    );
    app.addHook('onClose', async () => {
      stopPolling();
      await stopListening();
      await Promise.allSettled([...pending]);
    });

    const service = createAccountsService(ctx, background);
    registerRoute(app, ctx, 'createAccount', async ({ body }) => service.signUp(body));
    registerRoute(app, ctx, 'confirmAccount', async ({ body }) => service.confirm(body));
    registerRoute(app, ctx, 'login', async ({ body }) => service.login(body));
    registerRoute(app, ctx, 'logout', async ({ request }) => {
      if (request.sessionToken) await service.logout(request.sessionToken.token, request.sessionToken.claims);
    });
    registerRoute(app, ctx, 'forgotPassword', async ({ body }) => service.forgotPassword(body));
    registerRoute(app, ctx, 'resetPassword', async ({ body }) => service.resetPassword(body));
    registerRoute(app, ctx, 'auth', async ({ session }) => session);
    registerRoute(app, ctx, 'accountReview', async ({ session }) => listReview(ctx.db, session));
    registerRoute(app, ctx, 'keepReviewItem', async ({ body, session }) =>
      keepItem(ctx, jobRunnerOf(app, ctx), session, body),
    );
    registerRoute(app, ctx, 'removeReviewItem', async ({ body, session }) => removeItem(ctx, session, body));
  },
};
