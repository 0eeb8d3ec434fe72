import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { hasCredential, registerCredential } from './service.ts';

/** Register my keys (spec part 2) and the registration check of the header strip (part 1). */
export const credentialsModule: ServerModule = {
  name: 'credentials',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'registerCredentials', async ({ body, session }) => {
      await registerCredential(ctx.db, ctx.masterKey, session.accountId, body);
      return null;
    });
    registerRoute(app, ctx, 'checkCredentials', async ({ params, session }) =>
      hasCredential(ctx.db, session.accountId, params.address),
    );
  },
};
