import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { listInbox } from './service.ts';

/** The approvals inbox (issue 23): what waits for the caller's signature across all their keys. */
export const approvalsModule: ServerModule = {
  name: 'approvals',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'listApprovals', async ({ session }) => listInbox(ctx, session));
  },
};
