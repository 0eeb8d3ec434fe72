import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathParams, type RouteDefinition, type RouteId, routes } from '@tranche/api';
import type { DevChain } from '@tranche/contracts';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatuses, routeDomain } from '../src/http/openapi.ts';
import { createTestApp, startTestChain, type TestApp } from './helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '..');
const require = createRequire(import.meta.url);

type Operation = {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: Record<string, { $ref?: string }>;
};
type Document = {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
};

/** `/balance/:code/:address` as the document writes it, relative to its `/api` server. */
const openapiPath = (definition: RouteDefinition) => definition.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let chain: DevChain;
let t: TestApp;
let document: Document;
let documentText: string;
let implemented: RouteId[];
let dir: string;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp({ kind: 'pglite', chain });
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  documentText = response.body;
  document = response.json();
  implemented = [...t.app.registeredRouteIds];
  // Inside server/ so that the typed client below resolves openapi-fetch from server/node_modules.
  mkdirSync(path.join(serverRoot, '.tmp'), { recursive: true });
  dir = mkdtempSync(path.join(serverRoot, '.tmp', 'openapi-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
  await chain.stop();
});

describe('GET /api/openapi.json', () => {
  it('describes every implemented route of the table from its metadata', () => {
    expect(implemented.length).toBeGreaterThan(50);
    const invalidExamples: string[] = [];
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const id of implemented) {
      const definition: RouteDefinition = routes[id];
      const operation = document.paths[openapiPath(definition)]?.[definition.method.toLowerCase()];
      expect(operation?.operationId, `${definition.method} ${definition.path}`).toBe(id);
      if (!operation) continue;
      expect(operation.security, id).toEqual(definition.access === 'user' ? [{ bearerAuth: [] }] : []);
      expect(operation.tags, id).toEqual([routeDomain(definition)]);
      // Exactly the path's own parameters: /balance/{code}/{address} has no blockNumber.
      const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath.sort(), id).toEqual(pathParams(definition.path).sort());
      for (const status of errorStatuses(definition)) {
        expect(operation.responses[status], `${id} ${status}`).toEqual({
          $ref: `#/components/responses/Error${status}`,
        });
      }
      if (definition.body) {
        const example = operation.requestBody?.content['application/json'].example;
        const parsed = definition.body.safeParse(example);
        if (!parsed.success)
          invalidExamples.push(`${id} ${JSON.stringify(example)}: ${parsed.error.message}`);
      }
    }
    // Every request body's example is accepted by the route's own schema.
    expect(invalidExamples).toEqual([]);
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/api/'))).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error and no warning", () => {
    for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) {
      copyFileSync(path.join(here, 'openapi', file), path.join(dir, file));
    }
    writeFileSync(path.join(dir, 'openapi.json'), documentText);
    const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const lint = (format: string) =>
      spawnSync(
        process.execPath,
        [cli, 'lint', 'openapi.json', '--config', 'redocly.yaml', `--format=${format}`],
        {
          cwd: dir,
          encoding: 'utf8',
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            NO_COLOR: '1',
          },
        },
      );
    const result = lint('json');
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number; ignored: number };
      version: string;
    };
    const problems = report.totals.errors + report.totals.warnings;
    expect(problems, problems > 0 ? lint('stylish').stdout + lint('stylish').stderr : '').toBe(0);
    expect(report.version).toBe('2.77.0');
    // Only what the committed ignore file lists, with its reasons.
    expect(report.totals.ignored).toBe(9);
    expect(result.status).toBe(0);
  });

  it('generates a typed client with openapi-typescript whose calls typecheck against the route table', async () => {
    writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(JSON.parse(documentText))));
    // The document's paths and methods are exactly the implemented routes of the table.
    const checks = implemented.map((id) => {
      const definition: RouteDefinition = routes[id];
      return `export const ${id}: Has<paths, '${openapiPath(definition)}', '${definition.method.toLowerCase()}'> = true;`;
    });
    const tablePaths = [...new Set(implemented.map((id) => `'${openapiPath(routes[id])}'`))].join(' | ');
    writeFileSync(
      path.join(dir, 'calls.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './schema';

type Has<P, K extends string, M extends string> = K extends keyof P
  ? M extends keyof P[K] ? (P[K][M] extends { responses: { 200: unknown } } ? true : never) : never
  : never;
${checks.join('\n')}
type TablePaths = ${tablePaths};
export const sameOnBothSides: [Exclude<keyof paths, TablePaths>, Exclude<TablePaths, keyof paths>] extends [never, never]
  ? true
  : never = true;

// The optional block is its own path: only that one has a blockNumber parameter.
type PathOf<K extends keyof paths> = paths[K] extends { get: { parameters: { path: infer P } } } ? P : never;
export const currentHasNoBlock: 'blockNumber' extends keyof PathOf<'/balance/{code}/{address}'> ? never : true = true;
export const atBlockHasBlock: 'blockNumber' extends keyof PathOf<'/balance/{code}/{address}/{blockNumber}'>
  ? true
  : never = true;

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000/api' });
const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

export async function journey(): Promise<string[]> {
  const login = await client.POST('/login', { body: { loginName: 'issuer@example.com', password: 'secret' } });
  const jwt: string | undefined = login.data?.data.jwt;
  const failed: string | undefined = login.error?.error.message;
  const headers = { authorization: \`Bearer \${jwt}\` };
  const atBlock = await client.GET('/balance/{code}/{address}/{blockNumber}', {
    params: { path: { code: 'ACME30', address, blockNumber: '12' } },
    headers,
  });
  const balances: { partition: string; balance: string }[] | undefined = atBlock.data?.data.balances;
  const current = await client.GET('/balance/{code}/{address}', { params: { path: { code: 'ACME30', address } }, headers });
  const block: number | undefined = current.data?.data.blockNumber;
  const health = await client.GET('/health');
  const chainId: number | undefined = health.data?.data.chainId;
  // @ts-expect-error logging in needs a password
  await client.POST('/login', { body: { loginName: 'issuer@example.com' } });
  // @ts-expect-error the API has no such call
  await client.GET('/no/such/call');
  // @ts-expect-error GET /login is not a call: logging in is a POST
  await client.GET('/login');
  return [jwt ?? '', failed ?? '', String(balances?.length), String(block), String(chainId)];
}
`,
    );
    const program = ts.createProgram([path.join(dir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const line =
        d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      return `${path.basename(d.file?.fileName ?? '')}:${line} ${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 400)}`;
    });
    expect(diagnostics).toEqual([]);
    expect(program.getSourceFiles().some((f) => f.fileName.includes('openapi-fetch'))).toBe(true);
  });
});
