import { z } from 'zod';
import { audioBlockSchema } from './audio.tsx';
import { codeBlockSchema } from './code.tsx';
import { embedBlockSchema } from './embed.tsx';
import { galleryBlockSchema } from './gallery.tsx';
import { productBlockSchema } from './product.tsx';
import { quoteBlockSchema } from './quote.tsx';
import { socialLinksBlockSchema } from './social-links.tsx';
import { lineBlockSchema, spacerBlockSchema } from './spacer.tsx';
import { summaryBlockSchema } from './summary.tsx';
import { textBlockSchema } from './text-block.tsx';
import { videoBlockSchema } from './video.tsx';

// What a page is made of. Each block carries a version so stored pages can be migrated
// when a block's props change. The server validates stored blocks against these before
// rendering; the editor will write them.
export const headingBlockSchema = z.object({
  type: z.literal('heading'),
  version: z.literal(1),
  text: z.string().min(1).max(300),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});

export const imageBlockSchema = z.object({
  type: z.literal('image'),
  version: z.literal(1),
  mediaId: z.string().uuid(),
  caption: z.string().max(500).optional(),
  /** The first image of a page is usually its largest paint: load it eagerly. */
  isPriority: z.boolean().optional(),
});

export const buttonBlockSchema = z.object({
  type: z.literal('button'),
  version: z.literal(1),
  label: z.string().min(1).max(100),
  href: z.string().min(1).max(2083),
});

export const productsBlockSchema = z.object({
  type: z.literal('products'),
  version: z.literal(1),
  collectionUrlId: z.string().min(1),
  title: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(24),
});

/**
 * Starts a new section of a layout; blocks before the first one are the first section.
 * Layout, not content: it does not count against the 60-block limit.
 */
export const sectionBlockSchema = z.object({
  type: z.literal('section'),
  version: z.literal(1),
});

export const blockSchema = z.discriminatedUnion('type', [
  sectionBlockSchema,
  spacerBlockSchema,
  lineBlockSchema,
  videoBlockSchema,
  audioBlockSchema,
  codeBlockSchema,
  socialLinksBlockSchema,
  galleryBlockSchema,
  productBlockSchema,
  summaryBlockSchema,
  headingBlockSchema,
  textBlockSchema,
  quoteBlockSchema,
  embedBlockSchema,
  imageBlockSchema,
  buttonBlockSchema,
  productsBlockSchema,
]);
export type Block = z.infer<typeof blockSchema>;
export type HeadingBlock = z.infer<typeof headingBlockSchema>;
export type TextBlock = z.infer<typeof textBlockSchema>;
export type { EmbedBlock } from './embed.tsx';
export type { QuoteBlock } from './quote.tsx';
export { textBlockSchema };
export type ImageBlock = z.infer<typeof imageBlockSchema>;
export type ButtonBlock = z.infer<typeof buttonBlockSchema>;
export type ProductsBlock = z.infer<typeof productsBlockSchema>;
