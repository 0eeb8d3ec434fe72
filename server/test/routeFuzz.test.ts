import * as api from '@tranche/api';
import { apiPrefix, type RouteId, routes } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../src/modules/credentials/testing.ts';
import { createTestApp, startTestChain, type TestApp } from './helpers.ts';

/**
 * fast-check over every route of the table (api/src/routes.ts) as a logged-in account: hostile path parameters,
 * query strings and bodies (NUL and control characters, huge and negative numbers, unicode, wrong types). No
 * answer is 5xx, and every 4xx carries a message @tranche/api knows.
 */

let chain: DevChain;
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
  user = await createTestUser(t, 'fuzz');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const marker = '\u0001';
/** Every message of @tranche/api: the texts, and the templates (functions) as patterns. */
const knownTexts = new Set<string>();
const knownPatterns: RegExp[] = [];
for (const group of Object.values(api)) {
  if (!group || typeof group !== 'object' || 'safeParse' in group || Array.isArray(group)) continue;
  for (const value of Object.values(group)) {
    if (typeof value === 'string') knownTexts.add(value);
    if (typeof value === 'function') {
      try {
        const text = String((value as (...args: unknown[]) => unknown)(marker, marker, marker));
        const escaped = text
          .split(marker)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\s\\S]*');
        knownPatterns.push(new RegExp(`^${escaped}$`, 's'));
      } catch {
        // not a message template
      }
    }
  }
}
function isKnown(message: string): boolean {
  return knownTexts.has(message) || knownPatterns.some((pattern) => pattern.test(message));
}

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '\u202e\u202d',
    '𝕿𝖗𝖆𝖓𝖈𝖍𝖊',
    'ユーザー',
    "' OR '1'='1",
    '../../etc/passwd',
    'javascript:alert(1)',
    '99999999999999999999',
    '-1',
    '0x',
    `0x${'f'.repeat(64)}`,
    '1e309',
    '',
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ minLength: 300, maxLength: 1200 }),
);
const hostileValue = fc.oneof(
  hostileText,
  fc.constantFrom(2 ** 53 + 2, -1, 0, 1e308, -1e308, 2 ** 63, 0.000001),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileText, { maxKeys: 3 }),
);

function bodyKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const runs = 12;

describe('the repros answer 400 with a clear message', () => {
  const nul = 'a\u0000b';
  const cases: [string, 'GET' | 'POST', string, unknown, string][] = [
    [
      'loginName',
      'POST',
      '/login',
      { loginName: nul, password: 'password1' },
      api.inputMessages.controlCharacters,
    ],
    [
      'profileName',
      'POST',
      '/accounts',
      {
        loginName: 'x@tranche.test',
        emailAddress: 'x@tranche.test',
        password: 'password1',
        profileName: nul,
      },
      api.inputMessages.controlCharacters,
    ],
    [
      'scheme name',
      'POST',
      '/rbac/register',
      { securitySchemeAddress: `0x${'1'.repeat(40)}`, schemeName: nul, codebaseId: 1 },
      api.inputMessages.controlCharacters,
    ],
    [
      'search term',
      'GET',
      `/projects/search?term=${encodeURIComponent(nul)}`,
      undefined,
      api.inputMessages.controlCharacters,
    ],
    [
      'history to 99999999999999999999',
      'GET',
      `/balance/history/ABC/0x${'1'.repeat(40)}/0/99999999999999999999`,
      undefined,
      api.balanceMessages.timestampInvalid,
    ],
    [
      'javascript: document',
      'POST',
      '/token/docs',
      {
        symbol: 'ABC',
        accountAddress: `0x${'1'.repeat(40)}`,
        txMode: 2,
        title: 'Terms',
        uri: 'javascript:alert(1)',
      },
      api.documentMessages.locationScheme,
    ],
  ];
  it.each(cases)('%s', async (_, method, path, body, message) => {
    const response = await t.app.inject({
      method,
      url: `${apiPrefix}${path}`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    expect([response.statusCode, response.json().error?.message]).toEqual([400, message]);
  });
});

describe('every route answers hostile input with 4xx and a known message, never 5xx', () => {
  const ids = Object.keys(routes) as RouteId[];
  it('fuzzes the params, query and body of every route', async () => {
    const failures: string[] = [];
    const started = performance.now();
    for (const routeId of ids) {
      const route: api.RouteDefinition = routes[routeId];
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
      const keys = [...new Set([...bodyKeys(route.body), 'amount', 'page'])];
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...names.map(() => hostileText)),
          fc.dictionary(fc.constantFrom('page', 'pageSize', 'sort', 'term', 'after', 'before'), hostileText, {
            maxKeys: 3,
          }),
          fc.oneof(
            {
              weight: 6,
              arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), {
                requiredKeys: [],
              }),
            },
            { weight: 1, arbitrary: hostileValue },
          ),
          async (values, query, body) => {
            let index = 0;
            const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(values[index++] || 'x'));
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const response = await t.app.inject({
              method: route.method,
              url: `${apiPrefix}${path}${search ? `?${search}` : ''}`,
              headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
              payload: route.method === 'GET' ? undefined : JSON.stringify(body),
            });
            const answer = response.json() as { statusCode: number; error?: { message: string } };
            const message = answer.error?.message ?? '';
            if (response.statusCode >= 500 || (response.statusCode >= 400 && !isKnown(message)))
              failures.push(`${route.method} ${path} -> ${response.statusCode} ${message}`);
          },
        ),
        { numRuns: runs },
      );
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(`${ids.length} routes x ${runs} runs in ${seconds.toFixed(1)} s`);
    expect([...new Set(failures)]).toEqual([]);
  }, 300_000);
});

describe('every id answers 2^31 (past PostgreSQL integer) with 4xx and a known message', () => {
  const idLike = /^(id|\w+Id)$/;
  it('tries 2^31 on every id path parameter and body field', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const routeId of Object.keys(routes) as RouteId[]) {
      const route: api.RouteDefinition = routes[routeId];
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
      const targets = [
        ...names.filter((name) => idLike.test(name)).map((name) => ({ param: name })),
        ...bodyKeys(route.body)
          .filter((key) => idLike.test(key))
          .map((key) => ({ field: key })),
      ];
      for (const target of targets) {
        for (const value of [2 ** 31, '2147483648']) {
          tried += 1;
          const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
            'param' in target && name === target.param ? String(value) : '1',
          );
          const body = 'field' in target ? { [target.field]: value } : {};
          const response = await t.app.inject({
            method: route.method,
            url: `${apiPrefix}${path}`,
            headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
            payload: route.method === 'GET' ? undefined : JSON.stringify(body),
          });
          const message = (response.json() as { error?: { message: string } }).error?.message ?? '';
          if (response.statusCode >= 500 || response.statusCode < 400 || !isKnown(message))
            failures.push(
              `${route.method} ${path} ${JSON.stringify(body)} -> ${response.statusCode} ${message}`,
            );
        }
      }
    }
    console.info(`${tried} id values of 2^31 tried`);
    expect(tried).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 120_000);
});
