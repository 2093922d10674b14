import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { SeoRepo } from './seo.repo.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** The origin this request reached, for the absolute URLs a sitemap needs. */
const originOf = (request: FastifyRequest) =>
  `${request.protocol}://${request.headers.host ?? request.hostname}`;

export function registerSeoRoutes(
  app: FastifyInstance,
  deps: { seoRepo: SeoRepo; websiteOf: WebsiteResolver },
) {
  const { seoRepo, websiteOf } = deps;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const website = await websiteOf(request);
    const origin = originOf(request);
    const urls = (await seoRepo.listPublicPaths(website.id))
      .map(
        (row) =>
          `<url><loc>${escapeXml(origin + row.path)}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`,
      )
      .join('');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    await websiteOf(request);
    // The cart, search results and the API are per visitor or endless: not for crawlers.
    const body = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /cart',
      'Disallow: /search',
      `Sitemap: ${originOf(request)}/sitemap.xml`,
      '',
    ].join('\n');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });
}
