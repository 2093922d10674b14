import { z } from 'zod';
import { defineBlock } from './define-block.ts';
import { blockFormIdSchema } from './form.ts';

/**
 * Newsletter block (issue 20): a compact sign-up form — usually one email field — built
 * from one of the website's forms, submitted under the NEWSLETTER_BLOCK_SUBMISSION
 * captcha scope and without the long form's top and bottom problem notices.
 */
export const newsletterBlock = defineBlock({
  type: 'newsletter',
  version: 1,
  fields: {
    formId: blockFormIdSchema,
    title: z.string().trim().max(200),
    description: z.string().trim().max(2000),
    /**
     * The mailing list sign-ups join, with double opt-in (issue 21). Optional for blocks
     * saved before lists existed; the editor asks for one ('A List must be selected').
     */
    listId: blockFormIdSchema.optional(),
    /** Replaces the form's own submit label on this block when set. */
    buttonLabel: z.string().trim().max(100).optional(),
  },
});
export const newsletterBlockSchema = newsletterBlock.schema;
export type NewsletterBlock = z.infer<typeof newsletterBlockSchema>;
