import type { FormDefinition, Product } from '@atelier/contract';
import { Island } from '../../islands/Island.tsx';
import { Price } from '../../ui/Price.tsx';
import { ResponsiveImage } from '../../ui/ResponsiveImage.tsx';
import { giftCardUrlOf, productFormProduct } from '../product/ProductPage.tsx';
import { type ProductSummary, summarizeProduct } from '../product/product-view.ts';
import QuickAdd from './QuickAdd.island.tsx';

type ProductCardProps = {
  product: Product;
  /** The product's additional-fields form, when it has one (quick view asks for it). */
  additionalFieldsForm?: FormDefinition | null;
  useCLDRMoneyFormat: boolean;
  isExpressCheckout?: boolean;
  isPriority?: boolean;
  /** List pages let shoppers add from the card; summaries on other pages just link. */
  hasQuickAdd?: boolean;
};

const CARD_SIZES = '(max-width: 432px) 50vw, (max-width: 900px) 33vw, 280px';

export function ProductCard({
  product,
  additionalFieldsForm = null,
  useCLDRMoneyFormat,
  isExpressCheckout = false,
  isPriority,
  hasQuickAdd,
}: ProductCardProps) {
  const summary: ProductSummary = summarizeProduct(product);
  const image = product.images[0];
  const titleId = `product-${product.id}-title`;
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <a className="product-card__link" href={product.fullUrl}>
        <div className="product-card__media">
          {image ? (
            <ResponsiveImage image={image} sizes={CARD_SIZES} isPriority={isPriority} />
          ) : null}
          {summary.badge ? (
            <span className={`badge badge--${summary.badge.kind}`}>{summary.badge.text}</span>
          ) : null}
        </div>
        <h3 className="product-card__title" id={titleId}>
          {product.title}
        </h3>
      </a>
      <p className="product-card__price">
        {summary.isPriceRange ? <span>From </span> : null}
        <Price
          priceCents={summary.priceCents}
          salePriceCents={summary.salePriceCents}
          isOnSale={summary.isOnSale}
          currency={product.currency}
          useCLDRMoneyFormat={useCLDRMoneyFormat}
        />
      </p>
      {hasQuickAdd ? (
        <Island
          name="QuickAdd"
          component={QuickAdd}
          props={{
            product: productFormProduct(product),
            additionalFieldsForm,
            giftCardUrl: giftCardUrlOf(product),
            productUrl: product.fullUrl,
            useCLDRMoneyFormat,
            isExpressCheckout,
            multipleQuantityAllowedForServices: true,
          }}
        />
      ) : null}
    </article>
  );
}
