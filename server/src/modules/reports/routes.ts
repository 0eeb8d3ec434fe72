import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { capTableCsv, capTableFileName, capTablePdf } from './export.ts';
import { capTable, concentration, distributionHistory } from './service.ts';

/**
 * A token's reports at a block (issue 37): GET /reports/{code}/cap-table (and /csv, /pdf), /concentration and
 * /distributions. Computed from the indexer's tables; legal names only for viewers the access module allows.
 */
export const reportsModule: ServerModule = {
  name: 'reports',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'reportCapTable', async ({ params, query, session }) =>
      capTable(ctx, session, params.code, query.block),
    );
    registerRoute(app, ctx, 'reportCapTableCsv', async ({ params, query, session, reply }) => {
      const table = await capTable(ctx, session, params.code, query.block);
      await reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${capTableFileName(table, 'csv')}"`)
        .send(capTableCsv(table));
      return null;
    });
    registerRoute(app, ctx, 'reportCapTablePdf', async ({ params, query, session, reply }) => {
      const table = await capTable(ctx, session, params.code, query.block);
      await reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${capTableFileName(table, 'pdf')}"`)
        .send(await capTablePdf(table));
      return null;
    });
    registerRoute(app, ctx, 'reportConcentration', async ({ params, query, session }) =>
      concentration(ctx, session, params.code, query.block),
    );
    registerRoute(app, ctx, 'reportDistributions', async ({ params, query, session }) =>
      distributionHistory(ctx, session, params.code, query.block),
    );
  },
};
