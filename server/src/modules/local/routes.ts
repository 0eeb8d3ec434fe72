import { accessOf } from '../../access/access.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { registerRoute } from '../../http/routing.ts';
import { isLoopback } from '../../http/security.ts';
import { listOutbox } from '../../mail/mailer.ts';
import { registerLocalChainRoutes } from '../localChain/routes.ts';
import type { ServerModule } from '../registry.ts';
import {
  createDevAccountFundingHandler,
  devAccountJobKind,
  devAccountOf,
  sharedDevAccountKey,
  sharedDevAccounts,
} from './devAccount.ts';
import { localDevTexts } from '@tranche/api';
import { HttpError } from '../../errors.ts';
import { registerCredential } from '../credentials/service.ts';

/** Local-mode helpers (only registered when the server runs its embedded dev chain). */
export const localModule: ServerModule = {
  name: 'local',
  register: (app, ctx) => {
    const access = accessOf(ctx);
    const runner = jobRunnerOf(app, ctx);
    runner.register(devAccountJobKind, createDevAccountFundingHandler(ctx));
    const peerOf = (request: { socket: { remoteAddress?: string } }) =>
      (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    // The local outbox stands in for every mailbox of the developer at this machine: a session from loopback
    // reads all of it; a session from another address (LISTEN_ANY) reads only the mail to its own address.
    registerRoute(app, ctx, 'localOutbox', async ({ request, session }) =>
      listOutbox(ctx, isLoopback(peerOf(request)) ? {} : { to: session.emailAddress }),
    );
    // Before any session: a not yet confirmed account's own sign-up mail, from loopback (access.signUpMail). Any
    // other address answers the same empty list, so the answer tells nothing about which addresses signed up.
    registerRoute(app, ctx, 'localSignUpMail', async ({ request, query }) =>
      (await access.signUpMail(peerOf(request), query.emailAddress))
        ? listOutbox(ctx, { to: query.emailAddress, limit: 20 })
        : [],
    );
    registerRoute(app, ctx, 'localDevAccount', async ({ session }) =>
      devAccountOf(ctx, runner, session.accountId),
    );
    registerRoute(app, ctx, 'localSharedAccounts', async () =>
      access.devKeyUsers() ? sharedDevAccounts(ctx) : [],
    );
    // One click in the wallet chip: a public development account registered for this account's server signing,
    // with the key the chain publishes (refused, as any registration, when another account registered it first).
    registerRoute(app, ctx, 'registerSharedAccount', async ({ body, session }) => {
      const privateKey = access.devKeyUsers() ? sharedDevAccountKey(body.address) : undefined;
      if (!privateKey) throw new HttpError(400, localDevTexts.notSharedAccount);
      await registerCredential(ctx.db, ctx.masterKey, session.accountId, {
        publicKey: body.address.toLowerCase(),
        privateKey,
      });
      return null;
    });
    registerLocalChainRoutes(app, ctx);
  },
};
