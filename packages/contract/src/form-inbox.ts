import { z } from 'zod';
import { websiteParamsSchema } from './catalog.ts';
import { formSubmissionSchema } from './forms.ts';
import { ORDER_PAGE_SIZES } from './orders-admin.ts';

// The owner's inbox of a site form (issue 20): the submissions visitors sent, paged,
// searched, marked read or unread, deleted and exported. Submissions are visitors'
// personal data: admins and store managers only, and keys with the `forms` area.

export const FORM_INBOX_PAGE_SIZES = ORDER_PAGE_SIZES;
export const FORM_INBOX_STATUSES = ['all', 'unread', 'read'] as const;
export type FormInboxStatus = (typeof FORM_INBOX_STATUSES)[number];
/** At most this many submissions are marked or deleted in one call. */
export const FORM_INBOX_BATCH_MAX = 500;

export const formInboxParamsSchema = websiteParamsSchema.extend({
  formId: z.string().uuid('formId must be a form id'),
});
export const formSubmissionParamsSchema = formInboxParamsSchema.extend({
  submissionId: z.string().uuid('submissionId must be a submission id'),
});

export const formSubmissionListQuerySchema = z.object({
  /** Part of any answer, of the page's address or of its title, any case. */
  q: z.string().trim().max(200, 'q can be at most 200 characters').optional(),
  status: z
    .enum(FORM_INBOX_STATUSES, `status must be one of ${FORM_INBOX_STATUSES.join(', ')}`)
    .default('all'),
  page: z.coerce
    .number('page must be a whole number from 1')
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page can be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number(`pageSize must be one of ${FORM_INBOX_PAGE_SIZES.join(', ')}`)
    .refine(
      (size) => (FORM_INBOX_PAGE_SIZES as readonly number[]).includes(size),
      `pageSize must be one of ${FORM_INBOX_PAGE_SIZES.join(', ')}`,
    )
    .default(25),
});
export type FormSubmissionListQuery = z.infer<typeof formSubmissionListQuerySchema>;

/** A field as the inbox labels answers with it: in the form's order, sections left out. */
export const formInboxFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.string(),
});
export type FormInboxField = z.infer<typeof formInboxFieldSchema>;

export const formInboxFormSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    fields: z.array(formInboxFieldSchema),
  })
  .meta({ id: 'FormInboxForm' });
export type FormInboxForm = z.infer<typeof formInboxFormSchema>;

export const formSubmissionListSchema = z
  .object({
    form: formInboxFormSchema,
    submissions: z.array(formSubmissionSchema),
    /** Submissions matching the search and filter. */
    total: z.number().int().nonnegative(),
    /** Unread submissions of the form, whatever the search. */
    unreadCount: z.number().int().nonnegative(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'FormSubmissionList' });
export type FormSubmissionList = z.infer<typeof formSubmissionListSchema>;

export const formSubmissionResponseSchema = z.object({
  form: formInboxFormSchema,
  submission: formSubmissionSchema,
});
export type FormSubmissionResponse = z.infer<typeof formSubmissionResponseSchema>;

const submissionIdsSchema = z
  .array(z.string().uuid('Each id must be a submission id'))
  .min(1, 'Choose at least one submission')
  .max(FORM_INBOX_BATCH_MAX, `At most ${FORM_INBOX_BATCH_MAX} submissions at a time`);

/** PATCH …/submissions: mark one or many read or unread. */
export const formSubmissionMarkBodySchema = z
  .object({ ids: submissionIdsSchema, isRead: z.boolean() })
  .strict()
  .meta({ id: 'FormSubmissionMark' });
export type FormSubmissionMark = z.infer<typeof formSubmissionMarkBodySchema>;

/** POST …/submissions/delete: delete one or many. */
export const formSubmissionDeleteBodySchema = z
  .object({ ids: submissionIdsSchema })
  .strict()
  .meta({ id: 'FormSubmissionDelete' });
export type FormSubmissionDelete = z.infer<typeof formSubmissionDeleteBodySchema>;

/** How many of the ids named were submissions of this form (others are ignored). */
export const formSubmissionChangeResultSchema = z.object({
  count: z.number().int().nonnegative(),
});
