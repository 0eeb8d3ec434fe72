import {
  accountErrors,
  apiPrefix,
  inputMessages,
  type RouteDefinition,
  type RouteId,
  type Routes,
  routes,
  type Session,
  successEnvelopeSchema,
} from '@tranche/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { idempotent } from './idempotency.ts';
import { findAccountById } from '../modules/accounts/repository.ts';
import { auditRoute } from '../modules/audit/record.ts';
import { bearerToken, type SessionClaims } from './sessions.ts';
import { throttleKindOf } from './throttle.ts';
import { holdsControlCharacters } from './validation.ts';

type Part<R, K extends string, Fallback> =
  R extends Record<K, infer S extends z.ZodType> ? z.output<S> : Fallback;

export type RouteInput<Id extends RouteId> = {
  body: Part<Routes[Id], 'body', unknown>;
  params: Part<Routes[Id], 'params', Record<string, string>>;
  query: Part<Routes[Id], 'query', Record<string, string | undefined>>;
  /** The logged-in account (always set on `user` routes). */
  session: Routes[Id]['access'] extends 'user' ? Session : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** What the handler returns becomes `data` of the success envelope (undefined becomes null). */
export type RouteHandler<Id extends RouteId> = (
  input: RouteInput<Id>,
) => Promise<Part<Routes[Id], 'response', unknown> | undefined> | Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
    /** The verified token of a `user` route's request and what it says (logout ends it). */
    sessionToken?: { token: string; claims: SessionClaims };
  }
  interface FastifyInstance {
    registeredRouteIds: Set<RouteId>;
  }
}

/** The `onRequest` hook of every `user` route: Bearer JWT, live account, current session version. */
export function authenticate(ctx: AppContext): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new HttpError(401, accountErrors.authenticationRequired);
    const claims = await ctx.sessions.verify(token);
    if (ctx.caches.revokedSessions.has(claims.tokenId))
      throw new HttpError(401, accountErrors.authenticationRequired);
    const account = await ctx.caches.accounts.get(claims.accountId, async () => {
      const row = await findAccountById(ctx.db, claims.accountId);
      return (
        row && {
          id: row.id,
          loginName: row.loginName,
          emailAddress: row.emailAddress,
          profileName: row.profileName,
          confirmedOn: row.confirmedOn,
          sessionVersion: row.sessionVersion,
        }
      );
    });
    if (!account || account.confirmedOn === null)
      throw new HttpError(401, accountErrors.authenticationRequired);
    if (account.sessionVersion !== claims.sessionVersion)
      throw new HttpError(401, accountErrors.sessionExpired);
    request.sessionToken = { token, claims };
    request.session = {
      accountId: account.id,
      loginName: account.loginName,
      emailAddress: account.emailAddress,
      profileName: account.profileName,
    };
  };
}

/**
 * Registers a route of the @tranche/api table: method, path, access and schemas come from the table;
 * the handler only returns the data.
 */
export function registerRoute<Id extends RouteId>(
  app: FastifyInstance,
  ctx: AppContext,
  id: Id,
  handler: RouteHandler<Id>,
): void {
  const definition: RouteDefinition = routes[id];
  if (app.registeredRouteIds.has(id)) throw new Error(`Route ${id} is registered twice`);
  app.registeredRouteIds.add(id);
  const throttle = throttleKindOf(id, bodyKeys(definition.body));
  app.route({
    method: definition.method,
    url: `${apiPrefix}${definition.path}`,
    // Tags, security and error answers of the OpenAPI document are derived from the table in openapi.ts.
    schema: {
      operationId: id,
      summary: definition.summary,
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.response ? { response: { 200: successEnvelopeSchema(definition.response) } } : {}),
    },
    onRequest: definition.access === 'user' ? authenticate(ctx) : undefined,
    ...(throttle
      ? { preHandler: app.throttles.guard(throttle), onResponse: app.throttles.settle(throttle) }
      : {}),
    handler: async (request, reply) => {
      // Parts without a schema are checked here (those with one in the validator).
      if ([request.params, request.query, request.body].some((part) => holdsControlCharacters(part)))
        throw new HttpError(400, inputMessages.controlCharacters);
      const run = (): Promise<unknown> =>
        handler({
          body: request.body,
          params: request.params,
          query: request.query,
          session: request.session,
          request,
          reply,
        } as unknown as RouteInput<Id>);
      // A privileged action is appended to the operations log once its handler succeeded (modules/audit).
      const audited = await auditRoute(ctx, id, request);
      // Routes that start bulk work take an Idempotency-Key (a retry after a timeout starts nothing twice).
      const data =
        definition.idempotent && request.session
          ? await idempotent(
              ctx,
              {
                accountId: request.session.accountId,
                routeId: id,
                header: request.headers['idempotency-key'],
                request,
                reply,
              },
              run,
            )
          : await run();
      await audited?.(data);
      // A handler that answered itself (a file download: CSV, PDF) is done.
      if (reply.sent) return reply;
      return { statusCode: 200, data: data ?? null };
    },
  });
}

/** The top-level field names of a request body schema (an object, or a pipe/refinement of one). */
function bodyKeys(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 4 && current; depth++) {
    const shape = (current as { shape?: Record<string, unknown> }).shape;
    if (shape && typeof shape === 'object') return Object.keys(shape);
    const def = (current as { def?: { in?: unknown; innerType?: unknown } }).def;
    current = def?.in ?? def?.innerType;
  }
  return [];
}
