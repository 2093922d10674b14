import {
  type Block,
  type BlockData,
  type BlockType,
  type Image,
  isDarkSection,
  SECTION_DEFAULTS,
  type SectionBlock,
  splitSectionsWithSettings,
} from '@atelier/contract';
import type { ComponentType, ReactNode } from 'react';
import { ProductCard } from '../storefront/shop/ProductCard.tsx';
import { ResponsiveImage } from '../ui/ResponsiveImage.tsx';
import { AudioView } from './audio.tsx';
import { CodeView } from './code.tsx';
import { EmbedView } from './embed.tsx';
import { FormBlockView, NewsletterBlockView } from './form.tsx';
import { GalleryView } from './gallery.tsx';
import { ProductBlockView } from './product.tsx';
import { QuoteView } from './quote.tsx';
import { SocialLinksView } from './social-links.tsx';
import { LineView, SpacerView } from './spacer.tsx';
import { SummaryView } from './summary.tsx';
import { TextBlockView } from './text-block.tsx';
import { VideoView } from './video.tsx';

// Server-safe views shared by the storefront and the editor's canvas. Each block type's
// view is one entry of `blockViews`, keyed by the type names of contract's
// `blockDefinitions`; its type makes a block type without a view a compile error. Nothing
// here may import editor code (boundaries.test.ts).

type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
type BlockViewProps<B extends Block = Block> = {
  block: B;
  data: BlockData;
  useCLDRMoneyFormat: boolean;
};

export const blockViews: { [T in BlockType]: ComponentType<BlockViewProps<BlockOf<T>>> } = {
  // A section marker is drawn by the layout (`SectionFrame` in `LayoutView`), not as a block.
  section: () => null,
  spacer: SpacerView,
  line: LineView,
  video: VideoView,
  audio: AudioView,
  code: CodeView,
  'social-links': SocialLinksView,
  gallery: GalleryView,
  product: ProductBlockView,
  summary: SummaryView,
  heading: HeadingView,
  text: TextBlockView,
  quote: QuoteView,
  embed: EmbedView,
  image: ImageView,
  button: ButtonView,
  products: ProductsView,
  form: FormBlockView,
  newsletter: NewsletterBlockView,
};

export function BlockView({ block, data, useCLDRMoneyFormat }: BlockViewProps) {
  // TypeScript cannot tie `block.type` to its entry's props (a union, not a generic);
  // the map's own type guarantees each view takes its type's block.
  const View = blockViews[block.type] as ComponentType<BlockViewProps>;
  return <View block={block} data={data} useCLDRMoneyFormat={useCLDRMoneyFormat} />;
}

function HeadingView({ block }: { block: BlockOf<'heading'> }) {
  const Tag = `h${block.level}` as const;
  return <Tag className="block block--heading">{block.text}</Tag>;
}

/**
 * How wide an image block is drawn: the column, or less for a smaller image (it is never
 * drawn wider than its largest rendition). The page's preload uses the same, so the
 * browser fetches one file for both.
 */
export const imageBlockSizes = (image: Pick<Image, 'width'>): string =>
  `(max-width: 1100px) 100vw, ${Math.min(image.width, 1100)}px`;

function ImageView({ block, data }: { block: BlockOf<'image'>; data: BlockData }) {
  const stored = data.media[block.mediaId];
  if (!stored) return null;
  // The block's own description wins over the file's; a decorative image has none.
  const image = { ...stored, altText: block.altText ?? stored.altText };
  return (
    // As wide as the image's largest rendition at most, so its caption lines up with it.
    <figure className="block block--image" style={{ maxWidth: `${image.width}px` }}>
      <ResponsiveImage
        image={image}
        sizes={imageBlockSizes(image)}
        isPriority={block.isPriority}
        isDecorative={block.isDecorative}
      />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}

function ButtonView({ block }: { block: BlockOf<'button'> }) {
  return (
    <p className="block block--button">
      <a className="button" href={block.href}>
        {block.label}
      </a>
    </p>
  );
}

function ProductsView({ block, data, useCLDRMoneyFormat }: BlockViewProps<BlockOf<'products'>>) {
  const products = (data.collections[block.collectionUrlId] ?? []).slice(0, block.limit);
  if (products.length === 0) return null;
  return (
    <section className="block block--products" aria-label={block.title ?? 'Products'}>
      {block.title ? <h2>{block.title}</h2> : null}
      <div className="product-grid">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} useCLDRMoneyFormat={useCLDRMoneyFormat} />
        ))}
      </div>
    </section>
  );
}

export type SectionFrameProps = {
  /** The section's marker, or null for a first section without one (the defaults). */
  settings: SectionBlock | null;
  data: BlockData;
  children: ReactNode;
};

/** How wide a section's background image is drawn: the window, or the page's column. */
export const sectionImageSizes = (width: SectionBlock['width']): string =>
  width === 'full' ? '100vw' : '(max-width: 1100px) 100vw, 1100px';

/**
 * One section as visitors see it: background, padding and width from its settings. The
 * editor's canvas draws sections with this too, so both look the same.
 */
export function SectionFrame({ settings, data, children }: SectionFrameProps) {
  const { background, padding, width } = settings ?? SECTION_DEFAULTS;
  const image = background.kind === 'image' ? data.media[background.mediaId] : undefined;
  const className = [
    'page-section',
    `page-section--pad-${padding}`,
    `page-section--${width}`,
    background.kind === 'colour' ? `page-section--bg-${background.colour}` : null,
    background.kind === 'image' ? 'page-section--bg-image' : null,
    // Light text on dark colours and on images (their overlay darkens them), for AA contrast.
    isDarkSection(settings) ? 'page-section--dark' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      {background.kind === 'image' && image ? (
        <div
          className={`page-section__media page-section__media--${background.overlay ?? 'medium'}`}
        >
          <ResponsiveImage
            image={image}
            isDecorative
            isBackground
            className="page-section__image"
            sizes={sectionImageSizes(width)}
          />
        </div>
      ) : null}
      <div className="page-section__inner">{children}</div>
    </div>
  );
}

/**
 * A whole layout: each section in its `SectionFrame`. A section with no blocks is left
 * out unless it has a background, which owners use as a band of colour or image.
 */
export function LayoutView({
  blocks,
  data,
  useCLDRMoneyFormat,
}: {
  blocks: readonly Block[];
  data: BlockData;
  useCLDRMoneyFormat: boolean;
}) {
  return splitSectionsWithSettings(blocks)
    .filter(
      (section) =>
        section.blocks.length > 0 || (section.settings?.background.kind ?? 'none') !== 'none',
    )
    .map((section, sectionIndex) => (
      // Sections and blocks are positional here: the stored layout has no ids.
      // biome-ignore lint/suspicious/noArrayIndexKey: static server render, never reordered
      <SectionFrame settings={section.settings} data={data} key={sectionIndex}>
        {section.blocks.map((block, index) => (
          <BlockView
            // biome-ignore lint/suspicious/noArrayIndexKey: static server render, never reordered
            key={index}
            block={block}
            data={data}
            useCLDRMoneyFormat={useCLDRMoneyFormat}
          />
        ))}
      </SectionFrame>
    ));
}
