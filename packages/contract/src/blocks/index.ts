import { z } from 'zod';
import { audioBlock } from './audio.ts';
import { codeBlock } from './code.ts';
import {
  createBlockReader,
  defineBlock,
  type UnreadableBlock,
  unreadableBlockSchema,
} from './define-block.ts';
import { embedBlock } from './embed.ts';
import { formBlock } from './form.ts';
import { galleryBlock } from './gallery.ts';
import { newsletterBlock } from './newsletter.ts';
import { productBlock } from './product.ts';
import { quoteBlock } from './quote.ts';
import { newSectionBlock, type SectionBlock, sectionBlock } from './section.ts';
import { socialLinksBlock } from './social-links.ts';
import { lineBlock, spacerBlock } from './spacer.ts';
import { summaryBlock } from './summary.ts';
import { textBlock } from './text.ts';
import { videoBlock } from './video.ts';

// What a page is made of: every block type, each defined once with its version and its
// migrations (define-block.ts). Stored blocks are read with `readStoredBlock`, which
// migrates old versions and keeps what it cannot read as an unreadable block; requests
// carry current versions only.

export const headingBlock = defineBlock({
  type: 'heading',
  version: 1,
  fields: {
    text: z.string().min(1).max(300),
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  },
});
export const headingBlockSchema = headingBlock.schema;

export const imageBlock = defineBlock({
  type: 'image',
  version: 1,
  fields: {
    mediaId: z.string().uuid(),
    caption: z.string().max(500).optional(),
    /** The first image of a page is usually its largest paint: load it eagerly. */
    isPriority: z.boolean().optional(),
    /**
     * What the image shows, for screen readers, on this block. Absent: the file's own
     * description from the file manager. Optional, so blocks stored before it still read.
     */
    altText: z.string().max(300).optional(),
    /** Ornament only: rendered with alt="" so screen readers pass over it. */
    isDecorative: z.boolean().optional(),
  },
});
export const imageBlockSchema = imageBlock.schema;

export const buttonBlock = defineBlock({
  type: 'button',
  version: 1,
  fields: {
    label: z.string().min(1).max(100),
    href: z.string().min(1).max(2083),
  },
});
export const buttonBlockSchema = buttonBlock.schema;

export const productsBlock = defineBlock({
  type: 'products',
  version: 1,
  fields: {
    collectionUrlId: z.string().min(1),
    title: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(24),
  },
});
export const productsBlockSchema = productsBlock.schema;

/** Every block type there is. A type is added here and in the web app's two maps. */
export const blockDefinitions = [
  sectionBlock,
  spacerBlock,
  lineBlock,
  videoBlock,
  audioBlock,
  codeBlock,
  socialLinksBlock,
  galleryBlock,
  productBlock,
  summaryBlock,
  headingBlock,
  textBlock,
  quoteBlock,
  embedBlock,
  imageBlock,
  buttonBlock,
  productsBlock,
  formBlock,
  newsletterBlock,
] as const;

type SchemasOf<D extends readonly { schema: unknown }[]> = {
  -readonly [K in keyof D]: D[K]['schema'];
};
const currentSchemas = blockDefinitions.map(
  (definition) => definition.schema,
  // map() forgets the tuple; the mapped type restores it, one schema per definition.
) as unknown as SchemasOf<typeof blockDefinitions>;

/** A block at its type's current version: what requests carry and pages render. */
export const blockSchema = z.discriminatedUnion('type', currentSchemas);
export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block['type'];
export type HeadingBlock = z.infer<typeof headingBlockSchema>;
export type ImageBlock = z.infer<typeof imageBlockSchema>;
export type ButtonBlock = z.infer<typeof buttonBlockSchema>;
export type ProductsBlock = z.infer<typeof productsBlockSchema>;

/**
 * What the editor's API carries: current blocks, and stored blocks it could not read,
 * which a save may keep (unchanged) or leave out, never alter.
 */
export const editorBlockSchema = z.discriminatedUnion('type', [
  unreadableBlockSchema,
  ...currentSchemas,
]);
export type EditorBlock = Block | UnreadableBlock;

/** A stored block at its current version, or unreadable with the reason why. */
export const readStoredBlock: (raw: unknown) => Block | UnreadableBlock =
  createBlockReader(blockDefinitions);

export const isReadable = (block: EditorBlock): block is Block => block.type !== 'unreadable';

// A layout is one flat block list in which a `section` block starts a new section and
// carries its settings. The first section needs no marker: a layout may start with one,
// which then holds the first section's settings; without it the first section has the
// defaults. Shared by the storefront, the editor and the server.

/** Blocks that count against the 60-block limit: section markers are layout, not blocks. */
export const countBlocks = (blocks: readonly EditorBlock[]): number =>
  blocks.filter((block) => block.type !== 'section').length;

/** One section of a layout: its marker (null before the first one) and its blocks. */
export type LayoutSection = { settings: SectionBlock | null; blocks: Block[] };

/**
 * A layout's sections with their settings. A leading marker is the first section's
 * settings, not an empty section before it; an empty layout is one empty section.
 */
export function splitSectionsWithSettings(blocks: readonly Block[]): LayoutSection[] {
  const [first, ...rest] = blocks;
  const sections: LayoutSection[] = [
    first?.type === 'section'
      ? { settings: first, blocks: [] }
      : { settings: null, blocks: first ? [first] : [] },
  ];
  for (const block of rest) {
    if (block.type === 'section') sections.push({ settings: block, blocks: [] });
    else sections.at(-1)?.blocks.push(block);
  }
  return sections;
}

/** A layout's blocks split at its section markers (settings left out). */
export const splitSections = (blocks: readonly Block[]): Block[][] =>
  splitSectionsWithSettings(blocks).map((section) => section.blocks);

/**
 * The flat list to store for sections: every section but the first starts with its
 * marker (the defaults when it has none); the first writes its marker only when it has
 * one, so a layout without settings stores as it always did.
 */
export function joinSections(sections: readonly LayoutSection[]): Block[] {
  return sections.flatMap((section, index) => {
    const marker = section.settings ?? (index === 0 ? null : newSectionBlock());
    return marker ? [marker, ...section.blocks] : section.blocks;
  });
}

/** The file manager images a block shows, which the server loads into `BlockData.media`. */
export function mediaIdsOf(block: Block): string[] {
  switch (block.type) {
    case 'image':
      return [block.mediaId];
    case 'gallery':
      return block.mediaIds;
    case 'section':
      return block.background.kind === 'image' ? [block.background.mediaId] : [];
    default:
      return [];
  }
}

/** The site forms a block shows, which the server loads into `BlockData.forms`. */
export function formIdsOf(block: Block): string[] {
  return (block.type === 'form' || block.type === 'newsletter') && block.formId !== ''
    ? [block.formId]
    : [];
}

/** Images named by section backgrounds: a save must not introduce one that is missing. */
export const sectionImageIdsOf = (blocks: readonly EditorBlock[]): string[] =>
  blocks.flatMap((block) =>
    block.type === 'section' && block.background.kind === 'image' ? [block.background.mediaId] : [],
  );

export * from './audio.ts';
export * from './code.ts';
export * from './define-block.ts';
export * from './embed.ts';
export * from './form.ts';
export * from './gallery.ts';
export * from './newsletter.ts';
export * from './product.ts';
export * from './quote.ts';
export * from './safe-url.ts';
export * from './section.ts';
export * from './social-links.ts';
export * from './spacer.ts';
export * from './summary.ts';
export * from './text.ts';
export * from './video.ts';
