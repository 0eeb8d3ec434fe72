import type { DevChain } from '@tranche/contracts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, databaseKinds, startTestChain, type TestApp } from './helpers.ts';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

describe.each(databaseKinds)('system routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
  });
  afterAll(async () => {
    await t.close();
  });

  it("GET /api/health answers the live chain id, block number, the chain's time and database", async () => {
    const before = await t.ctx.chain.blockNumber();
    await t.ctx.chain.provider.send('evm_mine', []);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const mined = await t.ctx.chain.provider.getBlock(before + 1);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      data: {
        chainId: 31337,
        blockNumber: before + 1,
        // The latest block's time (issue 34: the one clock deadlines are judged by).
        chainTime: new Date((mined?.timestamp ?? 0) * 1000).toISOString(),
        database: kind,
      },
    });
  });

  it('GET /api/config tells the console about local mode', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      statusCode: 200,
      data: {
        chainId: 31337,
        local: true,
        rpcUrl: chain.rpcUrl,
        explorer: {
          tx: '/local/tx/{hash}',
          address: '/local/address/{address}',
          block: '/local/block/{block}',
        },
        // No demo account in this app: nothing was deployed for it.
        testStableToken: null,
        // The embedded chain shows every block as final.
        confirmations: 0,
        // The regulator packs' signing key and the operations log's anchor sender (issue 38).
        auditSigningKey: expect.stringMatching(/^[0-9a-f]{64}$/),
        auditAnchorAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        // Token version 2's factory: deployed at start beside the demo account, or at first use (none here yet).
        tokenV2: null,
      },
    });
  });

  it('unknown API routes answer 404 in the envelope, other paths show the console notice', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: { message: 'This API call does not exist' } });
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.body).toContain('The console is not built');
  });

  it('serves the OpenAPI document generated from the schemas, and the reference page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const json = doc.json();
    expect(json.openapi).toBe('3.1.0');
    expect(json.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    const login = json.paths['/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['loginName', 'password']);
    expect(json.paths['/auth'].get.security).toEqual([{ bearerAuth: [] }]);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('console and modes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', chain, local: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the built console with SPA fallback, and keeps /api answers in the envelope', async () => {
    const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'tranche-console-'));
    mkdirSync(path.join(consoleDir, 'assets'));
    writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Tranche console</title>');
    writeFileSync(path.join(consoleDir, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildApp({ ...t.ctx, logger: false, consoleDir });
    try {
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.body).toContain('Tranche console');
      const deep = await app.inject({ method: 'GET', url: '/ResetPassword/abc?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toContain('text/html');
      expect(deep.body).toContain('Tranche console');
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.body).toBe('console.log(1)');
      const api = await app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.json()).toEqual({ statusCode: 404, error: { message: 'This API call does not exist' } });
    } finally {
      await app.close();
    }
  });

  it('outside local mode: no outbox route, no dev chain RPC URL in the config', async () => {
    const outbox = await t.app.inject({ method: 'GET', url: '/api/local/outbox' });
    expect(outbox.statusCode).toBe(404);
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.data.local).toBe(false);
    expect(config.data.rpcUrl).toBeNull();
  });
});
