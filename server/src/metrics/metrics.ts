import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus series of one app (issue 40), in a registry of its own (several apps in one test process never
 * share one). Request series are counted as answers go out (http/metrics.ts); the others are read from the tables
 * and the chain at each scrape (metrics/tables.ts). Every name starts with `tranche_`.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  // Process series (CPU, memory, event loop lag, handles) under the same prefix.
  collectDefaultMetrics({ register: registry, prefix: 'tranche_' });

  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });

  return {
    registry,
    http: {
      requests: counter(
        'tranche_http_requests_total',
        'Answered requests by route pattern, method and status code',
        ['route', 'method', 'status'],
      ),
      duration: new Histogram({
        name: 'tranche_http_request_duration_seconds',
        help: 'Time from a request to its answer, by route pattern and method',
        labelNames: ['route', 'method'] as const,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers,
      }),
      errors: counter(
        'tranche_http_errors_total',
        'Answers with a 5xx status (the server failed), by route pattern and method',
        ['route', 'method'],
      ),
      loginFailures: counter(
        'tranche_login_failures_total',
        'Refused logins: reason wrong_credentials (401) or not_confirmed (403)',
        ['reason'],
      ),
      throttled: counter(
        'tranche_throttled_requests_total',
        'Requests refused by a throttle (429), by route pattern',
        ['route'],
      ),
    },
    chain: {
      up: gauge('tranche_chain_up', '1 when the chain answered the scrape, else 0'),
      head: gauge('tranche_chain_head_block', "The chain's latest block number"),
    },
    indexer: {
      lag: gauge(
        'tranche_indexer_lag_blocks',
        'Blocks between the chain head and the last block indexed, per followed contract',
        ['contract', 'kind'],
      ),
      leader: gauge('tranche_indexer_leader', '1 when this instance runs the indexer, else 0'),
    },
    jobs: {
      queued: gauge('tranche_jobs_queued', 'Jobs waiting to run (queued), per kind', ['kind']),
      runnable: gauge(
        'tranche_jobs_runnable',
        'Queued jobs whose time to run has come (a retry waiting for its back-off is not), per kind',
        ['kind'],
      ),
      running: gauge('tranche_jobs_running', 'Jobs running under a lease, per kind', ['kind']),
      oldestAge: gauge(
        'tranche_job_oldest_age_seconds',
        'Seconds the longest-waiting runnable queued job has waited since it could run, per kind',
        ['kind'],
      ),
      failed: counter('tranche_jobs_failed_total', 'Jobs that gave up (failed), per kind', ['kind']),
    },
    transactions: {
      pending: gauge(
        'tranche_pending_transactions',
        'Server-signed transactions not mined yet, per sending address; state pending (younger than the stuck threshold) or stuck',
        ['address', 'state'],
      ),
    },
    webhooks: {
      failures: counter(
        'tranche_webhook_failures_total',
        'Failed delivery attempts (no answer or a non-2xx status), per endpoint id',
        ['endpoint'],
      ),
      pending: gauge(
        'tranche_webhook_deliveries_pending',
        'Deliveries not yet answered with 2xx and not given up, per endpoint id',
        ['endpoint'],
      ),
      failingFor: gauge(
        'tranche_webhook_endpoint_failing_seconds',
        'Seconds since the first failure after the last success, per failing endpoint id (absent when healthy)',
        ['endpoint'],
      ),
    },
    database: {
      up: gauge('tranche_database_up', '1 when the database answered the scrape, else 0'),
      pool: gauge(
        'tranche_db_pool_connections',
        'Database connections: total open, idle, and waiting (requests queued for a connection)',
        ['state'],
      ),
      poolMax: gauge('tranche_db_pool_max', 'Largest number of database connections (PGlite: 1)'),
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
