import { registerRoute } from '../../http/routing.ts';
import { cursorOf } from '../balance/repository.ts';
import type { ServerModule } from '../registry.ts';
import { detail, search } from './service.ts';

/** GET /projects/search and GET /projects/{code} (spec part 1, section 7). */
export const projectsModule: ServerModule = {
  name: 'projects',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'searchProjects', async ({ query, session }) =>
      search(ctx, session, query.page, query.term),
    );
    registerRoute(app, ctx, 'getProject', async ({ params, session }) =>
      detail(ctx, session, params.code, (address) => cursorOf(ctx.db, address)),
    );
  },
};
