import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers (CSP and the rest) on every answer. The middleware is built once
 * here: the Fastify plugin built it again on every request, parsing the CSP directives
 * each time, which showed in the CPU profile of rendered pages (docs/PERFORMANCE.md).
 * Added to the root instance before any route, so every route and the 404 get them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet 8.1 throws its errors instead of passing them on, so `next` never has one.
    applyHeaders(request.raw, reply.raw, () => done());
  });
}

/**
 * The policy with one more inline stylesheet let in by its hash: a website's design
 * (issue 25) is its own text, so its hash cannot be in the policy built at start-up.
 */
export function withStyleHash(policy: string, hash: string): string {
  const directives = policy.split(';').map((d) => d.trim());
  const at = directives.findIndex((d) => d === 'style-src' || d.startsWith('style-src '));
  if (at === -1) return policy;
  if (directives[at]?.split(' ').includes(hash)) return policy;
  directives[at] = `${directives[at]} ${hash}`;
  return directives.join(';');
}
