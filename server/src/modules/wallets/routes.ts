import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { createWalletService } from './service.ts';

/** Wallet proofs (Sign-In with Ethereum), once per wallet: GET /account/wallets/{address}/message, POST /account/wallets. */
export const walletsModule: ServerModule = {
  name: 'wallets',
  register: (app, ctx) => {
    const wallets = createWalletService(ctx);
    registerRoute(app, ctx, 'walletProofMessage', async ({ params, session }) => ({
      message: wallets.message(session, params.address),
    }));
    registerRoute(app, ctx, 'proveWallet', async ({ body, session }) => ({
      address: await wallets.prove(session, body.message, body.signature),
    }));
  },
};
