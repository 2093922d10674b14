import type { TrustProxy } from '../config.ts';

// Every per-address limit is keyed on `request.ip`, so what Fastify believes about
// X-Forwarded-For decides whether a client can pick its own address. Fastify 5.12 turned
// a numeric `trustProxy` into "trust nothing", because a hop count cannot check that the
// peer really is a proxy; TRUST_PROXY still offers it, as a trust function, for servers
// that only a proxy can reach (a container network, a socket on 127.0.0.1) — README says
// to prefer the proxy's address wherever it is known.

type TrustFunction = (address: string, hop: number) => boolean;

/** Fastify's `trustProxy` option for the configured TRUST_PROXY. */
export function trustProxyOption(trust: TrustProxy): false | TrustFunction | string[] {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
