import { z } from 'zod';

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

export const textBlockV2Schema = z.object({
  type: z.literal('text'),
  version: z.literal(2),
  doc: richTextNodeSchema.refine((doc) => JSON.stringify(doc).length <= 300_000, {
    message: 'This text is too long for one block. Split it into two.',
  }),
  html: z.string().max(RICH_TEXT_HTML_MAX_LENGTH),
});

export const textBlockSchema = z.discriminatedUnion('version', [
  textBlockV1Schema,
  textBlockV2Schema,
]);

export type TextBlockV1 = z.infer<typeof textBlockV1Schema>;
export type TextBlockV2 = z.infer<typeof textBlockV2Schema>;
export type TextBlock = z.infer<typeof textBlockSchema>;

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

/** A version 1 block as version 2, so the rich-text editor can edit it. */
export function upgradeTextBlock(block: TextBlock): TextBlockV2 {
  if (block.version === 2) return block;
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
