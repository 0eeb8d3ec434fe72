import type { CodebaseType } from '@tranche/contracts';
import { registerRoute } from '../../http/routing.ts';
import type { ServerModule } from '../registry.ts';
import { listCodebases } from './service.ts';

/** GET /codebase/list/{type}: the compiled contracts the platform deploys (1 tokens, 2 whitelists, 3 schemes). */
export const codebasesModule: ServerModule = {
  name: 'codebases',
  register: (app, ctx) => {
    registerRoute(app, ctx, 'listCodebases', async ({ params }) =>
      listCodebases(params.type as CodebaseType),
    );
  },
};
