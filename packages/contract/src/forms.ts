import { z } from 'zod';

const FIELD_KINDS = [
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'select',
  'address',
  'date',
  'name',
  'time',
  'phone',
  'checkbox',
  'radio',
  'likert',
  'hidden',
  'section',
] as const;

export const formFieldDefinitionSchema = z
  .object({
    id: z.string().regex(/^[\w-]{1,100}$/, 'Use letters, digits, - and _ in field ids'),
    kind: z.enum(FIELD_KINDS),
    label: z.string().min(1, 'Enter a label').max(500),
    description: z.string().max(2000).optional(),
    isRequired: z.boolean().optional(),
    options: z
      .array(z.string().min(1, 'Fill in or remove the empty option').max(500))
      .max(100)
      .optional(),
    questions: z
      .array(z.string().min(1, 'Fill in or remove the empty question').max(500))
      .max(50)
      .optional(),
    maxLength: z.number().int().min(0).max(100_000).optional(),
    placeholder: z.string().max(200).optional(),
    defaultValue: z.string().max(2000).optional(),
  })
  .meta({ id: 'FormFieldDefinition' });
export type FormFieldDefinitionDto = z.infer<typeof formFieldDefinitionSchema>;

/** SPEC §3 additional-fields form. */
export const formDefinitionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    fields: z.array(formFieldDefinitionSchema),
    submissionMessage: z.string(),
    successRedirect: z.string().nullable(),
    disclaimer: z.string().nullable(),
    captchaSettings: z.object({ isEnabled: z.boolean() }),
    /** The submit button's label (site forms; additional-fields forms use the product's). */
    submitLabel: z.string(),
    /** Shown under the submission message after a successful submit; sanitized on write. */
    postSubmitHtml: z.string().nullable(),
  })
  .meta({ id: 'FormDefinition' });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** A field's answer: text, a list (parts, checkboxes) or a map (likert). */
export const fieldValueSchema = z.union([
  z.string().max(20_000),
  z.array(z.string().max(2000)).max(100),
  z.record(z.string().max(500), z.string().max(20)),
]);
export const formAnswersSchema = z.record(z.string().max(100), fieldValueSchema);
export type FormAnswers = z.infer<typeof formAnswersSchema>;

export const formIdParamsSchema = z.object({
  formId: z.string().uuid('This form has not been configured yet.'),
});

/** POST /api/rest/forms/validate/{formId} (SPEC §7): failure carries field id → message. */
export const formValidationResponseSchema = z.object({ ok: z.literal(true) });

// ---- Site forms (issue 20): the owner's form builder, the visitor's submission, the inbox.

/** A hidden field is filled from the query parameter named as its id, so the id must be one. */
export const HIDDEN_FIELD_ID = /^[A-Za-z_][\w-]{0,99}$/;
export const formBuilderMessages = {
  duplicateId: (id: string) =>
    `Another field already uses the id "${id}". Give each field its own id.`,
  hiddenId:
    'A hidden field is filled from the query parameter of the same name: start its id with a letter and use only letters, digits, - and _.',
  needsOptions: 'Add at least one option.',
  needsQuestions: 'Add at least one question.',
  duplicateOption: (option: string) => `"${option}" is listed twice.`,
} as const;

/**
 * The builder's field list: ids unique within the form (answers are keyed by them), hidden
 * ids usable as query parameters, choices for the kinds that offer them. Issues name the
 * field (`fields.2.id`), so the 400's field map points at the very input to fix.
 */
export const formFieldListSchema = z
  .array(formFieldDefinitionSchema)
  .max(100)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: formBuilderMessages.duplicateId(field.id),
        });
      }
      seen.add(field.id);
      if (field.kind === 'hidden' && !HIDDEN_FIELD_ID.test(field.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: formBuilderMessages.hiddenId,
        });
      }
      if ((field.kind === 'select' || field.kind === 'radio') && !field.options?.length) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'options'],
          message: formBuilderMessages.needsOptions,
        });
      }
      if (field.kind === 'likert' && !field.questions?.length) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'questions'],
          message: formBuilderMessages.needsQuestions,
        });
      }
      for (const list of ['options', 'questions'] as const) {
        const values = field[list] ?? [];
        const twice = values.find((value, i) => values.indexOf(value) !== i);
        if (twice !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [index, list],
            message: formBuilderMessages.duplicateOption(twice),
          });
        }
      }
    });
  });

/** What the owner writes in the form builder (POST/PUT /api/v1/forms…). */
export const formInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the form').max(200),
    fields: formFieldListSchema,
    submitLabel: z.string().trim().min(1, 'Label the submit button').max(100),
    submissionMessage: z.string().max(2000),
    /** Sanitized on write: tags and attributes outside a small allow-list are dropped. */
    postSubmitHtml: z.string().max(20_000).nullable(),
    successRedirect: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => (v.startsWith('/') ? !v.startsWith('//') : /^https?:\/\//i.test(v)), {
        message: 'Use a web address starting with https:// or a page of this site such as /thanks.',
      })
      .nullable(),
    disclaimer: z.string().max(2000).nullable(),
    notificationEmail: z.string().trim().email('Enter a valid email address').max(256).nullable(),
    /** Keep submissions in the inbox only: no notification email. */
    isStorageOnly: z.boolean(),
    captchaSettings: z.object({ isEnabled: z.boolean() }),
  })
  .meta({ id: 'FormInput' });
export type FormInput = z.infer<typeof formInputSchema>;

/** A form as the owner's list and builder read it. */
export const formAdminSchema = formDefinitionSchema
  .extend({
    notificationEmail: z.string().nullable(),
    isStorageOnly: z.boolean(),
    submissionCount: z.number().int().nonnegative(),
    unreadCount: z.number().int().nonnegative(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FormAdmin' });
export type FormAdmin = z.infer<typeof formAdminSchema>;

/** POST /api/form/FormSubmissionKey (SPEC §7): empty body → a single-use key. */
export const formSubmissionKeyResponseSchema = z.object({ key: z.string() });
export type FormSubmissionKeyResponse = z.infer<typeof formSubmissionKeyResponseSchema>;

/** POST /api/form/SaveFormSubmission (SPEC §3 Form submission, §7). */
export const saveFormSubmissionBodySchema = z
  .object({
    /** Not in SPEC's list, which leaves the form implicit; the server needs to know it. */
    formId: z.string().uuid('This form has not been configured yet.'),
    form: formAnswersSchema,
    key: z.string().min(1).max(200),
    captchaKey: z.string().max(10_000).optional(),
    pageTitle: z.string().max(500).optional(),
    pageId: z.string().max(100).optional(),
    contentSource: z.enum(['i', 'c']).optional(),
    pagePath: z.string().max(2048).optional(),
    pagePermissionTypeValue: z.number().int().optional(),
    /** Which block sent it, so the captcha is checked for that action; a form block by default. */
    captchaScope: z.enum(['FORM_BLOCK_SUBMISSION', 'NEWSLETTER_BLOCK_SUBMISSION']).optional(),
    /**
     * A newsletter block's mailing list (issue 21): the form's email answer joins it as
     * pending and gets a confirmation link. An unknown or deleted list joins nothing.
     */
    mailingListId: z.string().uuid('mailingListId must be a mailing list id').optional(),
  })
  .strict()
  .meta({ id: 'SaveFormSubmission' });
export type SaveFormSubmissionBody = z.infer<typeof saveFormSubmissionBodySchema>;
export const saveFormSubmissionResponseSchema = z.object({ ok: z.literal(true) });

/** One stored submission, as the owner's inbox shows it. */
export const formSubmissionSchema = z
  .object({
    id: z.string(),
    formId: z.string(),
    values: formAnswersSchema,
    pageTitle: z.string().nullable(),
    pagePath: z.string().nullable(),
    isRead: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'FormSubmission' });
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

/** The per-action scopes a captcha challenge is issued for (SPEC §9). */
export const CAPTCHA_SCOPES = [
  'FORM_BLOCK_SUBMISSION',
  'NEWSLETTER_BLOCK_SUBMISSION',
  'PRODUCT_WAITLIST_SUBMISSION',
  'PROMO_POPUP_SUBMISSION',
] as const;
export const captchaScopeSchema = z.enum(CAPTCHA_SCOPES);
export type CaptchaScope = z.infer<typeof captchaScopeSchema>;

/** GET /api/template/GetTemplateSchema (SPEC §7): a block type's data, as JSON Schema. */
export const templateSchemaQuerySchema = z.object({
  type: z.string().min(1, 'Name a block type').max(100),
});
export const templateSchemaResponseSchema = z
  .object({
    type: z.string(),
    version: z.number().int(),
    /** JSON Schema (draft 2020-12) of the block's current data. */
    schema: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'TemplateSchema' });
export type TemplateSchemaResponse = z.infer<typeof templateSchemaResponseSchema>;
/** The owner's forms list (GET …/forms/1.1/websites/:websiteId/forms). */
export const formAdminListSchema = z
  .object({ forms: z.array(formAdminSchema) })
  .meta({ id: 'FormAdminList' });
export type FormAdminList = z.infer<typeof formAdminListSchema>;

export const formAdminParamsSchema = z.object({
  websiteId: z.string().min(1).max(100),
  formId: z.string().uuid('formId must be a form id'),
});
