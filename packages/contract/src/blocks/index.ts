import { z } from 'zod';
import { audioBlockSchema } from './audio.ts';
import { codeBlockSchema } from './code.ts';
import { embedBlockSchema } from './embed.ts';
import { galleryBlockSchema } from './gallery.ts';
import { productBlockSchema } from './product.ts';
import { quoteBlockSchema } from './quote.ts';
import { socialLinksBlockSchema } from './social-links.ts';
import { lineBlockSchema, spacerBlockSchema } from './spacer.ts';
import { summaryBlockSchema } from './summary.ts';
import { textBlockSchema } from './text.ts';
import { videoBlockSchema } from './video.ts';

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
export type ImageBlock = z.infer<typeof imageBlockSchema>;
export type ButtonBlock = z.infer<typeof buttonBlockSchema>;
export type ProductsBlock = z.infer<typeof productsBlockSchema>;

// A layout is one flat block list in which a `section` block starts a new section (the
// first section needs no marker). Shared by the storefront, the editor and the server.

/** Blocks that count against the 60-block limit: section breaks are layout, not blocks. */
export const countBlocks = (blocks: readonly Block[]): number =>
  blocks.filter((block) => block.type !== 'section').length;

/** A layout's blocks split at its section breaks. */
export function splitSections(blocks: readonly Block[]): Block[][] {
  const sections: Block[][] = [[]];
  for (const block of blocks) {
    if (block.type === 'section') sections.push([]);
    else sections.at(-1)?.push(block);
  }
  return sections;
}

export * from './audio.ts';
export * from './code.ts';
export * from './embed.ts';
export * from './gallery.ts';
export * from './product.ts';
export * from './quote.ts';
export * from './safe-url.ts';
export * from './social-links.ts';
export * from './spacer.ts';
export * from './summary.ts';
export * from './text.ts';
export * from './video.ts';
