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
    label: z.string().min(1).max(500),
    description: z.string().max(2000).optional(),
    isRequired: z.boolean().optional(),
    options: z.array(z.string().min(1).max(500)).max(100).optional(),
    questions: z.array(z.string().min(1).max(500)).max(50).optional(),
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
