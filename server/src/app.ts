import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  apiErrors,
  apiPrefix,
  failure,
  type RouteDefinition,
  type RouteId,
  routeIds,
  routes,
} from '@tranche/api';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { LoggerOptions } from 'pino';
import type { AppContext } from './context.ts';
import { HttpError } from './errors.ts';
import { installErrorHandler } from './http/errors.ts';
import { describeApi } from './http/openapi.ts';
import { authenticate } from './http/routing.ts';
import {
  indexHtmlSender,
  readRoutePreloads,
  registerCompression,
  registerConsoleFiles,
} from './http/serving.ts';
import { installMetrics } from './http/metrics.ts';
import { installRequestContext } from './http/requestContext.ts';
import { installRequestIdHeader, requestIdOf } from './http/requestId.ts';
import { docsCsp, hostGuard, installSecurityHeaders } from './http/security.ts';
import { defaultThrottles, installThrottles } from './http/throttle.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { loggerOptions } from './logging.ts';
import { mailAccountSlowed } from './modules/accounts/service.ts';
import { registeredKeyOf } from './modules/credentials/service.ts';
import { followReplacedTransactions } from './modules/transactions/service.ts';
import { installTracing } from './telemetry/tracing.ts';
import { defaultModules, localModule } from './modules/index.ts';
import type { ServerModule } from './modules/registry.ts';

export type AppDeps = AppContext & {
  /** Domain modules to register; defaults to {@link defaultModules} (plus the local module in local mode). */
  modules?: ServerModule[];
  /** The built console to serve (with SPA fallback); null or a missing folder shows a notice at /. */
  consoleDir?: string | null;
  /** pino options (use {@link loggerOptions}), an existing pino logger, or false for none. */
  logger?: LoggerOptions | FastifyBaseLogger | false;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Host names the server answers for (others get 421, http/security.ts); unset answers any Host. */
  allowedHosts?: string[];
  /**
   * Load balancers (addresses, CIDRs) whose X-Forwarded-For names the client (`request.ip`, which the throttles
   * and logs use); unset or empty: the TCP peer is the client.
   */
  trustProxy?: string[];
  /** METRICS_TOKEN: the bearer token of `GET /metrics` (http/metrics.ts); unset, the route answers 404. */
  metricsToken?: string;
};

/** Builds the Fastify app: the /api routes of every module, OpenAPI, and the console. Does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { modules, consoleDir, logger, bodyLimit, allowedHosts, trustProxy, metricsToken, ...ctx } = deps;
  // Server-signed transactions take their nonces from this database's allocator (chain/nonces.ts); the sweep replaces
  // a registered key's transaction left stuck under too low a fee (an operation answered with its hash).
  ctx.chain.attachDatabase(ctx.db, {
    keyFor: (address) => registeredKeyOf(ctx, address),
    onReplaced: (replaced) => followReplacedTransactions(ctx, replaced),
  });
  const loggerOption = logger === undefined ? loggerOptions() : logger;
  const app = Fastify({
    ...(loggerOption && 'child' in loggerOption
      ? { loggerInstance: loggerOption }
      : { logger: loggerOption === false ? false : loggerOption }),
    bodyLimit: bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
    // Request ids: a caller's sane x-request-id or a new UUID, on every log line (reqId) and answer (http/requestId.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: trustProxy !== undefined && trustProxy.length > 0 ? trustProxy : false,
  }) as unknown as FastifyInstance;

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('registeredRouteIds', new Set<RouteId>());
  installErrorHandler(app);
  installRequestContext(app);
  installRequestIdHeader(app);
  // Operations (issue 40): spans when OTEL_EXPORTER_OTLP_ENDPOINT is set, request counts and GET /metrics.
  await installTracing(app, ctx);
  installMetrics(app, ctx, metricsToken);
  if (allowedHosts) app.addHook('onRequest', hostGuard(allowedHosts));
  await installSecurityHeaders(app, {
    https: ctx.publicUrl().startsWith('https:'),
    connectSources: ctx.chain.local ? [new URL(ctx.chain.rpcUrl).origin] : [],
  });
  const throttles = ctx.limits?.throttles ?? defaultThrottles;
  app.decorate('throttles', await installThrottles(app, ctx.db, throttles, mailAccountSlowed(ctx)));

  // An empty JSON body reads as no body, so validation answers the first required field's message.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    jsonParser(request, String(body), done);
  });

  await registerCompression(app);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tranche API',
        description:
          'Every answer is `{statusCode, data}` or `{statusCode, error: {message}}`; the HTTP status equals statusCode.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      describeApi('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${apiPrefix}/docs`, staticCSP: docsCsp });

  const local = ctx.chain.local;
  for (const module of modules ?? [...defaultModules, ...(local ? [localModule] : [])]) {
    await module.register(app, ctx);
  }

  // Routes of the table no module implements yet: same access rules, then an honest 501.
  for (const id of routeIds) {
    const definition: RouteDefinition = routes[id];
    if (app.registeredRouteIds.has(id) || (definition.localOnly && !local)) continue;
    app.route({
      method: definition.method,
      url: `${apiPrefix}${definition.path}`,
      schema: { hide: true } as Record<string, unknown>,
      onRequest: definition.access === 'user' ? authenticate(ctx) : undefined,
      handler: async () => {
        throw new HttpError(501, apiErrors.notAvailableYet);
      },
    });
  }

  app.get(`${apiPrefix}/openapi.json`, { schema: { hide: true } as Record<string, unknown> }, async () =>
    app.swagger(),
  );

  const indexFile = consoleDir ? path.join(consoleDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (consoleDir && indexHtml !== undefined) {
    await registerConsoleFiles(app, consoleDir);
  } else {
    app.get('/', { schema: { hide: true } as Record<string, unknown> }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Tranche</title><h1>Tranche</h1><p>The console is not built (looked for ${escapeHtml(
            indexFile ?? 'CONSOLE_DIR',
          )}). Run <code>pnpm build</code> or set CONSOLE_DIR. The API is at <a href="${apiPrefix}/docs">${apiPrefix}/docs</a>.</p>`,
        ),
    );
  }

  const sendIndexHtml =
    indexHtml === undefined || !consoleDir
      ? undefined
      : indexHtmlSender(indexHtml, readRoutePreloads(consoleDir));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);
    if (!isApi && sendIndexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendIndexHtml(url, request.headers['if-none-match'], reply);
    }
    return reply.status(404).send(failure(404, apiErrors.notFound));
  });

  return app;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
