import { txTypes } from '@tranche/api';
import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { recordUserTransaction } from '../transactions/service.ts';
import { createRbacService } from './service.ts';

/** Security schemes and access rights (spec part 1, 'Permissions page', sections 6 and 7). */
export const rbacModule: ServerModule = {
  name: 'rbac',
  register: (app, ctx) => {
    const rbac = createRbacService(ctx);
    registerRoute(app, ctx, 'listSchemes', async () => rbac.list());
    registerRoute(app, ctx, 'getSchemeOfContract', async ({ params }) => rbac.detail(params.contractAddress));
    registerRoute(app, ctx, 'listSchemeRoles', async ({ params, session }) =>
      rbac.roles(session, params.contractAddress),
    );
    registerRoute(app, ctx, 'getSchemeAsset', async ({ params }) => rbac.asset(params.contractAddress));
    registerRoute(app, ctx, 'rbacDeployTx', async ({ body }) => rbac.deployTx(body));
    registerRoute(app, ctx, 'registerScheme', async ({ body, session }) => {
      await rbac.register(session.accountId, body);
      return null;
    });
    registerRoute(app, ctx, 'checkOperator', async ({ params }) =>
      rbac.isOperator(params.address, params.asset, params.contractAddress),
    );
    registerRoute(app, ctx, 'checkLevel1', async ({ params }) =>
      rbac.hasLevel(1, params.address, params.contractAddress),
    );
    registerRoute(app, ctx, 'checkLevel2', async ({ params }) =>
      rbac.hasLevel(2, params.address, params.contractAddress),
    );
    // A right change signed by the server is the account's transaction (its history, the checklist's 'rights').
    const recorded = async (
      accountId: number,
      body: { securitySchemeAddress: string; accountAddress: string },
      result: { transactionHash: string },
    ) => {
      await recordUserTransaction(ctx, {
        accountId,
        hash: result.transactionHash,
        txType: txTypes.accessRightChange,
        contractAddress: body.securitySchemeAddress,
        publicAddress: body.accountAddress,
      });
      return result;
    };
    registerRoute(app, ctx, 'grantOperator', async ({ body, session }) =>
      recorded(session.accountId, body, await rbac.changeOperator(session.accountId, true, body)),
    );
    registerRoute(app, ctx, 'revokeOperator', async ({ body, session }) =>
      recorded(session.accountId, body, await rbac.changeOperator(session.accountId, false, body)),
    );
    registerRoute(app, ctx, 'grantLevel1', async ({ body, session }) =>
      recorded(session.accountId, body, await rbac.changeLevel(session.accountId, 1, true, body)),
    );
    registerRoute(app, ctx, 'revokeLevel1', async ({ body, session }) =>
      recorded(session.accountId, body, await rbac.changeLevel(session.accountId, 1, false, body)),
    );
    registerRoute(app, ctx, 'grantLevel2', async ({ body, session }) =>
      recorded(session.accountId, body, await rbac.changeLevel(session.accountId, 2, true, body)),
    );
    registerRoute(app, ctx, 'revokeLevel2', async ({ body, session }) =>
      recorded(session.accountId, body, await rbac.changeLevel(session.accountId, 2, false, body)),
    );
    registerRoute(app, ctx, 'proposeSchemeOwner', async ({ body, session }) =>
      recorded(session.accountId, body, await rbac.changeOwner(session.accountId, body)),
    );
    registerRoute(app, ctx, 'acceptSchemeOwner', async ({ body, session }) =>
      recorded(session.accountId, body, await rbac.changeOwner(session.accountId, body)),
    );
  },
};
