import { registerRoute } from '../../http/routing.ts';
import { listOutbox } from '../../mail/mailer.ts';
import { registerLocalChainRoutes } from '../localChain/routes.ts';
import type { ServerModule } from '../registry.ts';

/** Local-mode helpers (only registered when the server runs its embedded dev chain). */
export const localModule: ServerModule = {
  name: 'local',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'localOutbox', async () => listOutbox(ctx.db));
    registerLocalChainRoutes(app, ctx);
  },
};
