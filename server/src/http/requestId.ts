import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header that carries a request's id, both ways: a caller's own is kept when sane, every answer names it. */
export const requestIdHeader = 'x-request-id';

const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is at most 128 characters of `[A-Za-z0-9._:-]`
 * (a proxy's or client's id, so one request is followed across services), otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
}

/** Every answer, errors and 404s included, carries its request id (the one every log line of the request has). */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });
}
