import { z } from 'zod';

/**
 * Every machine code an API error can carry, with its one HTTP status. Clients switch on
 * `code`, never on the message: the message is what a person reads (the spec's words,
 * from core's messages) and may be reworded or translated; a code never changes meaning.
 *
 * A code is added here before any route returns it, and each route lists the codes it can
 * return (`errorResponses` below), so the OpenAPI document tells an integration exactly
 * which failures to expect. The test app refuses to send a code its route did not list.
 */
export const errorCatalogue = {
  // Any route
  REQUEST_INVALID: {
    status: 400,
    summary: 'A parameter or body field does not match its schema; `errors` names each.',
  },
  REQUEST_MALFORMED: {
    status: 400,
    summary: 'The body is not valid JSON, or the address could not be decoded.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, summary: 'The body is larger than this route accepts.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    summary: 'The body is of a type this route does not read.',
  },
  WEBSITE_NOT_FOUND: { status: 404, summary: 'No website is published at this address.' },
  ROUTE_NOT_FOUND: { status: 404, summary: 'No API operation answers at this address.' },
  RATE_LIMITED: { status: 429, summary: 'Too many requests from this client; wait and retry.' },
  INTERNAL_ERROR: { status: 500, summary: 'The server failed; nothing was changed.' },

  // Who is asking
  SIGN_IN_REQUIRED: {
    status: 401,
    summary: 'Sign in (a session cookie or an API key in the Authorization header) first.',
  },
  ROLE_FORBIDDEN: { status: 403, summary: 'The caller is signed in without the role this needs.' },
  SCOPE_FORBIDDEN: {
    status: 403,
    summary: "The API key's scopes do not cover this area, or only let it read.",
  },
  CSRF_FAILED: {
    status: 403,
    summary: 'The x-csrf-token header does not match the session: reload and retry.',
  },
  SIGN_IN_FAILED: {
    status: 401,
    summary: 'The email and password do not match a member (or, on the storefront, an account).',
  },
  SIGN_IN_LOCKED: {
    status: 429,
    summary: 'Too many failed sign-ins for this email: wait before the next try.',
  },
  OWNER_EXISTS: { status: 409, summary: 'The website already has an owner.' },
  MEMBER_INVALID: { status: 400, summary: 'The email or password is not acceptable.' },
  MEMBER_EXISTS: { status: 409, summary: 'That email already belongs to a member.' },
  MEMBER_NOT_FOUND: { status: 404, summary: 'No member has this id.' },
  LAST_ADMIN: { status: 409, summary: 'A website keeps at least one administrator.' },
  INVITATION_NOT_FOUND: { status: 404, summary: 'No pending invitation has this id.' },
  INVITATION_INVALID: {
    status: 410,
    summary: 'The invitation link expired, was used, or was replaced by a newer one.',
  },
  API_KEY_NOT_FOUND: { status: 404, summary: 'No API key of this website has this id.' },

  // Catalog
  PRODUCT_NOT_FOUND: { status: 404, summary: 'No product of this website has this id or URL.' },
  VARIANT_NOT_FOUND: { status: 404, summary: 'The product has no variant with this id.' },
  COLLECTION_NOT_FOUND: { status: 404, summary: 'No collection of this website has this id.' },
  CATEGORY_NOT_FOUND: {
    status: 404,
    summary: 'The collection has no category of this name, or the website none of this id.',
  },
  COLLECTION_NOT_EMPTY: {
    status: 409,
    summary: 'The collection still holds products: move or delete them first.',
  },
  STOCK_CHANGED: {
    status: 409,
    summary: 'The stock changed since it was read: read it again before setting it.',
  },
  COUPON_NOT_FOUND: { status: 404, summary: 'This website has no coupon with that id.' },
  COUPON_CODE_TAKEN: { status: 409, summary: 'Another coupon of this website has the code.' },
  TAG_NOT_FOUND: { status: 404, summary: 'No product of this website has this tag.' },
  TAG_EXISTS: {
    status: 409,
    summary: 'A tag of that name is already on products: merge the two instead.',
  },
  // Store settings
  SHIPPING_OPTION_NOT_FOUND: {
    status: 404,
    summary: 'No shipping option of this website has this id.',
  },
  SHIPPING_ORDER_INVALID: {
    status: 400,
    summary: 'A reorder must list every shipping option of the website, each once.',
  },
  TAX_RULE_NOT_FOUND: { status: 404, summary: 'No tax rule of this website has this id.' },
  TAX_RULE_EXISTS: {
    status: 409,
    summary: 'The website already has a tax rule for that country and region: edit it.',
  },
  PRODUCT_INVALID: {
    status: 400,
    summary: 'A product field is not acceptable (or refers to something that does not exist).',
  },
  SKU_TAKEN: {
    status: 409,
    summary: 'Another variant of this website already uses the SKU; the message names its product.',
  },
  PRODUCT_CHANGED: {
    status: 409,
    summary:
      'Someone saved the product since `expectedVersion`; nothing changed. `current` is the product as it is now.',
  },
  URL_TAKEN: { status: 409, summary: 'Another page or collection item already uses the URL.' },
  URL_RESERVED: { status: 400, summary: 'The URL is reserved by the store for its own pages.' },
  CATEGORY_INVALID: { status: 400, summary: 'The category name or parent is not acceptable.' },
  CATEGORY_TAKEN: { status: 409, summary: 'The collection already has a category of this name.' },
  CATEGORY_LIMIT: { status: 409, summary: 'The collection holds as many categories as it can.' },
  COLLECTION_FULL: { status: 409, summary: 'The collection holds as many items as it can.' },
  CSV_INVALID: {
    status: 400,
    summary: 'The file is not a CSV the product import reads (no header, an unclosed quote).',
  },
  CSV_ROWS_REFUSED: {
    status: 409,
    summary: 'Rows of the import are refused: fix them, or apply with skipRefused=true.',
  },

  // Pages, header and footer, navigation, files
  PAGE_NOT_FOUND: { status: 404, summary: 'No page of this website has this id or address.' },
  PAGE_URL_INVALID: { status: 400, summary: 'The page URL is not acceptable.' },
  HOME_PAGE_FIXED: {
    status: 400,
    summary: 'The home page always lives at / and cannot be deleted.',
  },
  NOT_A_FOLDER: { status: 400, summary: 'Only a folder has a folder behaviour.' },
  PUBLISH_FIRST: { status: 409, summary: 'The page must be published before this.' },
  SCHEDULE_IN_PAST: { status: 400, summary: 'A scheduled publish time must be in the future.' },
  SCHEDULE_LIVE_PAGE: { status: 409, summary: 'A live page is published, not scheduled.' },
  SOCIAL_IMAGE_MISSING: { status: 400, summary: 'The chosen social image no longer exists.' },
  LOGO_MISSING: { status: 400, summary: 'The chosen logo image no longer exists.' },
  FONT_UNKNOWN: { status: 400, summary: 'A style guide names a font the site does not offer.' },
  SECTION_IMAGE_MISSING: {
    status: 400,
    summary: 'A section background names an image the file manager does not have.',
  },
  TOO_MANY_BLOCKS: { status: 400, summary: 'The layout holds more blocks than allowed.' },
  UNREADABLE_BLOCK_CHANGED: {
    status: 400,
    summary: 'A block the server cannot read may be kept, moved or removed, never changed.',
  },
  LINK_INVALID: { status: 400, summary: 'A link is not a web address, email or phone number.' },
  EDIT_CONFLICT: {
    status: 409,
    summary: 'Someone saved a newer version since `baseRevision`: reload, then retry.',
  },
  NAVIGATION_INVALID: { status: 400, summary: 'The navigation tree is not acceptable.' },
  MEDIA_NOT_FOUND: { status: 404, summary: 'No file of this website has this id.' },
  FILE_NAME_MISSING: { status: 400, summary: 'A file needs a name.' },
  FILE_TOO_LARGE: { status: 413, summary: 'The file is larger than its type allows.' },
  FILE_UNSUPPORTED: { status: 415, summary: 'The file is not of a type the store keeps.' },
  UPLOAD_FAILED: { status: 400, summary: 'The upload is not a readable multipart body.' },
  UPLOAD_INCOMPLETE: { status: 400, summary: 'The upload was cut off before its end.' },
  UPLOAD_TOO_MANY_PARTS: {
    status: 413,
    summary: 'The upload has more files, fields or parts than allowed.',
  },
  SETTINGS_INVALID: { status: 400, summary: 'A setting is not acceptable; `errors` names it.' },

  // Cart, checkout and orders
  QUANTITY_INVALID: { status: 400, summary: 'The quantity is not a whole number in range.' },
  VARIANT_UNAVAILABLE: {
    status: 400,
    summary: 'The variant cannot be bought (hidden, removed or not this product).',
  },
  VARIANT_GONE: { status: 409, summary: 'A variant in the cart was removed from the shop.' },
  GIFT_CARD_AMOUNT_INVALID: { status: 400, summary: 'The gift card amount is not offered.' },
  CART_ITEM_NOT_FOUND: { status: 404, summary: 'The cart has no such item.' },
  OUT_OF_STOCK: {
    status: 409,
    summary: 'Not enough stock; `errors` gives what is left of each variant.',
  },
  FORM_NOT_FOUND: { status: 404, summary: 'The form is not set up.' },

  // Webhooks (issue 21)
  WEBHOOK_NOT_FOUND: { status: 404, summary: 'No webhook endpoint of this website has this id.' },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    status: 404,
    summary: 'The endpoint has no delivery with this id.',
  },
  WEBHOOK_TARGET_REFUSED: {
    status: 400,
    summary:
      'The URL is not an http(s) address that resolves to public addresses only (no loopback or private networks).',
  },
  // Mailing lists (issue 21)
  MAILING_LIST_NOT_FOUND: { status: 404, summary: 'No mailing list of this website has this id.' },
  MAILING_LIST_NAME_TAKEN: { status: 409, summary: 'Another mailing list has this name.' },
  SUBSCRIBER_NOT_FOUND: {
    status: 404,
    summary: 'The mailing list has no subscriber with this id.',
  },
  SUBSCRIBER_EXISTS: {
    status: 409,
    summary:
      'The address is already on the list: subscribed, or it unsubscribed and only its owner can sign up again.',
  },
  SUBSCRIBER_EMAIL_INVALID: { status: 400, summary: 'The address is not an email address.' },
  SUBSCRIBER_IMPORT_INVALID: {
    status: 400,
    summary: 'The CSV could not be read, or has no `email` column in its header row.',
  },
  FORM_KEY_REFUSED: {
    status: 403,
    summary:
      'The form submission key is unknown, expired, already used or fetched by another visitor: fetch a new one.',
  },
  FORM_CAPTCHA_REQUIRED: {
    status: 400,
    summary: 'The form has a captcha and the submission carries no solved one.',
  },
  FORM_CAPTCHA_FAILED: {
    status: 400,
    summary: 'The captcha solution did not verify: solve it again.',
  },
  RESTOCK_EMAIL_INVALID: {
    status: 400,
    summary:
      'The restock sign-up email is blank or not an email; `errors.siteVisitorEmail` says which.',
  },
  RESTOCK_NOT_OFFERED: {
    status: 409,
    summary:
      'The product takes no restock sign-ups, or the variant is in stock and can be bought now.',
  },
  RESTOCK_CAPTCHA_REQUIRED: {
    status: 400,
    summary: 'A restock sign-up carries no solved captcha (scope PRODUCT_WAITLIST_SUBMISSION).',
  },
  RESTOCK_CAPTCHA_FAILED: {
    status: 400,
    summary: 'The restock sign-up captcha did not verify, was used or expired: solve a new one.',
  },
  BLOCK_TYPE_NOT_FOUND: { status: 404, summary: 'No block type has this name.' },
  FORM_INVALID: {
    status: 400,
    summary: 'Form answers are missing or invalid; `errors` names each.',
  },
  CART_EMPTY: { status: 400, summary: 'The cart has nothing to check out.' },
  CHECKOUT_NOT_FOUND: { status: 404, summary: 'No open checkout has this id.' },
  CHECKOUT_COMPLETED: { status: 409, summary: 'The checkout already became an order.' },
  CHECKOUT_INCOMPLETE: {
    status: 400,
    summary: 'Email, shipping address or shipping option is missing.',
  },
  CHECKOUT_BELOW_MINIMUM: {
    status: 400,
    summary: "The order's subtotal is below the store's checkout minimum.",
  },
  SHIPPING_OPTION_UNAVAILABLE: {
    status: 400,
    summary: 'The shipping option does not serve this order.',
  },
  COUPON_INVALID: {
    status: 400,
    summary: 'The coupon is unknown, expired, not yet active or used up.',
  },
  GIFT_CARD_INVALID: {
    status: 400,
    summary: 'The gift card is unknown, voided or has no balance left.',
  },
  CARD_MISSING: { status: 400, summary: 'The order needs card details.' },
  CARD_DECLINED: { status: 400, summary: 'The card was declined; nothing was charged.' },
  INSTALLMENTS_UNAVAILABLE: {
    status: 400,
    summary: 'This order cannot be paid in installments; pay in full.',
  },
  IDEMPOTENCY_KEY_MISSING: {
    status: 400,
    summary: 'Send an Idempotency-Key header (≤ 200 chars, not starting with subscription:).',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    summary: 'The Idempotency-Key was used for a different order request.',
  },
  ORDER_NOT_FOUND: { status: 404, summary: 'No order matches this number and email.' },
  CUSTOMER_NOT_FOUND: {
    status: 404,
    summary: 'No order of this website was placed with this email.',
  },
  DOWNLOAD_NOT_FOUND: { status: 404, summary: 'The download link is not one this order signed.' },
  DOWNLOAD_EXPIRED: {
    status: 410,
    summary: 'The download link expired; the order status page signs a fresh one.',
  },
  DOWNLOAD_LIMIT_REACHED: {
    status: 410,
    summary: 'The purchase has used every download the merchant allows for this file.',
  },
  DOWNLOAD_WITHDRAWN: {
    status: 410,
    summary: 'The order was cancelled or refunded: its files are no longer delivered.',
  },
  // Subscriptions (issue 22)
  NOT_SUBSCRIBABLE: {
    status: 400,
    summary: 'The product is not offered as a subscription (or is, and needs its own checkout).',
  },
  SUBSCRIPTION_NOT_FOUND: {
    status: 404,
    summary: 'No subscription has this id, or the manage link is not its latest.',
  },
  SUBSCRIPTION_STATE_CONFLICT: {
    status: 409,
    summary: 'The subscription has ended, or is not in the state this action needs.',
  },
  SUBSCRIPTION_DATE_INVALID: {
    status: 400,
    summary: 'The next billing date is in the past or more than two years away.',
  },
  MEMBER_AREA_NOT_FOUND: { status: 404, summary: 'No member area of this website has this id.' },
  MEMBER_AREA_INVALID: {
    status: 400,
    summary: 'The member area is not acceptable (a name taken, no product for paid access).',
  },
  PAGE_PASSWORD_INVALID: { status: 400, summary: 'The page password is not acceptable.' },
  PAYWALL_ACCESS_INVALID: {
    status: 403,
    summary: 'The access link is not one a paywall purchase issued.',
  },
  PAYWALL_LOCKED: {
    status: 403,
    summary:
      'A paywall guards this collection: its products are for visitors whose browser opened a purchase’s access link.',
  },
  MEMBERS_ONLY: {
    status: 403,
    summary:
      'A member area guards this collection (it is in a members-only folder): its products are for the customers the area lets in.',
  },
  PAYWALL_ACCESS_WITHDRAWN: {
    status: 410,
    summary:
      'The paywall purchase was cancelled or refunded: its access link no longer opens anything.',
  },
  ORDER_STATE_CONFLICT: {
    status: 409,
    summary:
      'The order is cancelled, refunded or already fulfilled, so this action does not apply.',
  },
  ORDER_ACTION_INVALID: {
    status: 400,
    summary:
      'The items or amount do not fit the order (unknown line, too many units, too much money).',
  },
  // A refusal the merchant acts on (like a declined card), not a server failure.
  REFUND_FAILED: {
    status: 409,
    summary: 'The payment provider refused the refund; nothing was changed.',
  },
  GIFT_CARD_NOT_FOUND: { status: 404, summary: 'No gift card product has this URL.' },

  // Gift cards admin
  ISSUED_GIFT_CARD_NOT_FOUND: {
    status: 404,
    summary: 'This website has no gift card with that id.',
  },
  GIFT_CARD_ISSUE_INVALID: {
    status: 400,
    summary:
      'The amount or recipient of a gift card to issue is not acceptable; `errors` names it.',
  },

  // Campaigns (issue 21)
  CAMPAIGN_NOT_FOUND: { status: 404, summary: 'No campaign of this website has this id.' },
  CAMPAIGN_INVALID: {
    status: 400,
    summary:
      'A block names a product, image or mailing list that does not exist; `errors` says which.',
  },
  CAMPAIGN_NOT_DRAFT: {
    status: 409,
    summary: 'The campaign was already sent (or is sending): only a draft changes.',
  },
  CAMPAIGN_NOT_READY: {
    status: 409,
    summary:
      'The campaign cannot be sent as it is (no subject, no blocks, no list, or no subscribed address), or cannot be cancelled.',
  },

  // Form inbox (issue 20)
  FORM_SUBMISSION_NOT_FOUND: {
    status: 404,
    summary: 'This form has no submission with that id.',
  },

  // Customer accounts (issue 23)
  ACCOUNT_INVALID: {
    status: 400,
    summary: 'The email or password is not acceptable (format, length, or a common password).',
  },
  ACCOUNT_SIGN_IN_REQUIRED: { status: 401, summary: 'Sign in to the customer account first.' },
  ACCOUNT_PASSWORD_WRONG: { status: 403, summary: 'The current password given is not correct.' },
  ACCOUNT_LINK_INVALID: {
    status: 410,
    summary: 'The email link has expired, was already used, or never existed.',
  },
  ACCOUNT_EMAIL_UNVERIFIED: {
    status: 403,
    summary: 'The account must confirm its email before changing its newsletter subscriptions.',
  },
  ACCOUNT_ADDRESS_NOT_FOUND: {
    status: 404,
    summary: 'The signed-in account has no address with this id.',
  },
  ACCOUNT_ADDRESS_LIMIT: {
    status: 409,
    summary: 'The address book is full; delete an address before adding another.',
  },

  // Two-step verification (TOTP) of members and customers (issue 23)
  TWO_FACTOR_FAILED: {
    status: 401,
    summary: 'The one-time code is wrong or was already used (it counts towards the sign-in lock).',
  },
  TWO_FACTOR_EXPIRED: {
    status: 401,
    summary:
      'No current sign-in waits for a code in this browser: sign in with the password again.',
  },
  TWO_FACTOR_STATE: {
    status: 409,
    summary: 'Two-step verification is already on, not on, or its setup was not started.',
  },

  // Templates
  TEMPLATE_INVALID: { status: 400, summary: 'The template does not compile; `errors` says where.' },
} as const satisfies Record<string, { status: number; summary: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export const errorBodySchema = z
  .object({
    /** What a person reads. */
    error: z.string(),
    /** Field path → message, for forms that show errors beside each field. */
    errors: z.record(z.string(), z.string()).optional(),
    /** What a program switches on: one of the catalogue's codes. */
    code: z.enum(errorCodes),
    /** On an edit conflict (PRODUCT_CHANGED), the resource as it is now. */
    current: z.unknown().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Codes any operation may answer with, whatever it does. */
export const everyRouteCodes = [
  'REQUEST_INVALID',
  'REQUEST_MALFORMED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'WEBSITE_NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
] as const satisfies readonly ErrorCode[];

/** Codes of an operation that needs a signed-in member or an API key. */
export const signedInCodes = [
  'SIGN_IN_REQUIRED',
  'ROLE_FORBIDDEN',
  'SCOPE_FORBIDDEN',
] as const satisfies readonly ErrorCode[];

/** Codes of a write that a browser session makes (checked against the CSRF cookie). */
export const sessionWriteCodes = ['CSRF_FAILED'] as const satisfies readonly ErrorCode[];

/** Error schemas by status; 400 is always among them (every route can get a bad request). */
export type ErrorResponses = Record<number, z.ZodType<ErrorBody>> & { 400: z.ZodType<ErrorBody> };

/**
 * The error part of a route's `response` schema: for each status among the codes, an error
 * body whose `code` is one of the codes of that status. Passing a code makes it part of the
 * operation's documented contract.
 */
export function errorResponses(...groups: readonly (readonly ErrorCode[])[]): ErrorResponses {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...everyRouteCodes, ...groups.flat()])) {
    const { status } = errorCatalogue[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, z.ZodType<ErrorBody>> = {};
  for (const [status, codes] of byStatus) {
    const listed = codes.map((code) => `\`${code}\`: ${errorCatalogue[code].summary}`);
    responses[status] = errorBodySchema
      .extend({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) })
      .describe(listed.join('\n\n'));
  }
  // Every route lists REQUEST_INVALID, so 400 is always there.
  return responses as ErrorResponses;
}

/** The codes a route's response schema documents for one status (none when undocumented). */
export function documentedCodes(schema: unknown): readonly ErrorCode[] {
  if (schema instanceof z.ZodUnion) return schema.options.flatMap(documentedCodes);
  if (!(schema instanceof z.ZodObject)) return [];
  const code: unknown = schema.shape.code;
  if (code instanceof z.ZodEnum) return code.options.filter(isErrorCode);
  if (code instanceof z.ZodLiteral) return [...code.values].filter(isErrorCode);
  return [];
}
