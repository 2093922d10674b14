import { type Block, type BlockData, splitSections } from '@atelier/contract';
import { ProductCard } from '../storefront/shop/ProductCard.tsx';
import { ResponsiveImage } from '../ui/ResponsiveImage.tsx';
import { AudioView } from './audio.tsx';
import { CodeView } from './code.tsx';
import { EmbedView } from './embed.tsx';
import { GalleryView } from './gallery.tsx';
import { ProductBlockView } from './product.tsx';
import { QuoteView } from './quote.tsx';
import { SocialLinksView } from './social-links.tsx';
import { LineView, SpacerView } from './spacer.tsx';
import { SummaryView } from './summary.tsx';
import { TextBlockView } from './text-block.tsx';
import { VideoView } from './video.tsx';

// Server-safe renderers shared by the storefront and (later) the editor canvas.
type BlockViewProps = { block: Block; data: BlockData; useCLDRMoneyFormat: boolean };

export function BlockView({ block, data, useCLDRMoneyFormat }: BlockViewProps) {
  switch (block.type) {
    case 'section':
      // A section break is drawn by the layout (`LayoutView`), not as a block.
      return null;
    case 'spacer':
      return <SpacerView block={block} />;
    case 'line':
      return <LineView />;
    case 'video':
      return <VideoView block={block} />;
    case 'audio':
      return <AudioView block={block} />;
    case 'code':
      return <CodeView block={block} />;
    case 'social-links':
      return <SocialLinksView block={block} />;
    case 'gallery':
      return <GalleryView block={block} data={data} />;
    case 'product':
      return <ProductBlockView block={block} data={data} useCLDRMoneyFormat={useCLDRMoneyFormat} />;
    case 'summary':
      return <SummaryView block={block} data={data} />;
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return <Tag className="block block--heading">{block.text}</Tag>;
    }
    case 'text':
      return <TextBlockView block={block} />;
    case 'quote':
      return <QuoteView block={block} />;
    case 'embed':
      return <EmbedView block={block} />;
    case 'image': {
      const image = data.media[block.mediaId];
      if (!image) return null;
      return (
        <figure className="block block--image">
          <ResponsiveImage
            image={image}
            sizes="(max-width: 1100px) 100vw, 1100px"
            isPriority={block.isPriority}
          />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    }
    case 'button':
      return (
        <p className="block block--button">
          <a className="button" href={block.href}>
            {block.label}
          </a>
        </p>
      );
    case 'products': {
      const products = (data.collections[block.collectionUrlId] ?? []).slice(0, block.limit);
      if (products.length === 0) return null;
      return (
        <section className="block block--products" aria-label={block.title ?? 'Products'}>
          {block.title ? <h2>{block.title}</h2> : null}
          <div className="product-grid">
            {products.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                useCLDRMoneyFormat={useCLDRMoneyFormat}
              />
            ))}
          </div>
        </section>
      );
    }
  }
}

/** A whole layout: each section a <section> of its blocks, empty sections left out. */
export function LayoutView({
  blocks,
  data,
  useCLDRMoneyFormat,
}: {
  blocks: readonly Block[];
  data: BlockData;
  useCLDRMoneyFormat: boolean;
}) {
  return splitSections(blocks)
    .filter((section) => section.length > 0)
    .map((section, sectionIndex) => (
      // Sections and blocks are positional here: the stored layout has no ids.
      // biome-ignore lint/suspicious/noArrayIndexKey: static server render, never reordered
      <div className="page-section" key={sectionIndex}>
        {section.map((block, index) => (
          <BlockView
            // biome-ignore lint/suspicious/noArrayIndexKey: static server render, never reordered
            key={index}
            block={block}
            data={data}
            useCLDRMoneyFormat={useCLDRMoneyFormat}
          />
        ))}
      </div>
    ));
}
