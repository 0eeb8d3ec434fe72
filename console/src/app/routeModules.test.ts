import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { routeObjects } from './router.tsx';
import { routeModules } from './routeModules.ts';

/** The route module the router draws `path` with (its handle), and whether the route stands for the path itself. */
function routedModule(path: string) {
  const match = matchRoutes(routeObjects, path.replace(/:\w+/g, 'x'))?.at(-1);
  return {
    module: (match?.route.handle as { module?: string } | undefined)?.module,
    pattern: match?.route.path,
  };
}

describe('route modules', () => {
  it('lists every path of the console once, under the module the router draws it with', () => {
    const listed = Object.entries(routeModules).flatMap(([module, list]) =>
      list.map((path) => ({ module, path })),
    );
    expect(listed.map(({ path }) => path).sort()).toEqual(Object.values(paths).sort());
    for (const { module, path } of listed)
      expect(routedModule(path), path).toEqual({ module, pattern: path });
  });
});
