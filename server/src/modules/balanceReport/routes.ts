import { registerRoute } from '../../http/routing.ts';
import { confirmationsOf } from '../../indexer/unconfirmed.ts';
import type { ServerModule } from '../registry.ts';
import { balanceReport } from './service.ts';

/** The balance by partition report (part 2, /AddrBalance). */
export const balanceReportModule: ServerModule = {
  name: 'balanceReport',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'balanceOf', async ({ params }) =>
      balanceReport(ctx, params.address, confirmationsOf(app)),
    );
  },
};
