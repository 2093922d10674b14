// Page p99 with and without 20 editor sign-ins per second beside the load (issue 15):
// password hashing must not stall page rendering. The sign-ins use the owner's right
// password (a wrong one would lock the account) and each names its own client address
// in X-Forwarded-For, which this server trusts from loopback, as from many editors behind
// a proxy; otherwise the per-address sign-in limit would answer most of them with 429.

import { createOwnerSession } from './lib.mjs';

const OWNER = { email: 'bench-owner@example.com', password: 'bench owner password 1' };
export const SIGN_IN_ENV = { TRUST_PROXY: 'loopback' };
export const SIGN_INS_PER_SECOND = 20;

/** Creates the website's owner and returns a crumb the sign-ins can echo. */
export async function createOwner(baseUrl) {
  return (await createOwnerSession(baseUrl, OWNER)).signedOutCrumb;
}

/** Fires sign-ins at a steady rate until stopped, without waiting for answers. */
export function startSignIns(baseUrl, crumb, perSecond = SIGN_INS_PER_SECOND) {
  const latencies = [];
  let failed = 0;
  let sent = 0;
  const inFlight = new Set();
  const startedAt = performance.now();
  const fire = () => {
    sent += 1;
    const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
    const t0 = performance.now();
    const request = fetch(`${baseUrl}/api/config/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `crumb=${crumb}`,
        'x-csrf-token': crumb,
        'x-forwarded-for': address,
      },
      body: JSON.stringify(OWNER),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - t0);
        else failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const timer = setInterval(fire, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      const seconds = (performance.now() - startedAt) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
      return {
        perSecond: latencies.length / seconds,
        failed,
        p50: at(0.5) ?? Number.NaN,
        p99: at(0.99) ?? Number.NaN,
      };
    },
  };
}
