import { z } from 'zod';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './orders-admin.ts';

// Outgoing webhooks (issue 21): the event types an endpoint subscribes to, the payload
// of each (the `data` of a Standard Webhooks body `{type, timestamp, data}`), the
// endpoints the /config screen manages and the REST hooks an automation tool subscribes
// with. Every delivery is signed with the endpoint's `whsec_…` secret; docs/ARCHITECTURE.md
// ("Outgoing webhooks") shows the check a receiver makes.

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.fulfilled',
  'inventory.changed',
  'form.submitted',
  'newsletter.subscribed',
  'restock.signed_up',
] as const;
export const webhookEventTypeSchema = z.enum(
  WEBHOOK_EVENT_TYPES,
  `event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** Sent only by "Send test event", to the one endpoint asked; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * The API key area whose read access an event's data needs: a key that subscribes must
 * be allowed to read what the event carries out, besides the `webhooks` area itself.
 */
export const WEBHOOK_EVENT_AREAS = {
  'order.created': 'orders',
  'order.updated': 'orders',
  'order.fulfilled': 'orders',
  'inventory.changed': 'inventory',
  'form.submitted': 'forms',
  'newsletter.subscribed': 'forms',
  'restock.signed_up': 'products',
} as const satisfies Record<WebhookEventType, 'orders' | 'inventory' | 'forms' | 'products'>;

// ---- Payloads -------------------------------------------------------------------------

export const webhookOrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.number().int(),
    createdAt: z.string(),
    email: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
    currency: z.string(),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    giftCardCents: z.number().int(),
    grandTotalCents: z.number().int(),
    refundedCents: z.number().int(),
    testMode: z.boolean(),
    items: z.array(
      z.object({
        lineNumber: z.number().int(),
        productId: z.string(),
        variantId: z.string(),
        sku: z.string(),
        productName: z.string(),
        quantity: z.number().int(),
        unitPriceCents: z.number().int(),
        fulfilledQuantity: z.number().int(),
        refundedQuantity: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'WebhookOrder' });
export type WebhookOrder = z.infer<typeof webhookOrderSchema>;

/** Written by the database trigger of migration 0027; quantities are null when unlimited. */
export const webhookInventorySchema = z
  .object({
    productId: z.string(),
    variantId: z.string(),
    sku: z.string(),
    previousQuantity: z.number().int().nullable(),
    quantity: z.number().int().nullable(),
    isUnlimited: z.boolean(),
  })
  .meta({ id: 'WebhookInventoryChange' });

export const webhookFormSubmissionSchema = z
  .object({
    formId: z.string(),
    submissionId: z.string(),
    submittedAt: z.string(),
    pagePath: z.string().nullable(),
    pageTitle: z.string().nullable(),
    /** Field id → answer, as the visitor sent it (form-inbox's shapes). */
    values: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookFormSubmission' });

/** Defined ahead of the newsletter feature (issue 21), which will emit it. */
export const webhookNewsletterSubscriptionSchema = z
  .object({
    listId: z.string(),
    email: z.string(),
    subscribedAt: z.string(),
  })
  .meta({ id: 'WebhookNewsletterSubscription' });

/** Defined ahead of the restock feature (issue 21), which will emit it. */
export const webhookRestockSignUpSchema = z
  .object({
    productId: z.string(),
    variantId: z.string(),
    email: z.string(),
    signedUpAt: z.string(),
  })
  .meta({ id: 'WebhookRestockSignUp' });

/** The `data` of each event type. */
export const webhookEventDataSchemas = {
  'order.created': webhookOrderSchema,
  'order.updated': webhookOrderSchema,
  'order.fulfilled': webhookOrderSchema,
  'inventory.changed': webhookInventorySchema,
  'form.submitted': webhookFormSubmissionSchema,
  'newsletter.subscribed': webhookNewsletterSubscriptionSchema,
  'restock.signed_up': webhookRestockSignUpSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<
  (typeof webhookEventDataSchemas)[T]
>;

// ---- Endpoints ------------------------------------------------------------------------

/** connected: delivered at least once lately; awaiting: none yet; disconnected: disabled. */
export const WEBHOOK_CONNECTION_STATES = [
  'connected',
  'awaiting-connection',
  'disconnected',
] as const;

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(webhookEventTypeSchema),
    /** 'api': subscribed by an automation tool through the REST hooks API. */
    source: z.enum(['config', 'api']),
    state: z.enum(WEBHOOK_CONNECTION_STATES),
    /** Why it is disconnected: by a person, or after repeated failures. */
    disabledReason: z.enum(['owner', 'failures']).nullable(),
    disabledAt: z.string().nullable(),
    failureCount: z.number().int(),
    lastSuccessAt: z.string().nullable(),
    createdBy: z.string(),
    createdAt: z.string(),
    /** The secret's first characters, to tell endpoints apart; the rest is shown once. */
    secretPrefix: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z
  .object({
    endpoints: z.array(webhookEndpointSchema),
    /** REST hooks subscriptions (automations) that are connected. */
    connectedAutomations: z.number().int(),
  })
  .meta({ id: 'WebhookEndpointList' });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

const targetUrlSchema = z.string().trim().min(1, 'Enter the URL').max(2000);

export const webhookEndpointCreateSchema = z
  .object({
    url: targetUrlSchema,
    events: z
      .array(webhookEventTypeSchema)
      .min(1, 'Choose at least one event')
      .max(WEBHOOK_EVENT_TYPES.length),
  })
  .meta({ id: 'WebhookEndpointCreate' });
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

/** Returned once, at creation: `secret` is what the receiver verifies signatures with. */
export const createdWebhookEndpointSchema = z
  .object({ endpoint: webhookEndpointSchema, secret: z.string() })
  .meta({ id: 'CreatedWebhookEndpoint' });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookEndpointParamsSchema = z.object({
  endpointId: z.string().uuid('endpointId must be an endpoint id'),
});

export const webhookDeliveryParamsSchema = webhookEndpointParamsSchema.extend({
  deliveryId: z.string().uuid('deliveryId must be a delivery id'),
});

// ---- Delivery log ---------------------------------------------------------------------

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    /** The webhook-id header: the same on every attempt and replay. */
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(['pending', 'delivered']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    /** When the next try is due; null once delivered. */
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_PAGE_SIZE = 50;

export const webhookDeliveryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const webhookDeliveryListSchema = z
  .object({
    deliveries: z.array(webhookDeliverySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

// ---- REST hooks (Zapier-style subscribe / unsubscribe) --------------------------------

export const webhookSubscribeSchema = z
  .object({ targetUrl: targetUrlSchema, event: webhookEventTypeSchema })
  .meta({ id: 'WebhookSubscribe' });
export type WebhookSubscribe = z.infer<typeof webhookSubscribeSchema>;

export const webhookSubscriptionSchema = z
  .object({
    id: z.string(),
    targetUrl: z.string(),
    event: webhookEventTypeSchema,
    /** The signing secret; in the subscribe answer only. */
    secret: z.string(),
  })
  .meta({ id: 'WebhookSubscription' });
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

export const webhookSubscriptionParamsSchema = z.object({
  subscriptionId: z.string().uuid('subscriptionId must be a subscription id'),
});
