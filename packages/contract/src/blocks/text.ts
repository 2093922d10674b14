import { z } from 'zod';
import { defineBlock } from './define-block.ts';

/** Version 1 was plain paragraphs, rendered escaped; stored ones are migrated on read. */
export const textBlockV1Schema = z.object({
  type: z.literal('text'),
  version: z.literal(1),
  paragraphs: z.array(z.string().max(5000)).max(100),
});

/** One ProseMirror node as TipTap writes it to JSON. */
export type RichTextNode = {
  type: string;
  attrs?: Record<string, unknown> | undefined;
  content?: RichTextNode[] | undefined;
  marks?: { type: string; attrs?: Record<string, unknown> | undefined }[] | undefined;
  text?: string | undefined;
};

const richTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z.object({
    type: z.string().min(1).max(40),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(richTextNodeSchema).max(2000).optional(),
    marks: z
      .array(
        z.object({
          type: z.string().min(1).max(40),
          attrs: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .max(20)
      .optional(),
    text: z.string().max(20_000).optional(),
  }),
);

export const RICH_TEXT_HTML_MAX_LENGTH = 100_000;

/**
 * The colours rich text may use: the site palette of styles/site.css plus two more, all
 * readable on the page background. The server keeps a colour only if it is one of these.
 */
export const RICH_TEXT_COLOURS = [
  { name: 'Ink', value: '#1d1b19' },
  { name: 'Muted', value: '#5f5a54' },
  { name: 'Accent', value: '#7a3e1d' },
  { name: 'Red', value: '#a3241a' },
  { name: 'Blue', value: '#1a5fb4' },
  { name: 'Green', value: '#26734d' },
] as const;

export const RICH_TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** A version 1 block as version 2: each paragraph escaped, as version 1 rendered it. */
export function upgradeTextBlock(block: TextBlockV1): {
  type: 'text';
  version: 2;
  doc: RichTextNode;
  html: string;
} {
  const paragraphs = block.paragraphs.length > 0 ? block.paragraphs : [''];
  return {
    type: 'text',
    version: 2,
    doc: {
      type: 'doc',
      content: paragraphs.map((text) =>
        text === ''
          ? { type: 'paragraph' }
          : { type: 'paragraph', content: [{ type: 'text', text }] },
      ),
    },
    html: paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join(''),
  };
}

/**
 * Version 2 is rich text: `doc` is what the editor reloads, `html` what visitors get (the
 * server re-sanitizes it on every save).
 */
export const textBlock = defineBlock({
  type: 'text',
  version: 2,
  fields: {
    doc: richTextNodeSchema.refine((doc) => JSON.stringify(doc).length <= 300_000, {
      message: 'This text is too long for one block. Split it into two.',
    }),
    html: z.string().max(RICH_TEXT_HTML_MAX_LENGTH),
  },
  migrations: {
    1: (data): Record<string, unknown> => upgradeTextBlock(textBlockV1Schema.parse(data)),
  },
});
export const textBlockSchema = textBlock.schema;
export type TextBlockV1 = z.infer<typeof textBlockV1Schema>;
export type TextBlock = z.infer<typeof textBlockSchema>;
