import type { FastifyOtelInstrumentation } from '@fastify/otel';
import {
  type Context,
  context,
  createContextKey,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { JsonRpcProvider } from 'ethers';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/**
 * OpenTelemetry traces (issue 40): off unless `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`)
 * is set; then spans go over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`: one per request (@fastify/otel, with its
 * hooks and handler), one per database query and one per chain JSON-RPC call, children of the request they serve.
 * PGlite, drizzle and ethers have no instrumentation of their own, so the database client and the chain provider are
 * wrapped here. `OTEL_SDK_DISABLED=true` keeps it off; `OTEL_SERVICE_NAME` names the service (default `tranche`).
 */
type Tracing = {
  /** The traces' destination. */
  url: string;
  fastify: FastifyOtelInstrumentation;
  sdk: NodeSDK;
};

let active: Tracing | undefined;

const tracerName = '@tranche/server';

/** Where spans go by the standard variables, or undefined when tracing is off. */
export function tracesUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * Starts the OpenTelemetry SDK when the environment asks for it (before the app is built: buildApp then adds the
 * request, database and chain spans). Answers whether tracing is on. Once per process; the SDK is process-wide.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const url = tracesUrl(env);
  if (!url) return false;
  if (active) return true;
  // Loaded only when on: the SDK and its exporters take a while to import, and a start without tracing needs none.
  const [{ FastifyOtelInstrumentation }, { OTLPTraceExporter }, { NodeSDK }] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-node'),
  ]);
  const fastify = new FastifyOtelInstrumentation({
    // An exception's text may quote a failed query's values: spans carry a safe status instead (installTracing).
    recordExceptions: false,
    // The request's id (x-request-id, on every log line) on its span, to go from a log line to its trace.
    requestHook: (span, request) => span.setAttribute('http.request.id', String(request.id)),
  });
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'tranche',
    traceExporter: new OTLPTraceExporter({ url }),
    instrumentations: [fastify],
    // Traces only: no metrics (Prometheus has /metrics) and no log records.
    logRecordProcessors: [],
  });
  sdk.start();
  active = { url, fastify, sdk };
  return true;
}

/** Sends the spans still buffered (an app's close, a test). */
export async function flushTraces(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?: () => { forceFlush?: () => Promise<void> } };
  await provider.getDelegate?.().forceFlush?.();
}

/** Stops tracing and unregisters the SDK's global tracer, context manager and propagator (tests). */
export async function stopTracing(): Promise<void> {
  const tracing = active;
  if (!tracing) return;
  active = undefined;
  await tracing.sdk.shutdown();
  tracing.fastify.disable();
  trace.disable();
  context.disable();
  propagation.disable();
}

/**
 * When tracing is on: the request spans (@fastify/otel, registered before the routes so it wraps them all), spans
 * for the app's database queries and chain calls, and a flush when the app closes. Nothing otherwise.
 */
export async function installTracing(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'databaseKind' | 'chain'>,
): Promise<void> {
  if (!active) return;
  await app.register(active.fastify.plugin());
  // After @fastify/otel's own onError hook, which puts the error's raw text in the request span's status: a failure
  // the API answers with its own words keeps them, any other is named by its kind only (a database error's text
  // quotes the query's values).
  app.addHook('onError', async (request, _reply, error) => {
    const telemetry = request.opentelemetry();
    if (!telemetry.enabled) return;
    const message = error instanceof HttpError ? error.message : (error.code ?? error.name);
    telemetry.span.setStatus({ code: SpanStatusCode.ERROR, message });
  });
  traceDatabase(ctx.db, ctx.databaseKind);
  traceProvider(ctx.chain.provider);
  app.addHook('onClose', async () => {
    await flushTraces().catch(() => undefined);
  });
}

/** Marks a context inside a database span: the pool's query runs through a client's, counted once. */
const insideQuery = createContextKey('tranche.db.query');
const traced = Symbol('tranche.traced');

type Queryable = { query: (...args: unknown[]) => Promise<unknown>; [traced]?: true };

function queryText(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string')
    return (first as { text: string }).text;
  return '';
}

/**
 * Wraps `target.query` (PGlite, its transactions, node-postgres' pool and clients) with a CLIENT span named by the
 * statement's verb (`SELECT`, `INSERT`, ...) carrying the parametrized SQL text, never its values.
 */
function traceQueries(target: Queryable, system: string): void {
  if (target[traced]) return;
  target[traced] = true;
  const original = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    if (context.active().getValue(insideQuery)) return original(...args);
    const text = queryText(args);
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    return inSpan(
      operation,
      {
        'db.system.name': system,
        'db.operation.name': operation,
        'db.query.text': text.length > 4000 ? `${text.slice(0, 4000)}…` : text,
      },
      () => original(...args),
      (ctx) => ctx.setValue(insideQuery, true),
    );
  };
}

/** Spans for every query of the app's database: PGlite (and its transactions) or node-postgres' pool. */
export function traceDatabase(db: Database, kind: AppContext['databaseKind']): void {
  const client = (db as unknown as { $client?: Record<PropertyKey, unknown> }).$client;
  if (!client || typeof client.query !== 'function') return;
  const system = 'postgresql';
  traceQueries(client as unknown as Queryable, system);
  if (kind === 'pglite' && typeof client.transaction === 'function') {
    const transaction = (client.transaction as (cb: (tx: Queryable) => unknown) => Promise<unknown>).bind(
      client,
    );
    client.transaction = (callback: (tx: Queryable) => unknown) =>
      transaction((tx) => {
        traceQueries(tx, system);
        return callback(tx);
      });
  } else if (typeof client.connect === 'function') {
    // A transaction's connection (drizzle asks the pool for one): the promise form; the callback form is the pool's own.
    const connect = (client.connect as (...args: unknown[]) => unknown).bind(client);
    client.connect = (...args: unknown[]) => {
      const answer = connect(...args);
      if (args.length === 0 && answer instanceof Promise)
        return answer.then((connection: Queryable) => {
          traceQueries(connection, system);
          return connection;
        });
      return answer;
    };
  }
}

/** Spans for every JSON-RPC call of the chain provider (ethers' reads, estimates, sends and receipts all use `send`). */
export function traceProvider(provider: JsonRpcProvider): void {
  const target = provider as JsonRpcProvider & { [traced]?: true };
  if (target[traced]) return;
  target[traced] = true;
  const send = provider.send.bind(provider);
  const server = (() => {
    try {
      return new URL(provider._getConnection().url).host;
    } catch {
      return '';
    }
  })();
  provider.send = (method: string, params: unknown[] | Record<string, unknown>) =>
    inSpan(method, { 'rpc.system': 'jsonrpc', 'rpc.method': method, 'server.address': server }, () =>
      send(method, params),
    );
}

/** Runs `work` in a CLIENT span that ends (with an error status on failure) when its promise settles. */
function inSpan<T>(
  name: string,
  attributes: Record<string, string>,
  work: (span: Span) => Promise<T>,
  extend: (ctx: Context) => Context = (ctx) => ctx,
): Promise<T> {
  const tracer = trace.getTracer(tracerName);
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
  const spanContext = extend(trace.setSpan(context.active(), span));
  return context.with(spanContext, () =>
    work(span).then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        // The error's kind only: a node's or the database's text may quote the values of the call.
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name ?? 'Error' });
        span.end();
        throw error;
      },
    ),
  );
}
