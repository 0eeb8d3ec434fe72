import { createHash } from 'node:crypto';
import { idempotencyMessages as m, type RouteId } from '@tranche/api';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { HttpError } from '../errors.ts';

/** How long a key keeps its answer (Stripe keeps keys 24 hours). */
export const idempotencyKeyTtlMs = 24 * 60 * 60_000;

const keyPattern = /^[\x20-\x7e]{1,255}$/;

/** A fingerprint of the request: the route, its parameters and its (validated) body. */
function fingerprintOf(routeId: RouteId, request: { params: unknown; body: unknown }): string {
  const text = JSON.stringify([routeId, request.params ?? null, request.body ?? null], (_, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Runs `run` once per `Idempotency-Key` of an account (routes marked `idempotent` in the table; routing.ts calls
 * this). Without the header it just runs. With it, the key is claimed in the database (so every instance sees it):
 * the first request runs and its answer is stored; a retry with the same key and request gets that answer (header
 * `Idempotent-Replayed: true`) and starts nothing; the same key with another request answers 422, and one whose
 * first request is still running 409. A first request that fails frees its key (nothing was started). Keys expire
 * after {@link idempotencyKeyTtlMs}.
 */
export async function idempotent<T>(
  ctx: Pick<AppContext, 'db'>,
  input: {
    accountId: number;
    routeId: RouteId;
    header: string | string[] | undefined;
    request: { params: unknown; body: unknown };
    reply: FastifyReply;
  },
  run: () => Promise<T>,
): Promise<T> {
  const { accountId, routeId, header } = input;
  if (header === undefined) return run();
  const key = Array.isArray(header) ? undefined : header.trim();
  if (!key || !keyPattern.test(key)) throw new HttpError(400, m.keyInvalid);
  const fingerprint = fingerprintOf(routeId, input.request);
  const thisKey = and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key));
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    await ctx.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), lte(idempotencyKeys.expiresOn, now)));
    const [claimed] = await ctx.db
      .insert(idempotencyKeys)
      .values({
        accountId,
        key,
        routeId,
        fingerprint,
        expiresOn: new Date(now.getTime() + idempotencyKeyTtlMs),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      let answer: T;
      try {
        answer = await run();
      } catch (error) {
        await ctx.db.delete(idempotencyKeys).where(thisKey);
        throw error;
      }
      await ctx.db
        .update(idempotencyKeys)
        .set({ response: answer ?? null, completedOn: new Date() })
        .where(thisKey);
      return answer;
    }
    const [first] = await ctx.db.select().from(idempotencyKeys).where(thisKey).limit(1);
    // Freed or expired meanwhile: claim it again.
    if (!first || first.expiresOn <= now) continue;
    if (first.routeId !== routeId || first.fingerprint !== fingerprint) throw new HttpError(422, m.keyReused);
    if (!first.completedOn) throw new HttpError(409, m.inProgress);
    input.reply.header('idempotent-replayed', 'true');
    return first.response as T;
  }
  throw new HttpError(409, m.inProgress);
}
