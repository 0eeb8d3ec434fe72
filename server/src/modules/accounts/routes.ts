import type { ServerModule } from '../registry.ts';
import { registerRoute } from '../../http/routing.ts';
import { createAccountsService } from './service.ts';

/** Sign up, confirmation, login, forgot and reset password (spec part 2), and GET /auth (part 1). */
export const accountsModule: ServerModule = {
  name: 'accounts',
  register: (app, ctx) => {
    const service = createAccountsService(ctx);
    registerRoute(app, ctx, 'createAccount', async ({ body }) => service.signUp(body));
    registerRoute(app, ctx, 'confirmAccount', async ({ body }) => service.confirm(body));
    registerRoute(app, ctx, 'login', async ({ body }) => service.login(body));
    registerRoute(app, ctx, 'forgotPassword', async ({ body }) => service.forgotPassword(body));
    registerRoute(app, ctx, 'resetPassword', async ({ body }) => service.resetPassword(body));
    registerRoute(app, ctx, 'auth', async ({ session }) => session);
  },
};
