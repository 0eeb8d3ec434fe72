import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { DevChain } from '@tranche/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, startTestChain, type TestApp } from './helpers.ts';

// The console as the build leaves it: hashed files under assets/ with their .br and .gz beside them.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const indexHtml =
  '<!doctype html><html lang="en"><head><title>Tranche console</title></head><div id="root"></div></html>';
/** The build's route preloads (console/routePreloads.ts): the scripts a first visit of each path loads. */
const preloads = [
  { path: '/Tokens', files: ['/assets/tokens-A1.js', '/assets/nav-B2.js'] },
  { path: '/ResetPassword/:token', files: ['/assets/account-C3.js'] },
];
const linksOf = (files: string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');

let chain: DevChain;
let t: TestApp;
let app: FastifyInstance;
let consoleDir: string;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
  consoleDir = mkdtempSync(path.join(os.tmpdir(), 'tranche-serving-'));
  mkdirSync(path.join(consoleDir, 'assets'));
  writeFileSync(path.join(consoleDir, 'index.html'), indexHtml);
  writeFileSync(path.join(consoleDir, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(path.join(consoleDir, 'route-preloads.json'), JSON.stringify(preloads));
  const asset = path.join(consoleDir, 'assets', 'app-Hash123.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  app = await buildApp({ ...t.ctx, logger: false, consoleDir });
});
afterAll(async () => {
  await app.close();
  await t.close();
  await chain.stop();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('serving the built console', () => {
  it('sends the brotli file built beside an asset to a browser that accepts br, immutable for a year', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/assets/app-Hash123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-Hash123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-Hash123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html for SPA routes with no-cache and an ETag, and 304 when the browser holds that version', async () => {
    const first = await app.inject({ method: 'GET', url: '/Keys?page=2' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(indexHtml);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/Login',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ method: 'GET', url: '/Login', headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(indexHtml);
  });

  it("names a route's own scripts in the page sent for it, with an ETag of that page", async () => {
    const withLinks = (files: string[]) => indexHtml.replace('</head>', `${linksOf(files)}</head>`);
    // The path as react-router matches it: any case, a final slash, a query, a `:token` segment.
    for (const url of ['/Tokens', '/tokens/', '/Tokens?term=TK&page=2'])
      expect((await app.inject({ method: 'GET', url })).body, url).toBe(withLinks(preloads[0]?.files ?? []));
    const reset = await app.inject({ method: 'GET', url: '/ResetPassword/abc123' });
    expect(reset.body).toBe(withLinks(['/assets/account-C3.js']));
    // Not a path of the table: the page as built.
    for (const url of ['/ResetPassword', '/Tokens/extra', '/Whitelists'])
      expect((await app.inject({ method: 'GET', url })).body, url).toBe(indexHtml);

    // Each page its own ETag: a browser holding /Keys's page is sent /Tokens's.
    const keys = await app.inject({ method: 'GET', url: '/Keys' });
    const tokens = await app.inject({ method: 'GET', url: '/Tokens' });
    expect(tokens.headers.etag).not.toBe(keys.headers.etag);
    const stale = await app.inject({
      method: 'GET',
      url: '/Tokens',
      headers: { 'if-none-match': String(keys.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);
    const fresh = await app.inject({
      method: 'GET',
      url: '/Tokens',
      headers: { 'if-none-match': String(tokens.headers.etag) },
    });
    expect(fresh.statusCode).toBe(304);
  });

  it("refuses to start on a route preloads file that is not the build's (a file outside assets/, markup)", async () => {
    const badDir = mkdtempSync(path.join(os.tmpdir(), 'tranche-serving-bad-'));
    try {
      writeFileSync(path.join(badDir, 'index.html'), indexHtml);
      const bad = [{ path: '/Tokens', files: ['/assets/x.js"><script src="/evil.js'] }];
      writeFileSync(path.join(badDir, 'route-preloads.json'), JSON.stringify(bad));
      await expect(buildApp({ ...t.ctx, logger: false, consoleDir: badDir })).rejects.toThrow(
        /is not the build's route preloads/,
      );
    } finally {
      rmSync(badDir, { recursive: true, force: true });
    }
  });

  it('revalidates files outside assets/ (their names carry no hash)', async () => {
    const answer = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.etag).toBeTruthy();
  });
});

describe('compressing API answers', () => {
  it('compresses an answer above 1 KiB with brotli when the client accepts it', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(answer.rawPayload).toString());
    expect(document.openapi).toBe('3.1.0');
  });

  it('leaves a small answer, and a client that accepts no compression, uncompressed', async () => {
    const small = await app.inject({
      method: 'GET',
      url: '/api/nothing/here',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ statusCode: 404, error: { message: 'This API call does not exist' } });
    const plain = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBe('3.1.0');
  });
});
