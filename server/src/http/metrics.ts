import { accountErrors, apiErrors, apiPrefix } from '@tranche/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessOf } from '../access/access.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { indexerOf } from '../indexer/indexer.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { refreshTableMetrics } from '../metrics/tables.ts';

/** Where Prometheus scrapes (outside /api: not a call of the console's API, no envelope). */
export const metricsPath = '/metrics';

/**
 * Counts every answer (route pattern, method, status, time) and serves `GET /metrics` in Prometheus' text format
 * to a scraper holding `metricsToken` (METRICS_TOKEN; the access module compares it). Without a token nothing is
 * counted and the route answers 404 like any unknown call (not the console's page). Install before the routes.
 */
export function installMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  metricsToken: string | undefined,
): void {
  const route = { schema: { hide: true } as Record<string, unknown> };
  if (metricsToken === undefined) {
    // Off: nothing is counted (no series, no event loop monitor) and the path is not the console's page.
    app.get(metricsPath, route, async () => {
      throw new HttpError(404, apiErrors.notFound);
    });
    return;
  }
  const metrics = createMetrics();
  const { http } = metrics;

  app.addHook('onResponse', async (request, reply) => {
    const label = routeLabel(request);
    const method = request.method;
    const status = reply.statusCode;
    http.requests.inc({ route: label, method, status: String(status) });
    http.duration.observe({ route: label, method }, reply.elapsedTime / 1000);
    if (status >= 500) http.errors.inc({ route: label, method });
    if (status === 429) http.throttled.inc({ route: label });
    if (label === `${apiPrefix}/login` && method === 'POST' && (status === 401 || status === 403))
      http.loginFailures.inc({ reason: status === 401 ? 'wrong_credentials' : 'not_confirmed' });
  });

  app.get(metricsPath, route, async (request, reply) => {
    if (!accessOf(ctx).metricsScraper(request.headers.authorization, metricsToken)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, accountErrors.authenticationRequired);
    }
    await refreshTableMetrics(ctx, metrics, { isIndexerLeader: () => indexerOf(app)?.isLeader() ?? false });
    reply.header('cache-control', 'no-store');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/**
 * The route label: the route's pattern (`/api/draft/:symbol`, never the URL with its values), `unmatched` for an
 * unknown API path, `console` for the console's files and pages (one label for every file of the build).
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  const isApi = (path: string) =>
    path === apiPrefix || path.startsWith(`${apiPrefix}/`) || path.startsWith(`${apiPrefix}?`);
  if (pattern === undefined) return isApi(request.url) ? 'unmatched' : 'console';
  return isApi(pattern) || pattern === metricsPath ? pattern : 'console';
}
