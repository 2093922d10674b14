import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/db-types.ts';
import { mailQueries, type OutgoingMail } from '../mail/mail.repo.ts';

// Webhook endpoints and the delivery outbox (migration 0027). `emit` is called inside
// the transaction of the change that causes an event (an order placed, a refund, a form
// submission), so the event exists exactly when the change does; it writes one delivery
// per enabled endpoint subscribed to the type, all with one event id and one body.

export type WebhookQueries = ReturnType<typeof webhookQueries>;
export type WebhookStore = WebhookQueries & {
  /** Runs `work` in one transaction; on the embedded database it holds the only connection. */
  transaction<T>(work: (queries: WebhookQueries) => Promise<T>): Promise<T>;
};

export function createWebhookStore(db: Kysely<DB>): WebhookStore {
  return {
    ...webhookQueries(db),
    transaction: (work) => db.transaction().execute((trx) => work(webhookQueries(trx))),
  };
}

/** A claimed delivery with what sending it needs. */
export type DueDelivery = WebhookDeliveryRow & {
  url: string;
  secret: string;
  /** The secret before a rotation, while it still signs (a day). */
  previous_secret: string | null;
};

export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** `greatest(now(), clock)`: the database's time, or a test's clock when it is ahead. */
const nowOr = (now: Date) => sql<Date>`greatest(now(), ${now}::timestamptz)`;

export function webhookQueries(db: Kysely<DB>) {
  return {
    /**
     * Queues an event for every enabled endpoint of the website subscribed to `type`.
     * Nothing is written when none is. Call it inside the causing change's transaction.
     */
    async emit(
      websiteId: string,
      event: { type: string; orderingKey: string | null; data: unknown },
    ): Promise<void> {
      const body = JSON.stringify({
        type: event.type,
        timestamp: new Date().toISOString(),
        data: event.data,
      });
      await db
        .insertInto('webhook_deliveries')
        .columns(['website_id', 'endpoint_id', 'event_id', 'event_type', 'ordering_key', 'body'])
        .expression((eb) =>
          eb
            .selectFrom('webhook_endpoints')
            .select([
              'website_id',
              'endpoint_id',
              eb.val(newEventId()).as('event_id'),
              eb.val(event.type).as('event_type'),
              sql<string | null>`${event.orderingKey}::text`.as('ordering_key'),
              eb.val(body).as('body'),
            ])
            .where('website_id', '=', websiteId)
            .where('disabled_at', 'is', null)
            .where(sql<boolean>`${event.type} = any(events)`),
        )
        .execute();
    },

    /** Queues one event for one endpoint whatever it subscribes to: the test event. */
    async insertDelivery(input: {
      websiteId: string;
      endpointId: string;
      eventType: string;
      body: string;
      eventId?: string;
    }): Promise<WebhookDeliveryRow> {
      return db
        .insertInto('webhook_deliveries')
        .values({
          website_id: input.websiteId,
          endpoint_id: input.endpointId,
          event_id: input.eventId ?? newEventId(),
          event_type: input.eventType,
          ordering_key: null,
          body: input.body,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    insertEndpoint(row: {
      website_id: string;
      url: string;
      events: string[];
      secret: string;
      source: 'config' | 'api';
      created_by: string;
    }): Promise<WebhookEndpointRow> {
      return db
        .insertInto('webhook_endpoints')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    listEndpoints(websiteId: string): Promise<WebhookEndpointRow[]> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('created_at')
        .orderBy('endpoint_id')
        .execute();
    },

    findEndpoint(websiteId: string, endpointId: string): Promise<WebhookEndpointRow | undefined> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirst();
    },

    /** Deletes the endpoint and (by cascade) its deliveries; false when there was none. */
    async deleteEndpoint(
      websiteId: string,
      endpointId: string,
      source?: 'config' | 'api',
    ): Promise<boolean> {
      let query = db
        .deleteFrom('webhook_endpoints')
        .where('website_id', '=', websiteId)
        .where('endpoint_id', '=', endpointId);
      if (source) query = query.where('source', '=', source);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Disables (with the reason) or re-enables; re-enabling forgets past failures. */
    /**
     * A new secret; the current one keeps signing beside it until `previousUntil`. A second
     * rotation within the overlap keeps the older secret (the one receivers were set up
     * with) signing until its own end, and drops only the one that replaced it.
     */
    rotateSecret(
      websiteId: string,
      endpointId: string,
      secret: string,
      previousUntil: Date,
    ): Promise<WebhookEndpointRow | undefined> {
      return db
        .updateTable('webhook_endpoints')
        .set({
          previous_secret: sql<string>`case when previous_secret_expires_at > now()
            then previous_secret else secret end`,
          previous_secret_expires_at: sql<Date>`case when previous_secret_expires_at > now()
            then previous_secret_expires_at else ${previousUntil}::timestamptz end`,
          secret,
        })
        .where('website_id', '=', websiteId)
        .where('endpoint_id', '=', endpointId)
        .returningAll()
        .executeTakeFirst();
    },

    setDisabled(
      websiteId: string,
      endpointId: string,
      reason: 'owner' | 'failures' | null,
    ): Promise<WebhookEndpointRow | undefined> {
      return db
        .updateTable('webhook_endpoints')
        .set(
          reason
            ? { disabled_at: sql<Date>`now()`, disabled_reason: reason }
            : { disabled_at: null, disabled_reason: null, failure_count: 0, failing_since: null },
        )
        .where('website_id', '=', websiteId)
        .where('endpoint_id', '=', endpointId)
        .returningAll()
        .executeTakeFirst();
    },

    async listDeliveries(
      websiteId: string,
      endpointId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('endpoint_id', '=', endpointId)
        .orderBy('seq', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const count = await db
        .selectFrom('webhook_deliveries')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('website_id', '=', websiteId)
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count.n) };
    },

    findDelivery(
      websiteId: string,
      endpointId: string,
      deliveryId: string,
    ): Promise<WebhookDeliveryRow | undefined> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('endpoint_id', '=', endpointId)
        .where('delivery_id', '=', deliveryId)
        .executeTakeFirst();
    },

    /**
     * Takes up to `limit` due deliveries of enabled endpoints and leases them. A delivery
     * waits while an earlier one with its ordering key to the same endpoint is pending
     * (leased or backing off), so an order's events arrive in the order they happened.
     * SKIP LOCKED lets several servers share the outbox; call it in a transaction
     * (`WebhookStore.transaction`) so the picked rows stay locked until leased.
     */
    async claimDue(input: { limit: number; leaseMs: number; now: Date }): Promise<DueDelivery[]> {
      const now = nowOr(input.now);
      const due = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', (join) =>
          join
            .onRef('e.website_id', '=', 'd.website_id')
            .onRef('e.endpoint_id', '=', 'd.endpoint_id'),
        )
        .select(['d.website_id', 'd.delivery_id'])
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', now)]))
        .where('e.disabled_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('d.ordering_key', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('webhook_deliveries as p')
                  .select('p.seq')
                  .whereRef('p.website_id', '=', 'd.website_id')
                  .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
                  .whereRef('p.ordering_key', '=', 'd.ordering_key')
                  .where('p.status', '=', 'pending')
                  .whereRef('p.seq', '<', 'd.seq'),
              ),
            ),
          ]),
        )
        .orderBy('d.seq')
        .limit(input.limit)
        .forUpdate('d')
        .skipLocked()
        .execute();
      const claimed: DueDelivery[] = [];
      for (const row of due) {
        const leased = await db
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            lease_until: sql<Date>`${now} + make_interval(secs => ${input.leaseMs / 1000})`,
            attempts: eb('attempts', '+', 1),
            last_attempt_at: now,
          }))
          .where('website_id', '=', row.website_id)
          .where('delivery_id', '=', row.delivery_id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const endpoint = await db
          .selectFrom('webhook_endpoints')
          .select([
            'url',
            'secret',
            sql<string | null>`case when previous_secret_expires_at > ${now}
              then previous_secret end`.as('previous_secret'),
          ])
          .where('website_id', '=', leased.website_id)
          .where('endpoint_id', '=', leased.endpoint_id)
          .executeTakeFirstOrThrow();
        claimed.push({ ...leased, ...endpoint });
      }
      return claimed;
    },

    /** A 2xx answer: the delivery is done and the endpoint's failure run ends. */
    async markDelivered(input: {
      websiteId: string;
      deliveryId: string;
      endpointId: string;
      statusCode: number;
      now: Date;
    }): Promise<void> {
      const now = nowOr(input.now);
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: 'delivered',
          delivered_at: now,
          lease_until: null,
          last_status_code: input.statusCode,
          last_error: null,
        })
        .where('website_id', '=', input.websiteId)
        .where('delivery_id', '=', input.deliveryId)
        .execute();
      await db
        .updateTable('webhook_endpoints')
        .set({ failure_count: 0, failing_since: null, last_success_at: now })
        .where('website_id', '=', input.websiteId)
        .where('endpoint_id', '=', input.endpointId)
        .execute();
    },

    /**
     * A failed attempt: the delivery waits until `retryAt`, and the endpoint's run of
     * failures grows. Answers the endpoint as it now is, for the disable rule.
     */
    async markFailed(input: {
      websiteId: string;
      deliveryId: string;
      endpointId: string;
      statusCode: number | null;
      error: string;
      retryAt: Date;
      now: Date;
    }): Promise<WebhookEndpointRow> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          lease_until: null,
          next_attempt_at: input.retryAt,
          last_status_code: input.statusCode,
          last_error: input.error.slice(0, 500),
        })
        .where('website_id', '=', input.websiteId)
        .where('delivery_id', '=', input.deliveryId)
        .execute();
      return db
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          failure_count: eb('failure_count', '+', 1),
          failing_since: sql<Date>`coalesce(failing_since, ${nowOr(input.now)})`,
        }))
        .where('website_id', '=', input.websiteId)
        .where('endpoint_id', '=', input.endpointId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Turns an endpoint off after failures, and tells the owner in the same transaction. */
    async disableForFailures(input: {
      websiteId: string;
      endpointId: string;
      mail: OutgoingMail | null;
    }): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ disabled_at: sql<Date>`now()`, disabled_reason: 'failures' })
        .where('website_id', '=', input.websiteId)
        .where('endpoint_id', '=', input.endpointId)
        .where('disabled_at', 'is', null)
        .execute();
      if (input.mail) await mailQueries(db).enqueue(input.websiteId, [input.mail]);
    },

    /** Forgets delivered deliveries older than `before`; pending ones are always kept. */
    async pruneDelivered(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('webhook_deliveries')
        .where('status', '=', 'delivered')
        .where('delivered_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The website's owner: its first administrator, where failure notices go. */
    async ownerOf(websiteId: string): Promise<{ email: string; title: string } | undefined> {
      return db
        .selectFrom('website_members as m')
        .innerJoin('websites as w', 'w.website_id', 'm.website_id')
        .select(['m.email', 'w.title'])
        .where('m.website_id', '=', websiteId)
        .where('m.role', '=', 1)
        .orderBy('m.created_at')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
