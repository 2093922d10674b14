import { z } from 'zod';

// Restock notifications (SPEC §3, §7, issue 21): a shopper signs up for a sold-out variant;
// the merchant reads the sign-ups grouped by variant and sends the back-in-stock email,
// by hand or automatically when stock comes back (inventory settings).

/**
 * POST /api/site-users/account/notifications/restock. The email is checked by core's
 * rules in the service, so the answer carries the spec's messages.
 * `recaptchaEnterpriseV3Token` is the SPEC's name; it carries our proof-of-work captcha's
 * solved payload (ALTCHA, scope PRODUCT_WAITLIST_SUBMISSION).
 */
export const restockSignUpBodySchema = z
  .object({
    productId: z.string().uuid('productId must be a product id'),
    variantId: z.string().uuid('variantId must be a variant id'),
    // Core's rules give the spec's messages (3–256 characters); this only bounds the body.
    siteVisitorEmail: z.string().max(2000),
    isJoinMailingList: z.boolean().default(false),
    recaptchaEnterpriseV3Token: z.string().max(10_000).optional(),
    language: z.string().max(35).optional(),
  })
  .meta({ id: 'RestockSignUpBody' });
export type RestockSignUpBody = z.infer<typeof restockSignUpBodySchema>;

export const restockSignUpResponseSchema = z.object({
  /** What the form shows: the merchant's text or 'Signed up!'. */
  message: z.string(),
});

/** A variant's sign-ups as the merchant's list shows them. */
export const restockSignUpGroupSchema = z
  .object({
    productId: z.string(),
    variantId: z.string(),
    productTitle: z.string(),
    /** The variant's options ("Sand / M"), or its SKU when it has none. */
    variantName: z.string(),
    sku: z.string(),
    /** null: unlimited stock. */
    qtyInStock: z.number().int().nullable(),
    waitingCount: z.number().int(),
    notifiedCount: z.number().int(),
    /** When the newest sign-up came in (ISO). */
    lastSignedUpAt: z.string(),
  })
  .meta({ id: 'RestockSignUpGroup' });
export type RestockSignUpGroup = z.infer<typeof restockSignUpGroupSchema>;

export const restockCursorQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
});

export const restockGroupsResponseSchema = z.object({
  signUpGroups: z.array(restockSignUpGroupSchema),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});
export type RestockGroupsResponse = z.infer<typeof restockGroupsResponseSchema>;

export const restockSignUpListQuerySchema = z.object({
  productId: z.string().uuid('productId must be a product id'),
  variantId: z.string().uuid('variantId must be a variant id'),
  cursor: z.string().max(200).optional(),
});

export const restockSignUpSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    isJoinMailingList: z.boolean(),
    language: z.string().nullable(),
    signedUpAt: z.string(),
    /** null while waiting. */
    notifiedAt: z.string().nullable(),
  })
  .meta({ id: 'RestockSignUp' });
export type RestockSignUp = z.infer<typeof restockSignUpSchema>;

export const restockSignUpsResponseSchema = z.object({
  signUps: z.array(restockSignUpSchema),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});
export type RestockSignUpsResponse = z.infer<typeof restockSignUpsResponseSchema>;

export const restockSendRequestSchema = z.object({
  productId: z.string().uuid('productId must be a product id'),
  variantId: z.string().uuid('variantId must be a variant id'),
});
export type RestockSendRequest = z.infer<typeof restockSendRequestSchema>;

export const restockSendAllBodySchema = z.object({
  sendRequests: z.array(restockSendRequestSchema).min(1).max(500),
});

export const restockSendResponseSchema = z.object({
  /** Emails written to the outbox by this call; sign-ups already notified are not counted. */
  sentCount: z.number().int(),
});
export type RestockSendResponse = z.infer<typeof restockSendResponseSchema>;
