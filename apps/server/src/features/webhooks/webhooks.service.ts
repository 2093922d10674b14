import {
  type CreatedWebhookEndpoint,
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEventType,
  type WebhookSubscription,
  webhookEventTypeSchema,
} from '@atelier/contract';
import { webhookMessages } from '@atelier/core';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { checkTarget, parseTargetUrl, type ResolveHost } from './webhook-targets.ts';
import type { WebhookStore } from './webhooks.repo.ts';

// The owner's webhook endpoints (the /config screen) and the REST hooks an automation
// tool subscribes with (one endpoint per subscription, source 'api'). A target is
// checked when it is saved (public addresses only, unless WEBHOOKS_ALLOW_PRIVATE) and
// again by the deliverer at every attempt.

export type WebhooksService = ReturnType<typeof createWebhooksService>;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
const SHOWN_SECRET_LENGTH = 'whsec_'.length + 6;

function stateOf(row: WebhookEndpointRow): WebhookEndpoint['state'] {
  if (row.disabled_at) return 'disconnected';
  return row.last_success_at ? 'connected' : 'awaiting-connection';
}

function eventsOf(row: WebhookEndpointRow): WebhookEventType[] {
  return row.events.flatMap((event) => {
    const parsed = webhookEventTypeSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}

export function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.endpoint_id,
    url: row.url,
    events: eventsOf(row),
    source: row.source,
    state: stateOf(row),
    disabledReason: row.disabled_reason,
    disabledAt: iso(row.disabled_at),
    failureCount: row.failure_count,
    lastSuccessAt: iso(row.last_success_at),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    secretPrefix: row.secret.slice(0, SHOWN_SECRET_LENGTH),
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.delivery_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    deliveredAt: iso(row.delivered_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** How long a rotated-out secret still signs deliveries. */
export const PREVIOUS_SECRET_HOURS = 24;

export function createWebhooksService({
  store,
  resolveHost,
  isPrivateAllowed,
  onQueued = () => {},
}: {
  store: WebhookStore;
  resolveHost: ResolveHost;
  isPrivateAllowed: boolean;
  /** Told when a delivery was queued by hand (a test, a replay), so the worker can run. */
  onQueued?: () => void;
}) {
  async function checkedUrl(raw: string, field: string): Promise<string> {
    const url = parseTargetUrl(raw);
    if (!url)
      throw fail('WEBHOOK_TARGET_REFUSED', webhookMessages.urlInvalid, {
        [field]: webhookMessages.urlInvalid,
      });
    const target = await checkTarget(url, { resolveHost, isPrivateAllowed });
    if ('problem' in target) {
      const message =
        target.problem === 'unresolvable'
          ? webhookMessages.urlUnresolvable
          : webhookMessages.urlPrivate;
      throw fail('WEBHOOK_TARGET_REFUSED', message, { [field]: message });
    }
    return url.toString();
  }

  async function endpointOf(websiteId: string, endpointId: string): Promise<WebhookEndpointRow> {
    const row = await store.findEndpoint(websiteId, endpointId);
    if (!row) throw fail('WEBHOOK_NOT_FOUND', webhookMessages.notFound);
    return row;
  }

  return {
    async list(websiteId: string): Promise<WebhookEndpointList> {
      const rows = await store.listEndpoints(websiteId);
      const endpoints = rows.map(toEndpoint);
      return {
        endpoints,
        connectedAutomations: endpoints.filter((e) => e.source === 'api' && e.state === 'connected')
          .length,
      };
    },

    async create(input: {
      websiteId: string;
      url: string;
      events: readonly WebhookEventType[];
      createdBy: string;
      source?: 'config' | 'api';
    }): Promise<CreatedWebhookEndpoint> {
      const url = await checkedUrl(input.url, input.source === 'api' ? 'targetUrl' : 'url');
      const secret = newWebhookSecret();
      const row = await store.insertEndpoint({
        website_id: input.websiteId,
        url,
        events: [...new Set(input.events)],
        secret,
        source: input.source ?? 'config',
        created_by: input.createdBy,
      });
      return { endpoint: toEndpoint(row), secret };
    },

    /** REST hooks subscribe: one endpoint for one target URL and event. */
    async subscribe(input: {
      websiteId: string;
      targetUrl: string;
      event: WebhookEventType;
      createdBy: string;
    }): Promise<WebhookSubscription> {
      const created = await this.create({
        websiteId: input.websiteId,
        url: input.targetUrl,
        events: [input.event],
        createdBy: input.createdBy,
        source: 'api',
      });
      return {
        id: created.endpoint.id,
        targetUrl: created.endpoint.url,
        event: input.event,
        secret: created.secret,
      };
    },

    async remove(websiteId: string, endpointId: string, source?: 'api'): Promise<void> {
      if (!(await store.deleteEndpoint(websiteId, endpointId, source))) {
        throw fail('WEBHOOK_NOT_FOUND', webhookMessages.notFound);
      }
    },

    /**
     * A new secret, shown once; the old one keeps signing beside it for a day, so the
     * receiver can be switched over without missing a delivery.
     */
    async rotateSecret(websiteId: string, endpointId: string): Promise<CreatedWebhookEndpoint> {
      const secret = newWebhookSecret();
      const row = await store.rotateSecret(
        websiteId,
        endpointId,
        secret,
        new Date(Date.now() + PREVIOUS_SECRET_HOURS * 3600_000),
      );
      if (!row) throw fail('WEBHOOK_NOT_FOUND', webhookMessages.notFound);
      return { endpoint: toEndpoint(row), secret };
    },

    async setEnabled(
      websiteId: string,
      endpointId: string,
      isEnabled: boolean,
    ): Promise<WebhookEndpoint> {
      const row = await store.setDisabled(websiteId, endpointId, isEnabled ? null : 'owner');
      if (!row) throw fail('WEBHOOK_NOT_FOUND', webhookMessages.notFound);
      if (isEnabled) onQueued();
      return toEndpoint(row);
    },

    /** Queues a `webhook.test` event for this endpoint alone. */
    async sendTest(websiteId: string, endpointId: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(websiteId, endpointId);
      const body = JSON.stringify({
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date().toISOString(),
        data: { endpointId: endpoint.endpoint_id, message: 'A test event from Atelier.' },
      });
      const row = await store.insertDelivery({
        websiteId,
        endpointId,
        eventType: WEBHOOK_TEST_EVENT,
        body,
      });
      onQueued();
      return toDelivery(row);
    },

    async deliveries(
      websiteId: string,
      endpointId: string,
      page: number,
    ): Promise<WebhookDeliveryList> {
      await endpointOf(websiteId, endpointId);
      const { rows, total } = await store.listDeliveries(websiteId, endpointId, {
        limit: WEBHOOK_DELIVERY_PAGE_SIZE,
        offset: (page - 1) * WEBHOOK_DELIVERY_PAGE_SIZE,
      });
      return {
        deliveries: rows.map(toDelivery),
        total,
        page,
        pageSize: WEBHOOK_DELIVERY_PAGE_SIZE,
      };
    },

    /**
     * Sends an event again: a new delivery with the same webhook-id and body, outside the
     * per-order ordering (a person asked for it; receivers dedupe by id if they need to).
     */
    async replay(
      websiteId: string,
      endpointId: string,
      deliveryId: string,
    ): Promise<WebhookDelivery> {
      const earlier = await store.findDelivery(websiteId, endpointId, deliveryId);
      if (!earlier) throw fail('WEBHOOK_DELIVERY_NOT_FOUND', webhookMessages.deliveryNotFound);
      const row = await store.insertDelivery({
        websiteId,
        endpointId,
        eventType: earlier.event_type,
        body: earlier.body,
        eventId: earlier.event_id,
      });
      onQueued();
      return toDelivery(row);
    },
  };
}
