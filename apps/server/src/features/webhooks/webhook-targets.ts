import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Server-side request forgery guard for webhook targets: a URL a user typed must never
// make the server call itself, the machine's neighbours or a cloud metadata service.
// A target's host is resolved and every address it resolves to must be public; the
// deliverer resolves again at each attempt and connects to the address it checked (a
// `lookup` that answers with it), so a DNS answer that changes between check and
// connect (rebinding) cannot slip a private address in.
//
// WEBHOOKS_ALLOW_PRIVATE=true lets loopback and private networks through (development,
// tests): link-local (169.254/16, the metadata service; fe80::/10), unspecified,
// multicast and reserved addresses stay refused whatever the setting.

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type ResolveHost = (host: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: ResolveHost = async (host) => {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function blockList(ranges: readonly [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

/** Never a webhook target. */
const ALWAYS_REFUSED = blockList([
  ['0.0.0.0', 8, 'ipv4'], // "this network", 0.0.0.0
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['100::', 64, 'ipv6'], // discard
]);

/** Refused unless the development setting allows private targets. */
const PRIVATE = blockList([
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['::1', 128, 'ipv6'], // loopback
  ['fc00::', 7, 'ipv6'], // unique local
]);

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) one. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return undefined;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export type AddressVerdict = 'public' | 'private' | 'refused';

/** What kind of address this is, for a webhook. */
export function classifyAddress(address: string): AddressVerdict {
  const version = isIP(address);
  if (version === 0) return 'refused';
  if (version === 6) {
    const inner = embeddedIpv4(address);
    if (inner) return classifyAddress(inner);
  }
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (ALWAYS_REFUSED.check(address, family)) return 'refused';
  if (PRIVATE.check(address, family)) return 'private';
  return 'public';
}

export type TargetProblem = 'invalid' | 'unresolvable' | 'private';

/** Parses a target URL: http(s), a host, no user name or password. */
export function parseTargetUrl(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url;
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the URL's host and checks every address: the first allowed one to connect
 * to, or why the target is refused. One private answer refuses the whole host.
 */
export async function checkTarget(
  url: URL,
  options: { resolveHost: ResolveHost; isPrivateAllowed: boolean },
): Promise<{ address: ResolvedAddress } | { problem: TargetProblem }> {
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.resolveHost(host);
    } catch {
      return { problem: 'unresolvable' };
    }
  }
  const [first] = addresses;
  if (!first) return { problem: 'unresolvable' };
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (verdict === 'refused') return { problem: 'private' };
    if (verdict === 'private' && !options.isPrivateAllowed) return { problem: 'private' };
  }
  return { address: first };
}
