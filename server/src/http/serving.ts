import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/** Content-hashed files (Vite's `assets/` folder: scripts, styles, fonts, the pdf.js worker): cached for a year. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
/** index.html, the SPA routes and unhashed files: kept by the browser, but revalidated (ETag) before each use. */
export const revalidateCacheControl = 'no-cache';

/**
 * Compresses answers above 1 KiB (brotli, else gzip) as the client accepts them. Registered before the console's
 * static files, which arrive already compressed at build time and pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Compresses answers only: request bodies stay as sent (a compressed body would slip past bodyLimit).
    globalDecompression: false,
  });
}

/**
 * Serves the built console: each file in its brotli or gzip form built beside it (`.br`, `.gz`) when the browser
 * accepts it, hashed assets as immutable, anything else (and index.html) revalidated by ETag.
 */
export async function registerConsoleFiles(app: FastifyInstance, consoleDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(consoleDir),
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      const relative = path.relative(path.resolve(consoleDir), filePath).split(path.sep);
      reply.header(
        'Cache-Control',
        relative[0] === 'assets' ? immutableCacheControl : revalidateCacheControl,
      );
    },
  });
}

/** The build's `route-preloads.json` (console/routePreloads.ts): per path pattern, the scripts its first visit loads. */
export const routePreloadsSchema = z.array(
  z.object({
    path: z.string().startsWith('/'),
    files: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
  }),
);
export type RoutePreloads = z.infer<typeof routePreloadsSchema>;

/** The built console's route preloads; none when the build wrote none. A file that does not read is a build fault. */
export function readRoutePreloads(consoleDir: string): RoutePreloads {
  const file = path.join(consoleDir, 'route-preloads.json');
  if (!existsSync(file)) return [];
  const read = routePreloadsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!read.success) throw new Error(`${file} is not the build's route preloads: ${read.error.message}`);
  return read.data;
}

/** Whether `pathname` is one of react-router's `pattern` (`:name` one segment; case and a final slash aside). */
export function matchesRoutePath(pattern: string, pathname: string): boolean {
  const segments = (text: string) => text.toLowerCase().split('/').filter(Boolean);
  const want = segments(pattern);
  const have = segments(pathname);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/**
 * Sends the console's index.html for an SPA route: `no-cache` with a strong ETag, 304 when the browser has it. The
 * page names the route's own scripts (`<link rel="modulepreload">`, from the build's route preloads), so that the
 * browser fetches them beside the entry instead of after it has run. One page, and one ETag, per route.
 */
export function indexHtmlSender(indexHtml: string, preloads: RoutePreloads = []) {
  const pageOf = (files: readonly string[]) => {
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    const html = indexHtml.replace('</head>', `${links}</head>`);
    return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
  };
  const plain = pageOf([]);
  const pages = new Map(preloads.map((preload) => [preload, pageOf(preload.files)]));
  return (url: string, ifNoneMatch: string | undefined, reply: FastifyReply) => {
    const pathname = url.split(/[?#]/, 1)[0] ?? '/';
    const preload = preloads.find((item) => matchesRoutePath(item.path, pathname));
    const { html, etag } = (preload && pages.get(preload)) ?? plain;
    reply.header('Cache-Control', revalidateCacheControl).header('ETag', etag);
    const matches = ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
    if (matches) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  };
}
