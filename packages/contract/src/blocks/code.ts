import { z } from 'zod';
import { defineBlock } from './define-block.ts';

export const CODE_LANGUAGES = ['plain', 'html', 'css', 'javascript'] as const;

export const codeBlock = defineBlock({
  type: 'code',
  version: 1,
  fields: {
    code: z.string().max(20_000),
    language: z.enum(CODE_LANGUAGES),
  },
});
export const codeBlockSchema = codeBlock.schema;
export type CodeBlock = z.infer<typeof codeBlockSchema>;
