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
