import { createHash } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

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

/** Sends the console's index.html for an SPA route: `no-cache` with a strong ETag, 304 when the browser has it. */
export function indexHtmlSender(indexHtml: string) {
  const etag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
  return (ifNoneMatch: string | undefined, reply: FastifyReply) => {
    reply.header('Cache-Control', revalidateCacheControl).header('ETag', etag);
    const matches = ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
    if (matches) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  };
}
