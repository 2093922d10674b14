import { z } from 'zod';
import { pagedResultShape, pagingQueryShape } from './common.ts';

// Mailing lists and their subscribers (issue 21; SPEC §2, §3, §7): lists the website owns,
// filled by the newsletter block with double opt-in (a confirmation link), by imports and
// by restock sign-ups that tick "join the mailing list"; every email to a subscriber
// carries a one-click unsubscribe link.

export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed', 'bounced'] as const;
export const subscriberStatusSchema = z.enum(SUBSCRIBER_STATUSES);
export type SubscriberStatus = z.infer<typeof subscriberStatusSchema>;

export const SUBSCRIBER_SOURCES = ['newsletter', 'import', 'restock', 'member', 'account'] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

/** SPEC §8's words in the editor: a newsletter block with no list, a site with none. */
export const newsletterEditorMessages = {
  listRequired: 'A List must be selected',
  noLists: "You don't have any mailing lists. Please create one before continuing",
} as const;

export const mailingListIdSchema = z.string().uuid('listId must be a mailing list id');

export const mailingListSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    createdAt: z.number(),
    /** How many addresses the list holds in each status. */
    counts: z.object({
      pending: z.number().int(),
      subscribed: z.number().int(),
      unsubscribed: z.number().int(),
      bounced: z.number().int(),
    }),
  })
  .meta({ id: 'MailingList' });
export type MailingList = z.infer<typeof mailingListSchema>;

export const mailingListListSchema = z.object({ lists: z.array(mailingListSchema) });
export type MailingListList = z.infer<typeof mailingListListSchema>;

/** Names only, for the newsletter block's list picker (any content editor). */
export const mailingListChoicesSchema = z.object({
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type MailingListChoices = z.infer<typeof mailingListChoicesSchema>;

export const mailingListBodySchema = z
  .object({
    name: z
      .string('Name is required')
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name can be at most 100 characters'),
    description: z
      .string()
      .trim()
      .max(500, 'Description can be at most 500 characters')
      .default(''),
  })
  .meta({ id: 'MailingListBody' });
export type MailingListBody = z.input<typeof mailingListBodySchema>;

export const mailingListParamsSchema = z.object({ listId: mailingListIdSchema });

export const subscriberSchema = z
  .object({
    id: z.string(),
    listId: z.string(),
    email: z.string(),
    name: z.string(),
    status: subscriberStatusSchema,
    source: z.enum(SUBSCRIBER_SOURCES),
    createdAt: z.number(),
    subscribedAt: z.number().nullable(),
    unsubscribedAt: z.number().nullable(),
  })
  .meta({ id: 'MailingListSubscriber' });
export type Subscriber = z.infer<typeof subscriberSchema>;

export const SUBSCRIBER_PAGE_SIZES = [25, 50, 100] as const;

export const subscriberListQuerySchema = z.object({
  /** Part of the address or name, in any case. */
  q: z.string().trim().max(200, 'q can be at most 200 characters').default(''),
  status: z
    .enum(
      ['all', ...SUBSCRIBER_STATUSES],
      `status must be one of all, ${SUBSCRIBER_STATUSES.join(', ')}`,
    )
    .default('all'),
  ...pagingQueryShape(SUBSCRIBER_PAGE_SIZES),
});
export type SubscriberListQuery = z.input<typeof subscriberListQuerySchema>;

export const subscriberListSchema = z
  .object({
    list: mailingListSchema,
    subscribers: z.array(subscriberSchema),
    ...pagedResultShape,
  })
  .meta({ id: 'MailingListSubscriberPage' });
export type SubscriberList = z.infer<typeof subscriberListSchema>;

export const subscriberParamsSchema = z.object({
  listId: mailingListIdSchema,
  subscriberId: z.string().uuid('subscriberId must be a subscriber id'),
});

/**
 * An owner adds one address they have permission to email (as Mailchimp asks): it is
 * subscribed at once, with no confirmation email. Someone who unsubscribed is not put back.
 */
export const subscriberAddBodySchema = z
  .object({
    email: z.string().trim().max(2000),
    name: z.string().trim().max(200, 'Name can be at most 200 characters').default(''),
  })
  .meta({ id: 'MailingListSubscriberAdd' });

/** The owner's only change to a subscriber: unsubscribing them. */
export const subscriberUpdateBodySchema = z.object({
  status: z.literal('unsubscribed', 'status can only be set to unsubscribed'),
});

/** A CSV of addresses: a header row naming an `email` column (and optionally `name`). */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const subscriberImportBodySchema = z
  .object({
    csv: z
      .string('csv is required')
      .min(1, 'The file is empty')
      .max(SUBSCRIBER_IMPORT_MAX_BYTES, 'The file can be at most 5 MB'),
  })
  .meta({ id: 'MailingListImportBody' });

export const subscriberImportResultSchema = z
  .object({
    /** New addresses, subscribed. */
    added: z.number().int(),
    /** Pending (never confirmed) addresses the import subscribed. */
    confirmed: z.number().int(),
    /** Already subscribed (a name may have been filled in). */
    unchanged: z.number().int(),
    /** Unsubscribed or bounced: left as they are, never put back by an import. */
    skipped: z.number().int(),
    /** Rows that could not be read, by line number (the header is line 1): the first 100. */
    errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
    /** How many rows could not be read in all. */
    errorCount: z.number().int(),
  })
  .meta({ id: 'MailingListImportResult' });
export type SubscriberImportResult = z.infer<typeof subscriberImportResultSchema>;

/** The visitor's side: confirm and unsubscribe links carry an opaque token. */
export const newsletterTokenQuerySchema = z.object({
  t: z
    .string('The link is incomplete')
    .min(16, 'The link is incomplete')
    .max(200, 'The link is incomplete'),
});
