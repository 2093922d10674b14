import { z } from 'zod';
import { defineBlock } from './define-block.ts';

/**
 * A form's id on a block: empty until the owner picks one of the website's forms, so a
 * new block can be placed and saved before there is a form to choose.
 */
export const blockFormIdSchema = z.union([z.literal(''), z.string().uuid()]);

/** Form block (issue 20): one of the website's site forms, with an optional heading. */
export const formBlock = defineBlock({
  type: 'form',
  version: 1,
  fields: {
    formId: blockFormIdSchema,
    title: z.string().trim().max(200).optional(),
    description: z.string().trim().max(2000).optional(),
  },
});
export const formBlockSchema = formBlock.schema;
export type FormBlock = z.infer<typeof formBlockSchema>;
