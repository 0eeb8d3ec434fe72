// The files each path's first visit needs beyond the entry's own, written by the build to
// `dist/route-preloads.json` for the server, which announces them (`<link rel="modulepreload">`) in the page it sends
// for that path (server/src/http/serving.ts). Without them the page's module is asked for only once the entry has
// arrived and run (main.tsx's preloadRoute), a round trip and the entry's start-up later; on a phone's network that
// was the longest wait before the page's first data could be drawn.
import type { Plugin, Rollup } from 'vite';
import { loggedInShellModules, routeModules } from './src/app/routeModules.ts';
import { isPublicPath } from './src/lib/paths.ts';

/** One path pattern (react-router's, `:name` for a segment) and the files, root-relative, its first visit loads. */
export type RoutePreload = { path: string; files: string[] };

export const routePreloadsFile = 'route-preloads.json';

export function routePreloads(): Plugin {
  return {
    name: 'tranche-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk and every chunk it imports statically, in load order. */
      const withImports = (fileName: string, into: Set<string>): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-preloads: the build has no entry chunk');
      const entryFiles = withImports(entry.fileName, new Set());
      const chunkOf = (module: string) => {
        const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(`/console/${module}`));
        if (!chunk) throw new Error(`route-preloads: ${module} is not a chunk of its own`);
        return chunk.fileName;
      };
      const filesOf = (modules: readonly string[]) => {
        const files = new Set<string>();
        for (const module of modules) withImports(chunkOf(module), files);
        return [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
      };
      const preloads: RoutePreload[] = Object.entries(routeModules).flatMap(([module, paths]) =>
        paths.map((path) => ({
          path,
          // The logged-in shell first: main.tsx holds the first render for it (at most 3 s), and on a phone's
          // network (six connections, over half a second a round trip) the page's own files ahead of it made it
          // arrive after that, and the navigation then pushed the page down (CLS 0.03 under devtools throttling).
          files: filesOf([...(isPublicPath(path) ? [] : loggedInShellModules), `src/routes/${module}.tsx`]),
        })),
      );
      this.emitFile({
        type: 'asset',
        fileName: routePreloadsFile,
        source: JSON.stringify(preloads, null, 1),
      });
    },
  };
}
