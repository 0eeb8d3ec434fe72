import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const requests = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request whose work is running now (x-request-id), or undefined outside any request. */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.requestId;
}

/**
 * Runs each request's hooks and handler, and everything they start, inside the request's id, so that a line logged
 * through the app's logger (`app.log`, a module's own logger) names its request too, not only `request.log`'s
 * (logging.ts adds it). Install before any other onRequest hook.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requests.run({ requestId: request.id }, done);
  });
}
