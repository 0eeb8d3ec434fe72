import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, buildPath, createApiClient, pathParams, routeIds, routes } from '../src/index.ts';

describe('route table', () => {
  it('has no two routes with the same method and path', () => {
    const keys = routeIds.map((id) => `${routes[id].method} ${routes[id].path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('keeps only sign up, confirm, login, forgot, reset and Tranche system routes public', () => {
    // health and ready are for load balancers (issue 20: ready says database, chain and indexer lag);
    // localSignUpMail is local mode's sign-up mail before any session (loopback and unconfirmed accounts only,
    // access.signUpMail; an empty list otherwise).
    const publicIds = routeIds.filter((id) => routes[id].access === 'public').sort();
    expect(publicIds).toEqual(
      [
        'config',
        'confirmAccount',
        'createAccount',
        'forgotPassword',
        'health',
        'localSignUpMail',
        'login',
        'ready',
        'resetPassword',
      ].sort(),
    );
  });
  it('fills path parameters', () => {
    expect(pathParams('/balance/:code/:address')).toEqual(['code', 'address']);
    expect(buildPath('/draft/:symbol', { symbol: 'A B' })).toBe('/draft/A%20B');
    expect(() => buildPath('/draft/:symbol')).toThrow(/symbol/);
  });
});

describe('api client against a real HTTP server', () => {
  let server: http.Server;
  let baseUrl = '';
  const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/api/login') {
          res.end(JSON.stringify({ statusCode: 200, data: { jwt: 'token-1' } }));
        } else if (req.url === '/api/auth') {
          res.statusCode = 401;
          res.end(
            JSON.stringify({ statusCode: 401, error: { message: 'Your session expired. Login again.' } }),
          );
        } else {
          res.statusCode = 404;
          res.end('not json');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('unwraps data, sends no token to public routes, and reports 401 with the server message', async () => {
    const unauthorized: ApiError[] = [];
    const client = createApiClient({
      baseUrl,
      getToken: () => 'token-1',
      onUnauthorized: (e) => unauthorized.push(e),
    });
    const login = await client.call('login', { body: { loginName: 'a@b.co', password: 'abcdefgh' } });
    expect(login.jwt).toBe('token-1');
    expect(seen[0]?.authorization).toBeUndefined();
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ loginName: 'a@b.co', password: 'abcdefgh' });

    const error = await client.call('auth').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(401);
    expect((error as ApiError).message).toBe('Your session expired. Login again.');
    expect(seen[1]?.authorization).toBe('Bearer token-1');
    expect(unauthorized).toHaveLength(1);

    const notJson = await client.call('getDraft', { params: { symbol: 'ABC' } }).catch((e: unknown) => e);
    expect((notJson as ApiError).statusCode).toBe(404);
    expect(seen[2]?.url).toBe('/api/draft/ABC');
  });

  it('answers a protected call without a session with "Not logged in", asking the server nothing', async () => {
    const unauthorized: ApiError[] = [];
    const client = createApiClient({
      baseUrl,
      getToken: () => null,
      onUnauthorized: (e) => unauthorized.push(e),
    });
    const before = seen.length;
    const error = await client.call('getDraft', { params: { symbol: 'ABC' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(401);
    expect((error as ApiError).message).toBe('Not logged in');
    expect(seen).toHaveLength(before);
    expect(unauthorized).toEqual([]);
  });
});
