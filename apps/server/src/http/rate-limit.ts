import type { FastifyRequest } from 'fastify';
import { fail } from './errors.ts';
import type { WebsiteResolver } from './website-resolver.ts';

// A fixed-window counter per key, held in this process. One instance is enough on a
// laptop; several instances behind a balancer would share counts through Redis
// (REDIS_URL), which plugs in behind the same `hit` function.

export type RateLimiter = { hit: (key: string) => boolean };

export function createRateLimiter({
  limit,
  windowMs,
}: {
  limit: number;
  windowMs: number;
}): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = Date.now();
  return {
    /** Counts one request; false when the key is over its limit in this window. */
    hit(key) {
      const now = Date.now();
      if (now - lastSweep > windowMs) {
        for (const [k, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(k);
        lastSweep = now;
      }
      const current = windows.get(key);
      if (!current || now - current.startedAt >= windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
  };
}

/**
 * The key of a per-address limit: the website the request resolved to and the client's
 * address (TRUST_PROXY decides whether that is the socket's or a forwarded one). Never the
 * raw Host header: on a single-site install every host reaches the one website, so a
 * varied Host would otherwise be a fresh counter each time.
 */
export async function clientKeyOf(
  request: FastifyRequest,
  websiteOf: WebsiteResolver,
): Promise<string> {
  const website = await websiteOf(request);
  return `${website.id}|${request.ip}`;
}

/** onRequest or preHandler hook: 429 with the message the storefront shows for it (SPEC §8). */
export function rateLimit(deps: {
  limiter: RateLimiter;
  message: string;
  websiteOf: WebsiteResolver;
}) {
  const { limiter, message, websiteOf } = deps;
  return async (request: FastifyRequest) => {
    if (!limiter.hit(await clientKeyOf(request, websiteOf))) {
      throw fail('RATE_LIMITED', message);
    }
  };
}
