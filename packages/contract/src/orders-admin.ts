import { z } from 'zod';
import {
  orderInstallmentSchema,
  orderLineDetailsSchema,
  shippingAddressSchema,
} from './checkout.ts';
import { currencyCodeSchema, pagedResultShape, pagingQueryShape } from './common.ts';

// The merchant's orders (issue 19): list, detail with its timeline, and the actions —
// fulfil, cancel, refund. Every action takes an `Idempotency-Key` header or an
// `actionId` in the body, so a double click or a retried call happens once.

export const ORDER_STATUSES = ['paid', 'fulfilled', 'cancelled', 'refunded'] as const;
export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled'] as const;
/** partially_paid: paid in installments with some still to come (or failed). */
export const PAYMENT_STATUSES = [
  'paid',
  'partially_paid',
  'partially_refunded',
  'refunded',
] as const;
export const ORDER_PAGE_SIZES = [10, 25, 50, 100] as const;

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates must look like 2026-01-31')
  .refine((d) => !Number.isNaN(Date.parse(d)), 'dates must be real calendar dates');

export const orderAdminListQuerySchema = z.object({
  /** An order number (with or without #), or part of the email or the customer's name. */
  q: z.string().trim().max(200, 'q can be at most 200 characters').optional(),
  status: z.enum(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`).optional(),
  fulfillment: z
    .enum(FULFILLMENT_STATUSES, `fulfillment must be one of ${FULFILLMENT_STATUSES.join(', ')}`)
    .optional(),
  /** Placed on or after this day (UTC). */
  from: dateOnly.optional(),
  /** Placed on or before this day (UTC). */
  to: dateOnly.optional(),
  ...pagingQueryShape(ORDER_PAGE_SIZES),
});
export type OrderAdminListQuery = z.infer<typeof orderAdminListQuerySchema>;

export const orderSummarySchema = z
  .object({
    id: z.string(),
    orderNumber: z.number().int(),
    created: z.number(),
    email: z.string(),
    customerName: z.string().nullable(),
    currency: currencyCodeSchema,
    /** What the customer paid: card plus gift card. */
    totalCents: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
    testMode: z.boolean(),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderAdminListSchema = z
  .object({
    orders: z.array(orderSummarySchema),
    ...pagedResultShape,
  })
  .meta({ id: 'OrderAdminList' });
export type OrderAdminList = z.infer<typeof orderAdminListSchema>;

export const orderAdminParamsSchema = z.object({
  websiteId: z.string().min(1).max(100),
  orderId: z.string().uuid('orderId must be an order id'),
});

export const orderAdminLineSchema = z.object({
  lineNumber: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  productType: z.number().int(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  /** The shopper's answers to the product's additional-field form, as entered. */
  additionalFields: z.string().nullable(),
  ...orderLineDetailsSchema,
  fulfilledQuantity: z.number().int(),
  refundedQuantity: z.number().int(),
  restockedQuantity: z.number().int(),
});

export const orderEventSchema = z.object({
  kind: z.string(),
  message: z.string(),
  /** 'Customer', a member's email, or 'API key <name>'. */
  actor: z.string(),
  created: z.number(),
});

export const orderAdminDetailSchema = z
  .object({
    id: z.string(),
    orderNumber: z.number().int(),
    created: z.number(),
    email: z.string(),
    customerName: z.string().nullable(),
    testMode: z.boolean(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
    currency: currencyCodeSchema,
    shippingAddress: shippingAddressSchema.nullable(),
    shippingOptionName: z.string().nullable(),
    /** The shopper's phone and note from checkout, when the store asked for them. */
    phone: z.string().nullable(),
    note: z.string().nullable(),
    couponCode: z.string().nullable(),
    payment: z
      .object({ provider: z.string(), brand: z.string().nullable(), last4: z.string().nullable() })
      .nullable(),
    /** Gift cards spent on this order: the code's last four characters and the amount. */
    giftCardsUsed: z.array(z.object({ codeEnd: z.string(), amountCents: z.number().int() })),
    items: z.array(orderAdminLineSchema),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    /** The tax is inside the prices, not added to them. */
    isTaxIncluded: z.boolean(),
    giftCardCents: z.number().int(),
    /** Charged to the card. */
    grandTotalCents: z.number().int(),
    refundedCardCents: z.number().int(),
    refundedGiftCardCents: z.number().int(),
    /** What a refund may still return, card and gift card together. */
    refundableCents: z.number().int(),
    /** Pay in 4: the schedule with each installment's reference and tries; else empty. */
    installments: z
      .array(
        orderInstallmentSchema.extend({
          reference: z.string().nullable(),
          attempts: z.number().int(),
          lastError: z.string().nullable(),
        }),
      )
      .optional(),
    /** The subscription this order started (cycle 0) or renewed (cycle 1, 2, …). */
    subscription: z.object({ id: z.string(), cycle: z.number().int() }).nullable(),
    shipments: z.array(
      z.object({
        carrier: z.string().nullable(),
        trackingNumber: z.string().nullable(),
        trackingUrl: z.string().nullable(),
        items: z.array(z.object({ lineNumber: z.number().int(), quantity: z.number().int() })),
        created: z.number(),
      }),
    ),
    events: z.array(orderEventSchema),
  })
  .meta({ id: 'OrderAdminDetail' });
export type OrderAdminDetail = z.infer<typeof orderAdminDetailSchema>;

const actionId = z.string().trim().min(1).max(200).optional();
const lineQuantities = z
  .array(
    z.object({
      lineNumber: z.number('lineNumber must be a line of the order').int().min(1),
      quantity: z.number('quantity must be a whole number from 1').int().min(1),
    }),
  )
  .max(500);
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const fulfillOrderBodySchema = z.object({
  actionId,
  /** Lines and quantities shipped; everything not yet shipped when left out. */
  items: lineQuantities.optional(),
  carrier: optionalText(100, 'carrier'),
  trackingNumber: optionalText(200, 'trackingNumber'),
  trackingUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((u) => u === '' || /^https?:\/\//i.test(u), 'trackingUrl must start with https://')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  notifyCustomer: z.boolean().default(true),
});
export type FulfillOrderBody = z.input<typeof fulfillOrderBodySchema>;

export const cancelOrderBodySchema = z.object({
  actionId,
  /** Put the units back in stock. */
  restock: z.boolean().default(true),
  notifyCustomer: z.boolean().default(true),
  reason: optionalText(500, 'reason'),
});
export type CancelOrderBody = z.input<typeof cancelOrderBodySchema>;

export const refundOrderBodySchema = z
  .object({
    actionId,
    /** Refund these units at the price paid for them. */
    items: lineQuantities.optional(),
    /** Or (or as well, overriding the items' sum) this amount. */
    amountCents: z.number('amountCents must be a whole number').int().min(1).optional(),
    /** Put the refunded units back in stock. */
    restock: z.boolean().default(false),
    notifyCustomer: z.boolean().default(true),
    reason: optionalText(500, 'reason'),
  })
  .refine(
    (b) => (b.items?.length ?? 0) > 0 || b.amountCents !== undefined,
    'Choose items to refund or enter an amount.',
  );
export type RefundOrderBody = z.input<typeof refundOrderBodySchema>;

export const orderAdminResponseSchema = z.object({ order: orderAdminDetailSchema });

export const MAIL_STATUSES = ['sent', 'waiting', 'failed'] as const;
export const mailLogSchema = z
  .object({
    messages: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        to: z.string(),
        subject: z.string(),
        bodyText: z.string(),
        status: z.enum(MAIL_STATUSES),
        created: z.number(),
        sentAt: z.number().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'MailLog' });
export type MailLog = z.infer<typeof mailLogSchema>;
