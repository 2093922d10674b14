import type { StoreAddress } from '@atelier/contract';
import type { WebsiteRow } from '../../db/db-types.ts';
import type { WebsiteRepo } from './website.repo.ts';

export type Website = {
  id: string;
  title: string;
  description: string;
  timeZone: string;
  storeCurrency: string;
  useCLDRMoneyFormat: boolean;
  multipleQuantityAllowedForServices: boolean;
  language: string;
  /** Where the store is, for the foot of order emails; null when not given. */
  storeAddress: StoreAddress | null;
};

export type WebsiteService = ReturnType<typeof createWebsiteService>;

/** Lower-cased host without port or trailing dot: what a domain row stores. */
export function normaliseHost(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  const withoutPort = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : host.split(':')[0];
  return (withoutPort ?? '').replace(/\.$/, '');
}

const isLocalHost = (host: string) =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  /^127\.\d+\.\d+\.\d+$/.test(host) ||
  host === '[::1]';

/**
 * Where a website's links in emails point: its own domain over https, else PUBLIC_URL,
 * else this server on localhost. Never the Host header of a request: on a single-site
 * install any host reaches the shop, so a forged one would put its address in the
 * merchant's email.
 */
export function publicOriginOf(
  hosts: readonly string[],
  server: { publicUrl: string | undefined; port: number },
): string {
  const domain = hosts.find((host) => !isLocalHost(host));
  if (domain) return `https://${domain}`;
  return server.publicUrl ?? `http://localhost:${server.port}`;
}

export function createWebsiteService({
  websiteRepo,
  onPublicChange,
  server = { publicUrl: undefined, port: 3000 },
}: {
  websiteRepo: WebsiteRepo;
  /** Every public page shows the site's title: the page cache hears of a change. */
  onPublicChange?: (websiteId: string) => void;
  /** For links in emails (publicOriginOf). */
  server?: { publicUrl: string | undefined; port: number };
}) {
  return {
    /** The origin links in this website's emails start with (publicOriginOf). */
    async originOf(websiteId: string): Promise<string> {
      return publicOriginOf(await websiteRepo.listHosts(websiteId), server);
    },

    /**
     * The Host header picks the website. On a single-site install any host reaches the
     * one website, so a laptop, a LAN address and a first domain all just work; with
     * several websites an unknown host matches none.
     */
    async resolveByHost(hostHeader: string | undefined): Promise<Website | undefined> {
      const host = normaliseHost(hostHeader);
      const byHost = host ? await websiteRepo.findByHost(host) : undefined;
      if (byHost) return toWebsite(byHost);
      const oldest = await websiteRepo.listOldest(2);
      return oldest.length === 1 && oldest[0] ? toWebsite(oldest[0]) : undefined;
    },

    async getById(websiteId: string): Promise<Website | undefined> {
      const row = await websiteRepo.findById(websiteId);
      return row ? toWebsite(row) : undefined;
    },

    count: () => websiteRepo.count(),

    /** Site settings of the editor (admins only; the route checks the role). */
    async updateSettings(
      websiteId: string,
      patch: { title?: string | undefined; description?: string | undefined },
    ): Promise<Website | undefined> {
      const row = await websiteRepo.updateSettings(websiteId, {
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
      });
      if (row) onPublicChange?.(websiteId);
      return row ? toWebsite(row) : undefined;
    },

    async create(input: {
      title: string;
      description?: string;
      hosts?: string[];
    }): Promise<Website> {
      const row = await websiteRepo.create({
        ...input,
        hosts: (input.hosts ?? []).map(normaliseHost),
      });
      return toWebsite(row);
    },
  };
}

function toWebsite(row: WebsiteRow): Website {
  return {
    id: row.website_id,
    title: row.title,
    description: row.description,
    timeZone: row.time_zone,
    storeCurrency: row.store_currency,
    useCLDRMoneyFormat: row.use_cldr_money_format,
    multipleQuantityAllowedForServices: row.multiple_quantity_allowed_for_services,
    language: row.language,
    storeAddress: row.store_address,
  };
}
