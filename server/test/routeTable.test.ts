import {
  accountErrors,
  apiPrefix,
  buildPath,
  pathParams,
  type RouteDefinition,
  routeIds,
  routes,
} from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestChain, type TestApp } from './helpers.ts';

let chain: DevChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
});
afterAll(async () => {
  await t.close();
  await chain.stop();
});

const protectedRoutes = routeIds.filter((id) => routes[id].access === 'user');

/** A plausible value for a path parameter, so the request reaches the route rather than the 404 handler. */
function sampleParam(name: string): string {
  if (/page|type|id|blockNumber|Timestamp/i.test(name)) return '1';
  if (/address|hash/i.test(name)) return `0x${'ab'.repeat(20)}`;
  return 'ABC';
}

describe('every non-public route of the table answers 401 without a token', () => {
  it('covers the table', () => {
    expect(protectedRoutes.length).toBeGreaterThan(50);
  });

  it.each(protectedRoutes)('%s', async (id) => {
    const definition: RouteDefinition = routes[id];
    const params = Object.fromEntries(pathParams(definition.path).map((name) => [name, sampleParam(name)]));
    const url = `${apiPrefix}${buildPath(definition.path, params)}`;
    const withBody = definition.method !== 'GET';
    for (const authorization of [undefined, 'Bearer not-a-token', 'Basic dXNlcjpwYXNz']) {
      const response = await t.app.inject({
        method: definition.method,
        url,
        headers: authorization ? { authorization } : {},
        ...(withBody ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${definition.method} ${url}`).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: { message: accountErrors.authenticationRequired },
      });
    }
  });
});
