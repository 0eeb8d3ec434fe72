import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../http/routing.ts';
import { createLocalChainService } from './service.ts';

/** GET /local/address|tx|block: the embedded chain behind the /local pages (registered by the local module). */
export function registerLocalChainRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createLocalChainService(ctx);
  registerRoute(app, ctx, 'localAddress', async ({ params }) => service.address(params.address));
  registerRoute(app, ctx, 'localTransaction', async ({ params }) => service.transaction(params.hash));
  registerRoute(app, ctx, 'localBlock', async ({ params }) => service.block(params.block));
}
