import type { FastifyRequest } from 'fastify';
import type { Website, WebsiteService } from '../features/websites/website.service.ts';
import { fail } from './errors.ts';

export type WebsiteResolver = (request: FastifyRequest) => Promise<Website>;

/** The website a request is for, picked by its Host header; 404 when there is none. */
export function createWebsiteResolver(websites: WebsiteService): WebsiteResolver {
  return async (request) => {
    const website = await websites.resolveByHost(request.headers.host);
    if (!website) throw fail('WEBSITE_NOT_FOUND', 'No website is published at this address');
    return website;
  };
}
