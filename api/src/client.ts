// The API client over the light route table (routeTable.ts): it builds requests from method and path alone, so a
// browser bundle that imports it carries no route's schema. It checks an answer against the route's schema when given
// the full table (`answers`, eagerly or as a loader per route); index.ts's createApiClient always gives it.
import type { z } from 'zod';
import { accountErrors, apiErrors } from './messages.ts';
import { apiPrefix, buildPath, type RouteId, type RouteTarget, routeTable } from './routeTable.ts';
import type { Routes } from './routes.ts';

/** Any answer as a client first reads it, before the route's own schema is applied. */
type AnyEnvelope = { statusCode: number; data?: unknown; error?: { message: string } };

/**
 * Reads an answer's envelope: an integer statusCode, any data, and an error with a string message if there is one;
 * undefined for anything else. Plain code, not a schema (envelope.ts has the envelope's schemas for the server), so
 * that a browser's first load carries no zod for it.
 */
function readEnvelope(json: unknown): AnyEnvelope | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { statusCode, data, error } = json as Record<string, unknown>;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode)) return undefined;
  if (error === undefined) return { statusCode, data };
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as Record<string, unknown>;
  return typeof message === 'string' ? { statusCode, data, error: { message } } : undefined;
}

/** The one error a call throws when the server answers a non-200 statusCode. Carries the server's message. */
export class ApiError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
  }
}

type Schema<R, K extends string> = R extends Record<K, infer S extends z.ZodType> ? S : undefined;

export type RouteBody<R> = Schema<R, 'body'> extends z.ZodType ? z.input<Schema<R, 'body'>> : unknown;
export type RouteData<R> =
  Schema<R, 'response'> extends z.ZodType ? z.output<Schema<R, 'response'>> : unknown;

type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type CallInput<Id extends RouteId> = ([ParamsOf<Routes[Id]['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamsOf<Routes[Id]['path']>, string | number> }) &
  (Schema<Routes[Id], 'body'> extends z.ZodType ? { body: RouteBody<Routes[Id]> } : { body?: unknown }) & {
    query?: Record<string, string | number | undefined>;
    signal?: AbortSignal;
  };

export type ApiClientOptions = {
  /** Origin of the server, e.g. `http://127.0.0.1:3000`; '' for the same origin in a browser. */
  baseUrl: string;
  /** The session token (data.jwt of POST /login), or null/undefined when logged out. */
  getToken?: () => string | null | undefined;
  /** Called when an authenticated call answers 401 (session missing or expired). */
  onUnauthorized?: (error: ApiError) => void;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /**
   * The schemas each route's `data` is checked against (the full table of routes.ts), or a loader of those of the
   * route called (answers.ts loads its group), started with the request and awaited with its answer. Without it only
   * the envelope of an answer is checked.
   */
  answers?: AnswerSchemas | ((id: RouteId) => Promise<AnswerSchemas>);
};

/** Answer schemas by route: the full table of routes.ts. */
export type AnswerSchemas = { readonly [Id in RouteId]?: RouteTarget & { readonly response?: z.ZodType } };

export type ApiClient = {
  /** Call a route of the table: resolves to the `data` of the answer, or throws {@link ApiError}. */
  call<Id extends RouteId>(id: Id, ...input: OptionalIfEmpty<CallInput<Id>>): Promise<RouteData<Routes[Id]>>;
  /** The URL a route resolves to (for links and tests). */
  url<Id extends RouteId>(id: Id, params?: Record<string, string | number>): string;
};

type OptionalIfEmpty<T> = Record<never, never> extends T ? [input?: T] : [input: T];

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  function url(id: RouteId, params?: Record<string, string | number>, query?: CallInput<RouteId>['query']) {
    const definition: RouteTarget = routeTable[id];
    let target = `${baseUrl}${apiPrefix}${buildPath(definition.path, params)}`;
    if (query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) search.set(key, String(value));
      const text = search.toString();
      if (text) target += `?${text}`;
    }
    return target;
  }

  async function call(id: RouteId, input: Partial<CallInput<RouteId>> = {}): Promise<unknown> {
    const definition: RouteTarget = routeTable[id];
    const answers = typeof options.answers === 'function' ? options.answers(id) : options.answers;
    // Awaited after the answer; a loader failing before then is not an unhandled rejection.
    if (answers instanceof Promise) answers.catch(() => undefined);
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = definition.access === 'public' ? undefined : options.getToken?.();
    // Part 1, section 8: without a session a client helper answers 'Not logged in' and asks the server nothing.
    if (definition.access !== 'public' && options.getToken && !token)
      throw new ApiError(401, accountErrors.notLoggedIn);
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const response = await doFetch(url(id, input.params as Record<string, string | number>, input.query), {
      method: definition.method,
      headers,
      body,
      signal: input.signal,
    });
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ApiError(response.status, response.ok ? apiErrors.unexpectedAnswer : response.statusText);
    }
    const envelope = readEnvelope(json);
    if (!envelope) throw new ApiError(response.status, apiErrors.unexpectedAnswer);
    const { statusCode, data, error } = envelope;
    if (statusCode !== 200) {
      const apiError = new ApiError(statusCode, error?.message ?? response.statusText);
      if (statusCode === 401 && definition.access !== 'public') options.onUnauthorized?.(apiError);
      throw apiError;
    }
    const schema = (await answers)?.[id]?.response;
    if (schema) {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new ApiError(500, apiErrors.unexpectedAnswer);
      return parsed.data;
    }
    return data;
  }

  return {
    call: call as ApiClient['call'],
    url: (id, params) => url(id, params),
  };
}
