import { registerRoute } from '../../http/routing.ts';
import { isLoopback } from '../../http/security.ts';
import { listOutbox } from '../../mail/mailer.ts';
import { registerLocalChainRoutes } from '../localChain/routes.ts';
import type { ServerModule } from '../registry.ts';

/** Local-mode helpers (only registered when the server runs its embedded dev chain). */
export const localModule: ServerModule = {
  name: 'local',
  register: (app, ctx) => {
    // The local outbox stands in for every mailbox of the developer at this machine: a session from loopback
    // reads all of it (sign-up codes come before any session of the new account); a session from another
    // address (LISTEN_ANY) reads only the mail to its own address.
    registerRoute(app, ctx, 'localOutbox', async ({ request, session }) => {
      const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
      return listOutbox(ctx, isLoopback(peer) ? {} : { to: session.emailAddress });
    });
    registerLocalChainRoutes(app, ctx);
  },
};
