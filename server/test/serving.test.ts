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
const indexHtml = '<!doctype html><html lang="en"><title>Tranche console</title><div id="root"></div></html>';

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
    const first = await app.inject({ method: 'GET', url: '/Tokens?term=TK' });
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
