import { registerRoute } from '../../http/routing.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import type { ServerModule } from '../registry.ts';
import { registerAnchoring } from './anchor.ts';
import {
  anchorOnDemand,
  auditLogPage,
  createPack,
  getPack,
  listAuditors,
  listPacks,
  packZip,
  registerPackJob,
  setAuditor,
  verifyAudit,
} from './service.ts';

/**
 * The operations log and regulator packs (issue 38): GET /audit/{symbol} (paged, filters), /verify, POST /anchor,
 * packs (POST /audit/{symbol}/packs, GET /audit/packs/{id}, /download) and the read-only auditors of a token. Every
 * privileged action of the other modules is recorded where all routes pass (http/routing.ts, record.ts).
 */
export const auditModule: ServerModule = {
  name: 'audit',
  register: (app, ctx) => {
    const runner = jobRunnerOf(app, ctx);
    registerAnchoring(app, ctx, runner);
    registerPackJob(ctx, runner);
    registerRoute(app, ctx, 'auditLog', async ({ params, query, session }) =>
      auditLogPage(ctx, session, params.symbol, query),
    );
    registerRoute(app, ctx, 'auditVerify', async ({ params, session }) =>
      verifyAudit(ctx, session, params.symbol),
    );
    registerRoute(app, ctx, 'auditAnchor', async ({ params, session }) =>
      anchorOnDemand(ctx, runner, session, params.symbol),
    );
    registerRoute(app, ctx, 'createAuditPack', async ({ params, body, session, request }) =>
      createPack(ctx, runner, session, request, params.symbol, body),
    );
    registerRoute(app, ctx, 'listAuditPacks', async ({ params, session }) =>
      listPacks(ctx, session, params.symbol),
    );
    registerRoute(app, ctx, 'getAuditPack', async ({ params, session }) => getPack(ctx, session, params.id));
    registerRoute(app, ctx, 'downloadAuditPack', async ({ params, session, request, reply }) => {
      const { zip, name } = await packZip(ctx, session, request, params.id);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(zip);
    });
    registerRoute(app, ctx, 'listAuditors', async ({ params, session }) =>
      listAuditors(ctx, session, params.symbol),
    );
    registerRoute(app, ctx, 'grantAuditor', async ({ params, body, session, request }) =>
      setAuditor(ctx, session, request, params.symbol, body.email, true),
    );
    registerRoute(app, ctx, 'revokeAuditor', async ({ params, body, session, request }) =>
      setAuditor(ctx, session, request, params.symbol, body.email, false),
    );
  },
};
