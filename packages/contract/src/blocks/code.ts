import { z } from 'zod';

export const CODE_LANGUAGES = ['plain', 'html', 'css', 'javascript'] as const;

export const codeBlockSchema = z.object({
  type: z.literal('code'),
  version: z.literal(1),
  code: z.string().max(20_000),
  language: z.enum(CODE_LANGUAGES),
});
export type CodeBlock = z.infer<typeof codeBlockSchema>;
