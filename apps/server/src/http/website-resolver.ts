import type { FastifyRequest } from 'fastify';
import type { Website, WebsiteService } from '../features/websites/website.service.ts';
import { fail } from './errors.ts';

export type WebsiteResolver = (request: FastifyRequest) => Promise<Website>;

/**
 * The website a request is for, picked by its Host header; 404 when there is none. Each
 * request resolves once: a rate limit keyed on the website and the handler after it share
 * the answer instead of reading `website_domains` twice.
 */
export function createWebsiteResolver(websites: WebsiteService): WebsiteResolver {
  const resolved = new WeakMap<FastifyRequest, Promise<Website>>();
  return (request) => {
    let website = resolved.get(request);
    if (!website) {
      website = websites.resolveByHost(request.headers.host).then((found) => {
        if (!found) throw fail('WEBSITE_NOT_FOUND', 'No website is published at this address');
        return found;
      });
      resolved.set(request, website);
    }
    return website;
  };
}
