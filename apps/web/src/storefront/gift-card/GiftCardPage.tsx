import type { Product } from '@atelier/contract';
import { Island } from '../../islands/Island.tsx';
import { ResponsiveImage } from '../../ui/ResponsiveImage.tsx';
import GiftCardForm from './GiftCardForm.island.tsx';

type GiftCardPageProps = {
  product: Product;
  initialSku: string | null;
  useCLDRMoneyFormat: boolean;
};

/** The gift card purchase page: where adding a gift card product leads (SPEC §4). */
export function GiftCardPage({ product, initialSku, useCLDRMoneyFormat }: GiftCardPageProps) {
  const image = product.images[0];
  return (
    <article className="product-page" aria-labelledby="gift-card-title">
      <div className="product-gallery">
        {image ? (
          <ResponsiveImage image={image} sizes="(max-width: 760px) 100vw, 560px" isPriority />
        ) : null}
      </div>
      <div className="product-details">
        <h1 id="gift-card-title">{product.title}</h1>
        <div
          className="product-description"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save
          dangerouslySetInnerHTML={{ __html: product.description }}
        />
        <Island
          name="GiftCardForm"
          component={GiftCardForm}
          props={{
            product: {
              id: product.id,
              title: product.title,
              variants: product.variants,
              currency: product.currency,
            },
            initialSku,
            useCLDRMoneyFormat,
          }}
        />
      </div>
    </article>
  );
}
