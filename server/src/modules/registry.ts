import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * A domain module: `register` adds its routes with `registerRoute(app, ctx, id, handler)` (routes.ts),
 * keeping rules in its service.ts and SQL in its repository.ts.
 */
export type ServerModule = {
  name: string;
  register: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
};
