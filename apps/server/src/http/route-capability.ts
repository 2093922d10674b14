import type { Capability } from '@atelier/core';
import type { RouteOptions } from 'fastify';

// Which capability of the permission matrix (core's permissions.ts) a route asks for.
// The guards (`requireMember({ can })`, `requireApiKey({ can })`) mark the hook they
// return; app.ts reads the mark off every route as it is registered, so the matrix test
// can walk every guarded route × every role, and a guard can never run after validation.

const marks = new WeakMap<object, Capability>();

/** Marks a guard hook with the capability it checks. */
export function markGuard<T extends object>(hook: T, capability: Capability): T {
  marks.set(hook, capability);
  return hook;
}

const hooksOf = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const markOf = (hooks: unknown[]): Capability | undefined => {
  for (const hook of hooks) {
    const mark = typeof hook === 'function' ? marks.get(hook) : undefined;
    if (mark) return mark;
  }
  return undefined;
};

/**
 * The capability a route's guard checks, or undefined for an unguarded route. A guard
 * must run before the body is validated (onRequest or preValidation), so a caller without
 * the capability learns nothing about the route's input: one in preHandler is refused at
 * start-up.
 */
export function capabilityOfRoute(
  route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'method' | 'url'>,
): Capability | undefined {
  if (markOf(hooksOf(route.preHandler))) {
    throw new Error(`${String(route.method)} ${route.url}: put its guard in preValidation`);
  }
  return markOf(hooksOf(route.onRequest)) ?? markOf(hooksOf(route.preValidation));
}

/** A registered route and the capability its guard checks. */
export type RouteCapability = { method: string; url: string; capability: Capability | undefined };
