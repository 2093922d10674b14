import { customerMessages } from '@atelier/core';
import { z } from 'zod';
import { shippingAddressSchema } from './checkout.ts';
import { currencyCodeSchema, pagedResultShape, pagingQueryShape } from './common.ts';
import { ORDER_PAGE_SIZES, orderSummarySchema } from './orders-admin.ts';

// The merchant's customers (issue 19): everyone who placed an order, one per lower-cased
// email, with what they bought and a note the merchant keeps. There are no site-user
// accounts yet; when there are, they join the same list by email.

export const CUSTOMER_SORTS = [
  'lastOrder',
  'firstOrder',
  'name',
  'email',
  'orders',
  'spent',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_NOTE_MAX = 5000;
/** Checkout asks for no marketing consent yet: every customer is not subscribed until it does. */
export const NEWSLETTER_STATUSES = ['subscribed', 'not_subscribed'] as const;

export const customerListQuerySchema = z.object({
  /** Part of the email or of a name the customer ordered under, any case. */
  q: z.string().trim().max(200, 'q can be at most 200 characters').optional(),
  sort: z
    .enum(CUSTOMER_SORTS, `sort must be one of ${CUSTOMER_SORTS.join(', ')}`)
    .default('lastOrder'),
  direction: z.enum(['asc', 'desc'], 'direction must be asc or desc').default('desc'),
  ...pagingQueryShape(ORDER_PAGE_SIZES),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerSummarySchema = z
  .object({
    /** Lower-cased: the customer's identity, and the {email} of their address. */
    email: z.string(),
    /** The name on their latest order. */
    name: z.string().nullable(),
    ordersCount: z.number().int().nonnegative(),
    /** Of those, placed through the test gateway. */
    testOrdersCount: z.number().int().nonnegative(),
    /**
     * What they paid (card plus gift card) less what was refunded, over their orders in the
     * store's currency; test-mode orders count (see docs/ARCHITECTURE.md, Customers).
     */
    lifetimeValueCents: z.number().int(),
    currency: currencyCodeSchema,
    firstOrderAt: z.number(),
    lastOrderAt: z.number(),
    newsletter: z.enum(NEWSLETTER_STATUSES),
    hasNote: z.boolean(),
  })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerListSchema = z
  .object({
    customers: z.array(customerSummarySchema),
    ...pagedResultShape,
  })
  .meta({ id: 'CustomerList' });
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerParamsSchema = z.object({
  websiteId: z.string().min(1).max(100),
  email: z.string().trim().toLowerCase().min(1).max(320),
});

export const customerDetailSchema = customerSummarySchema
  .extend({
    /** The shipping address of their latest order that had one. */
    address: shippingAddressSchema.nullable(),
    note: z.string(),
    noteUpdatedAt: z.number().nullable(),
    noteUpdatedBy: z.string().nullable(),
    /** Orders placed in another currency than the store's now, left out of the value. */
    otherCurrencyOrdersCount: z.number().int().nonnegative(),
    /** Newest first. */
    orders: z.array(orderSummarySchema),
  })
  .meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerResponseSchema = z.object({ customer: customerDetailSchema });

export const customerNoteBodySchema = z.object({
  /** Empty clears the note. */
  note: z
    .string('note must be text')
    .max(CUSTOMER_NOTE_MAX, customerMessages.noteTooLong(CUSTOMER_NOTE_MAX)),
});
export type CustomerNoteBody = z.infer<typeof customerNoteBodySchema>;
