// What every group of the full route table (routes/*.ts) is written with: a route's schemas and documentation added
// to its entry of the light table (routeTable.ts).
import type { z } from 'zod';
import { type RouteGroup, type RouteId, type RouteTarget, routeTable } from '../routeTable.ts';

/** A route of the full table: its target (routeTable.ts) with its schemas and documentation. */
export type RouteDefinition = RouteTarget & {
  summary: string;
  /** Which part of the spec describes it. */
  spec: 'part1' | 'part2' | 'tranche';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  response?: z.ZodType;
  /**
   * Takes an `Idempotency-Key` header (server/src/http/idempotency.ts): a retry with the same key and request gets
   * the first answer and starts nothing; the same key with another request answers 422.
   */
  idempotent?: true;
  /** The request body's example in the OpenAPI document, where one built from field names cannot fit (fields that exclude each other). */
  bodyExample?: unknown;
};

/** A route's entry: its target from the light table, with the schemas and documentation written here. */
export function route<const Id extends RouteId, const T extends Omit<RouteDefinition, keyof RouteTarget>>(
  id: Id,
  definition: T,
): (typeof routeTable)[Id] & T {
  return { ...routeTable[id], ...definition };
}

export const part1 = 'part1' as const;
export const part2 = 'part2' as const;

/** Exactly the routes of group `G` (routeTable.ts names each route's group): a group file that misses one, or holds
 * another group's, does not compile. */
export type GroupRoutes<G extends RouteGroup> = {
  [Id in RouteId as (typeof routeTable)[Id]['group'] extends G ? Id : never]: RouteDefinition;
};
