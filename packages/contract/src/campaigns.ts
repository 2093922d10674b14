import { z } from 'zod';
import { pagedResultShape, pagingQueryShape } from './common.ts';

// Email campaigns (issue 21): an email composed from blocks (text, image, button,
// product), tried with a test send, then sent to the subscribed addresses of one mailing
// list through the mail outbox at a set rate, each address at most once. Routes live
// under /api/campaigns/1.0 (admins and store managers; API keys with the `forms` area).

export const CAMPAIGNS_PREFIX = '/api/campaigns/1.0';

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A recipient as the owner reads it: waiting its turn (queued), handed to the outbox and
 * not yet taken by the mail server (sending), sent, failed, or skipped (unsubscribed
 * before its turn, or the campaign was cancelled).
 */
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

const httpUrl = (what: string) =>
  z
    .string(`${what} is required`)
    .trim()
    .max(2000, `${what} can be at most 2000 characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${what} must be a full http:// or https:// address`);

export const campaignTextBlockSchema = z.object({
  type: z.literal('text'),
  /** Plain text; a blank line starts a new paragraph. */
  text: z.string().max(10_000, 'A text block can be at most 10000 characters'),
});

export const campaignImageBlockSchema = z
  .object({
    type: z.literal('image'),
    /** A file of the media library, or else `url`. */
    mediaId: z.string().uuid('mediaId must be a media library id').nullable().default(null),
    /** An image address on the web (https only: mail clients block the rest). */
    url: z
      .string()
      .trim()
      .max(2000, 'The image address can be at most 2000 characters')
      .refine((value) => value === '' || /^https:\/\/[^\s]+$/i.test(value), {
        message: 'The image address must start with https://',
      })
      .default(''),
    altText: z.string().trim().max(300, 'Alt text can be at most 300 characters').default(''),
    /** Where a click on the image goes, if anywhere. */
    linkUrl: z.union([z.literal(''), httpUrl('The image link')]).default(''),
  })
  .refine((block) => block.mediaId !== null || block.url !== '', {
    message: 'Choose an image from the library or give its https:// address',
    path: ['url'],
  });

export const campaignButtonBlockSchema = z.object({
  type: z.literal('button'),
  label: z
    .string('The button needs a label')
    .trim()
    .min(1, 'The button needs a label')
    .max(80, 'A button label can be at most 80 characters'),
  url: httpUrl('The button link'),
});

export const campaignProductBlockSchema = z.object({
  type: z.literal('product'),
  productId: z.string('Choose a product').uuid('Choose a product'),
});

export const campaignBlockSchema = z
  .discriminatedUnion('type', [
    campaignTextBlockSchema,
    campaignImageBlockSchema,
    campaignButtonBlockSchema,
    campaignProductBlockSchema,
  ])
  .meta({ id: 'CampaignBlock' });
export type CampaignBlock = z.infer<typeof campaignBlockSchema>;
export type CampaignBlockInput = z.input<typeof campaignBlockSchema>;
export type CampaignBlockType = CampaignBlock['type'];
export const CAMPAIGN_BLOCK_TYPES = ['text', 'image', 'button', 'product'] as const;

export const CAMPAIGN_MAX_BLOCKS = 50;
export const CAMPAIGN_RATE_MAX = 10_000;

export const campaignBodySchema = z
  .object({
    name: z
      .string('Name is required')
      .trim()
      .min(1, 'Name is required')
      .max(200, 'Name can be at most 200 characters'),
    subject: z.string().trim().max(200, 'Subject can be at most 200 characters').default(''),
    previewText: z
      .string()
      .trim()
      .max(200, 'Preview text can be at most 200 characters')
      .default(''),
    listId: z.string().uuid('listId must be a mailing list id').nullable().default(null),
    blocks: z
      .array(campaignBlockSchema)
      .max(CAMPAIGN_MAX_BLOCKS, `A campaign can have at most ${CAMPAIGN_MAX_BLOCKS} blocks`)
      .default([]),
    /** Emails handed to the mail server a minute at most. */
    ratePerMinute: z.coerce
      .number('ratePerMinute must be a number')
      .int('ratePerMinute must be a whole number')
      .min(1, 'Send at least 1 email a minute')
      .max(CAMPAIGN_RATE_MAX, `Send at most ${CAMPAIGN_RATE_MAX} emails a minute`)
      .default(60),
  })
  .meta({ id: 'CampaignBody' });
export type CampaignBody = z.input<typeof campaignBodySchema>;

export const campaignCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subject: z.string(),
    previewText: z.string(),
    listId: z.string().nullable(),
    /** The list's name, or null when none is chosen or it was deleted. */
    listName: z.string().nullable(),
    blocks: z.array(campaignBlockSchema),
    status: z.enum(CAMPAIGN_STATUSES),
    ratePerMinute: z.number().int(),
    createdAt: z.number(),
    updatedAt: z.number(),
    startedAt: z.number().nullable(),
    finishedAt: z.number().nullable(),
    /** A sending campaign whose batch kept failing: when it stopped, and the last error. */
    stalled: z.object({ at: z.number(), error: z.string() }).nullable(),
    /** Recipients by status; all zero for a draft. */
    counts: campaignCountsSchema,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ campaigns: z.array(campaignSchema) });
export type CampaignList = z.infer<typeof campaignListSchema>;

export const campaignParamsSchema = z.object({
  campaignId: z.string().uuid('campaignId must be a campaign id'),
});

/** The lists a campaign can go to, with how many addresses would receive it now. */
export const campaignAudienceListSchema = z.object({
  lists: z.array(z.object({ id: z.string(), name: z.string(), subscribed: z.number().int() })),
});
export type CampaignAudienceList = z.infer<typeof campaignAudienceListSchema>;

/** What the email looks like, from a saved campaign or from unsaved edits. */
export const campaignPreviewBodySchema = campaignBodySchema
  .pick({ subject: true, previewText: true, blocks: true })
  .meta({ id: 'CampaignPreviewBody' });
export const campaignPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const campaignTestBodySchema = z.object({
  email: z
    .string('Email is required')
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is invalid')
    .email('Email is invalid'),
});
export const campaignTestResultSchema = z.object({ to: z.string(), messageId: z.string() });

export const RECIPIENT_PAGE_SIZES = [25, 50, 100] as const;
export const campaignRecipientQuerySchema = z.object({
  status: z
    .enum(
      ['all', ...RECIPIENT_STATUSES],
      `status must be one of all, ${RECIPIENT_STATUSES.join(', ')}`,
    )
    .default('all'),
  ...pagingQueryShape(RECIPIENT_PAGE_SIZES),
});
export type CampaignRecipientQuery = z.input<typeof campaignRecipientQuerySchema>;

export const campaignRecipientSchema = z.object({
  subscriberId: z.string(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  sentAt: z.number().nullable(),
  /** Why it failed or was skipped, or the mail server's last refusal while retrying. */
  error: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipientPageSchema = z
  .object({ recipients: z.array(campaignRecipientSchema), ...pagedResultShape })
  .meta({ id: 'CampaignRecipientPage' });
export type CampaignRecipientPage = z.infer<typeof campaignRecipientPageSchema>;

/** What the owner reads when a send cannot start (SPEC-style plain sentences). */
export const campaignMessages = {
  notFound: 'This campaign does not exist.',
  notDraft: 'Only a draft can be changed, deleted or sent; this campaign has already been sent.',
  notSending: 'Only a campaign that is sending can be cancelled.',
  notStalled: 'Only a campaign whose sending stopped can be resumed.',
  noSubject: 'Add a subject before sending.',
  noBlocks: 'Add at least one block before sending.',
  noList: 'Choose a mailing list before sending.',
  listGone: 'The mailing list of this campaign no longer exists. Choose another one.',
  noSubscribers: 'The mailing list has no subscribed addresses, so there is no one to send to.',
  listNotFound: 'No mailing list of this website has this id.',
  productNotFound: 'The product no longer exists. Choose another one.',
  mediaNotFound: 'The image is not in the media library. Choose another one.',
} as const;
