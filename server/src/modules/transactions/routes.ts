import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { createTransactionsService } from './service.ts';

/** Recording transactions (part 1 and part 2, section 7), My transactions and the transaction detail. */
export const transactionsModule: ServerModule = {
  name: 'transactions',
  register: (app, ctx) => {
    const service = createTransactionsService(ctx);
    registerRoute(app, ctx, 'recordAccountTransaction', async ({ session, body }) =>
      service.record(session.accountId, body),
    );
    registerRoute(app, ctx, 'recordTransactionHash', async ({ session, body }) =>
      service.recordHash(session.accountId, body.transactionHash),
    );
    registerRoute(app, ctx, 'recordTransactionReceipt', async ({ session, body }) =>
      service.recordReceipt(session.accountId, body.receipt),
    );
    registerRoute(app, ctx, 'listAccountTransactions', async ({ session, params, query }) =>
      service.list(session.accountId, params.page, query),
    );
    registerRoute(app, ctx, 'getTransaction', async ({ session, params }) =>
      service.detail(session.accountId, params.hash),
    );
  },
};
