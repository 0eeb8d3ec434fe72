import { registerRoute } from '../../http/routing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { everyWhileUp } from '../../jobs/ticker.ts';
import type { ServerModule } from '../registry.ts';
import {
  createDigestHandler,
  createNotifyMailHandler,
  notifyDigestJobKind,
  notifyMailJobKind,
  preferencesOf,
  queueDigests,
  recordNotices,
  updatePreferences,
} from './service.ts';

/**
 * Mail when something needs a signer or finished (issue 23). A reconciler looks at the data every few seconds
 * (distributed transactions, draft deployment jobs) and records each notice once under a unique event key, with a
 * durable mail job; no domain service has to call it, and several instances record each notice once.
 */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  register: (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    runner.register(notifyMailJobKind, createNotifyMailHandler(ctx));
    runner.register(notifyDigestJobKind, createDigestHandler(ctx));
    everyWhileUp(app, ctx.chain.local ? 1000 : 5000, 'notifications: the look for new notices', async () => {
      await recordNotices(ctx, runner);
      const now = new Date();
      // The digest of a day goes out from 08:00 UTC.
      if (now.getUTCHours() >= 8) await queueDigests(ctx, runner, now.toISOString().slice(0, 10));
    });
    registerRoute(app, ctx, 'getNotificationPreferences', async ({ session }) =>
      preferencesOf(ctx.db, session.accountId),
    );
    registerRoute(app, ctx, 'putNotificationPreferences', async ({ body, session }) =>
      updatePreferences(ctx.db, session.accountId, body),
    );
  },
};
