import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DevChain } from '@tranche/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClusterProxy } from '../src/clusterProxy.ts';
import { loadConfig } from '../src/config.ts';
import { StartupError } from '../src/errors.ts';
import { accountWithKeys, createTestApp, injectLogin, startTestChain, type TestApp } from './helpers.ts';

/** Issue 33: behind a load balancer the throttles count the client X-Forwarded-For names, if the balancer is trusted. */
let chain: DevChain;
let t: TestApp;
const balancer = '10.0.0.5';
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain, trustProxy: [balancer] });
  await accountWithKeys(t, 'lb@example.com', []);
});
afterAll(async () => {
  await t.close();
  await chain.stop();
});

const login = (password: string, peer: string, forwardedFor?: string) =>
  injectLogin(
    t,
    { loginName: 'lb@example.com', password },
    peer,
    forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  );

describe('TRUST_PROXY', () => {
  it("counts each client behind a trusted balancer: an attacker's 5 wrong passwords do not lock the owner out", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(`wrong ${i}`, balancer, '203.0.113.9')).statusCode).toBe(401);
    }
    expect((await login('a long password', balancer, '203.0.113.9')).statusCode).toBe(429);
    // The owner comes through the same balancer from another address and gets in.
    expect((await login('a long password', balancer, '198.51.100.4')).statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For from a peer that is not a trusted balancer', async () => {
    const stranger = '192.0.2.50';
    for (let i = 0; i < 5; i++) {
      // A new made-up client address each time: counted as the peer's all the same.
      expect((await login(`wrong ${i}`, stranger, `198.18.0.${i}`)).statusCode).toBe(401);
    }
    expect((await login('a long password', stranger, '198.18.0.200')).statusCode).toBe(429);
  });

  it('reads TRUST_PROXY as addresses and CIDRs, and refuses anything else in one line', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'balancer.example.com' })).toThrow(StartupError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/^TRUST_PROXY must list load balancer/);
  });

  it("start:cluster's proxy names its peer in X-Forwarded-For and drops the client's own", async () => {
    const seen: (string | undefined)[] = [];
    const instance = http.createServer((request, response) => {
      seen.push(request.headers['x-forwarded-for'] as string | undefined);
      response.end('ok');
    });
    await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
    const proxy = createClusterProxy(() => [(instance.address() as AddressInfo).port]);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/health`;
      expect((await fetch(url, { headers: { 'x-forwarded-for': '6.6.6.6' } })).status).toBe(200);
      expect((await fetch(url)).status).toBe(200);
      expect(seen).toEqual(['127.0.0.1', '127.0.0.1']);
    } finally {
      proxy.close();
      instance.close();
    }
  });
});
