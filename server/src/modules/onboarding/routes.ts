import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { onboardingOf } from './service.ts';

/** GET /onboarding: the caller's own checklist (the session's account only: nobody reads another's). */
export const onboardingModule: ServerModule = {
  name: 'onboarding',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'onboarding', async ({ session }) => onboardingOf(ctx, session.accountId));
  },
};
