import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { getRules, precheck, setRules } from './service.ts';

/** Issue 22: compliance rules of a token (read and set) and the pre-check every operation form runs before signing. */
export const rulesModule: ServerModule = {
  name: 'rules',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'getTokenRules', async ({ params }) => getRules(ctx, params.symbol));
    registerRoute(app, ctx, 'setTokenRules', async ({ body, session }) => setRules(ctx, session, body));
    registerRoute(app, ctx, 'precheckOperation', async ({ body }) => precheck(ctx, body));
  },
};
