import { ProductCard } from '../storefront/shop/ProductCard.tsx';
import type { BlockData } from '../ui/page-context.ts';
import { ResponsiveImage } from '../ui/ResponsiveImage.tsx';
import type { Block } from './schema.ts';

// Server-safe renderers shared by the storefront and (later) the editor canvas.
type BlockViewProps = { block: Block; data: BlockData; useCLDRMoneyFormat: boolean };

export function BlockView({ block, data, useCLDRMoneyFormat }: BlockViewProps) {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return <Tag className="block block--heading">{block.text}</Tag>;
    }
    case 'text':
      return (
        <div className="block block--text">
          {block.paragraphs.map((paragraph, index) => (
            // Paragraph order is the identity here; the text is not unique.
            // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      );
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
