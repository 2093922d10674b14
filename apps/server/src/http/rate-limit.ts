import type { FastifyRequest } from 'fastify';
import { fail } from './errors.ts';

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

/** preHandler: 429 with the message the storefront shows for it (SPEC §8). */
export function rateLimit(limiter: RateLimiter, message: string) {
  return async (request: FastifyRequest) => {
    if (!limiter.hit(`${request.headers.host ?? ''}|${request.ip}`)) {
      throw fail('RATE_LIMITED', message);
    }
  };
}
