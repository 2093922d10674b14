import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { webhookMessages } from '@atelier/core';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEndpointRow } from '../../db/db-types.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { signWebhook } from './webhook-signature.ts';
import {
  checkTarget,
  hostOf,
  parseTargetUrl,
  type ResolveHost,
  resolveWithDns,
} from './webhook-targets.ts';
import type { DueDelivery, WebhookStore } from './webhooks.repo.ts';

// Works the webhook outbox. Each poll leases a batch of due deliveries (one transaction,
// FOR UPDATE SKIP LOCKED), sends them with no transaction open, and records each answer.
// At least once: a process that dies (or stops) mid-send leaves the lease to expire and
// the delivery is sent again, with the same webhook-id, which receivers dedupe by.
// In order per order: the claim skips a delivery while an earlier one of its ordering
// key is pending, so a later event never overtakes an earlier one that has not
// succeeded. Failures back off exponentially with jitter; an endpoint that keeps failing
// (DISABLE_AFTER_FAILURES attempts in a row, over at least DISABLE_AFTER_MS) is turned
// off and its owner emailed through the mail outbox. Delivered events leave the log after
// LOG_RETENTION_MS (checked hourly); pending ones stay until delivered.

export type WebhookClock = { now(): Date };

export type WebhookDelivererOptions = {
  /** Time for retries, leases and the disable rule; tests move it. */
  clock?: WebhookClock;
  /** 0 ≤ x < 1, for the jitter; tests pin it. */
  random?: () => number;
  resolveHost?: ResolveHost;
  /** WEBHOOKS_ALLOW_PRIVATE: loopback and private networks allowed (development, tests). */
  isPrivateAllowed?: boolean;
  /** How long one attempt may take before it counts as failed. */
  timeoutMs?: number;
  /** How long a claimed delivery is kept from other workers; a crash is retried after it. */
  leaseMs?: number;
  intervalMs?: number;
};

export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 6 * 3600_000;
export const DISABLE_AFTER_FAILURES = 10;
export const DISABLE_AFTER_MS = 24 * 3600_000;
/** How long the log keeps a delivered event; pending ones stay until delivered. */
export const LOG_RETENTION_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
const BATCH = 10;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_LEASE_MS = 60_000;
/** What of a receiver's answer is read; the rest is dropped. */
const MAX_RESPONSE_BYTES = 16 * 1024;

/** Delay before the next try after `attempts` failed ones: 30 s doubling, capped at 6 h, ±20 %. */
export function backoffMs(attempts: number, random: () => number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export type WebhookDeliverer = {
  start(): void;
  /** Stops polling and abandons sends under way (their leases expire, as after a crash). */
  stop(): Promise<void>;
  /** One poll now; answers how many deliveries succeeded. Tests call this. */
  deliverDue(): Promise<number>;
};

type Outcome =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode: number | null; error: string };

export function createWebhookDeliverer(deps: {
  store: WebhookStore;
  log: FastifyBaseLogger;
  /** Where the owner manages webhooks, for the disable email. */
  adminUrlOf: (websiteId: string) => Promise<string>;
  options?: WebhookDelivererOptions;
}): WebhookDeliverer {
  const { store, log } = deps;
  const options = deps.options ?? {};
  const clock = options.clock ?? { now: () => new Date() };
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const resolveHost = options.resolveHost ?? resolveWithDns;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);
  let stopping = new AbortController();
  let lastPrunedAt = Number.NEGATIVE_INFINITY;

  async function send(delivery: DueDelivery, signal: AbortSignal): Promise<Outcome> {
    const url = parseTargetUrl(delivery.url);
    if (!url) return { ok: false, statusCode: null, error: 'The URL is not valid.' };
    const target = await checkTarget(url, {
      resolveHost,
      isPrivateAllowed: options.isPrivateAllowed ?? false,
    });
    if ('problem' in target) {
      return {
        ok: false,
        statusCode: null,
        error:
          target.problem === 'unresolvable'
            ? webhookMessages.urlUnresolvable
            : webhookMessages.urlPrivate,
      };
    }
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Atelier-Webhooks/1',
      'webhook-id': delivery.event_id,
      'webhook-timestamp': String(timestamp),
      // After a rotation, both secrets sign for a day: a receiver on either verifies.
      'webhook-signature': [delivery.secret, delivery.previous_secret]
        .flatMap((secret) =>
          secret
            ? [signWebhook({ secret, id: delivery.event_id, timestamp, body: delivery.body })]
            : [],
        )
        .join(' '),
    };
    // Connect to the address just checked, whatever DNS says a moment later.
    const { address, family } = target.address;
    const lookup: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Outcome>((resolve) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers,
          lookup,
          ...(url.protocol === 'https:' && { servername: hostOf(url) }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        },
        (response: IncomingMessage) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) response.destroy();
          });
          const finish = () => {
            const statusCode = response.statusCode ?? 0;
            resolve(
              statusCode >= 200 && statusCode < 300
                ? { ok: true, statusCode }
                : { ok: false, statusCode, error: `The endpoint answered ${statusCode}.` },
            );
          };
          response.on('end', finish);
          response.on('close', finish);
          response.on('error', finish);
        },
      );
      req.on('error', (error: Error) => {
        const isTimeout = error.name === 'TimeoutError' || error.name === 'AbortError';
        resolve({
          ok: false,
          statusCode: null,
          error:
            isTimeout && !signal.aborted
              ? `No answer within ${timeoutMs / 1000} s.`
              : error.message,
        });
      });
      req.end(delivery.body);
    });
  }

  async function disableMail(endpoint: WebhookEndpointRow): Promise<OutgoingMail | null> {
    const owner = await store.ownerOf(endpoint.website_id);
    if (!owner) return null;
    const adminUrl = await deps.adminUrlOf(endpoint.website_id);
    return {
      kind: 'webhook-disabled',
      to: owner.email,
      subject: webhookMessages.disabledMailSubject(owner.title),
      bodyText: [
        `Deliveries to ${endpoint.url} failed ${endpoint.failure_count} times in a row since ${endpoint.failing_since?.toISOString() ?? 'earlier'}, so the endpoint was turned off.`,
        'Events are not queued for it while it is off. Fix the receiver, then turn it back on; deliveries that were waiting resume.',
        `Manage webhooks: ${adminUrl}`,
      ].join('\n\n'),
    };
  }

  async function record(delivery: DueDelivery, outcome: Outcome): Promise<void> {
    const now = clock.now();
    if (outcome.ok) {
      await store.transaction((q) =>
        q.markDelivered({
          websiteId: delivery.website_id,
          deliveryId: delivery.delivery_id,
          endpointId: delivery.endpoint_id,
          statusCode: outcome.statusCode,
          now,
        }),
      );
      return;
    }
    const retryAt = new Date(now.getTime() + backoffMs(delivery.attempts, random));
    // The owner's address is read before the transaction (one connection on PGlite).
    const endpoint = await store.transaction((q) =>
      q.markFailed({
        websiteId: delivery.website_id,
        deliveryId: delivery.delivery_id,
        endpointId: delivery.endpoint_id,
        statusCode: outcome.statusCode,
        error: outcome.error,
        retryAt,
        now,
      }),
    );
    const isFailingLongEnough =
      endpoint.failing_since !== null &&
      now.getTime() - endpoint.failing_since.getTime() >= DISABLE_AFTER_MS;
    if (
      endpoint.disabled_at === null &&
      endpoint.failure_count >= DISABLE_AFTER_FAILURES &&
      isFailingLongEnough
    ) {
      const mail = await disableMail(endpoint);
      await store.transaction((q) =>
        q.disableForFailures({
          websiteId: endpoint.website_id,
          endpointId: endpoint.endpoint_id,
          mail,
        }),
      );
      log.warn({ endpointId: endpoint.endpoint_id }, 'webhook endpoint disabled after failures');
    }
  }

  async function poll(): Promise<number> {
    const signal = stopping.signal;
    if (signal.aborted) return 0;
    const now = clock.now().getTime();
    if (now - lastPrunedAt >= PRUNE_EVERY_MS) {
      lastPrunedAt = now;
      await store.pruneDelivered(new Date(now - LOG_RETENTION_MS));
    }
    // One transaction, so the rows stay locked from the pick to the lease.
    const batch = await store.transaction((q) =>
      q.claimDue({ limit: BATCH, leaseMs, now: clock.now() }),
    );
    const outcomes = await Promise.all(
      batch.map(async (delivery) => {
        const outcome = await send(delivery, signal);
        // Stopped mid-send: leave the lease to expire, exactly as a crash would.
        if (signal.aborted) return false;
        await record(delivery, outcome);
        return outcome.ok;
      }),
    );
    return outcomes.filter(Boolean).length;
  }

  function deliverDue(): Promise<number> {
    running = running.catch(() => 0).then(poll);
    return running;
  }

  return {
    deliverDue,
    start() {
      if (timer) return;
      stopping = new AbortController();
      timer = setInterval(() => {
        deliverDue().catch((error: unknown) => log.error({ err: error }, 'webhook poll failed'));
      }, options.intervalMs ?? 2_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort();
      await running.catch(() => 0);
    },
  };
}
