import type { FormDefinition, Product, Variant } from '@atelier/contract';
import {
  addButtonClassNames,
  addButtonText,
  addFailureTitle,
  afterAddDestination,
  DEFAULT_SCARCITY_THRESHOLD,
  findVariant,
  hasUnlimitedStockByType,
  hasVariantSelectors,
  type InstallmentOffer,
  isSoldOut,
  ProductType,
  productLevelPrice,
  QUANTITY_INPUT,
  scarcityMessage,
  shouldShowQuantityInput,
  soldOutText,
  validateAddToCart,
  variantOptionNames,
} from '@atelier/core';
import { useEffect, useState } from 'react';
import { useIslandId } from '../../islands/island-id.ts';
import { Price } from '../../ui/Price.tsx';
import { addToCart, startSubscriptionCheckout } from '../cart/cart-client.ts';
import { useAddToCartButton } from '../cart/use-add-to-cart-button.ts';
import { FieldsLightbox } from '../forms/FieldsLightbox.tsx';
import { InstallmentPill } from '../installments/InstallmentPill.tsx';
import { isVariantAvailable, toCoreProduct, toCoreVariant } from './product-view.ts';
import { RestockForm } from './RestockForm.tsx';

export type ProductFormProps = {
  product: Pick<
    Product,
    | 'id'
    | 'title'
    | 'productType'
    | 'variants'
    | 'variantOptionOrdering'
    | 'isSubscribable'
    | 'isOnSale'
    | 'priceCents'
    | 'salePriceCents'
    | 'currency'
    | 'useCustomAddButtonText'
    | 'customAddButtonText'
    | 'customSoldOutText'
    | 'additionalFieldsFormId'
    | 'scarcity'
    | 'restock'
  >;
  /** The product's additional-fields form, filled in a lightbox before adding. */
  additionalFieldsForm: FormDefinition | null;
  /** Gift cards are bought on the gift card page (SPEC §4): where the button leads. */
  giftCardUrl: string | null;
  useCLDRMoneyFormat: boolean;
  /** Express checkout sites send the shopper to checkout right after adding (SPEC §4). */
  isExpressCheckout: boolean;
  multipleQuantityAllowedForServices: boolean;
  /** The store's installment offer (issue 22); null or absent shows no pill. */
  installments?: InstallmentOffer | null;
  /**
   * The product's badge (summarizeProduct). 'Sale' shows while nothing is chosen or the
   * chosen variant is on sale, not beside a choice at full price.
   */
  badge?: { kind: 'sold-out' | 'sale'; text: string } | null;
  /** By variant id, the image the gallery shows once that variant is chosen. */
  variantImages?: Record<
    string,
    { src: string; srcset: string; alt: string; width: number; height: number }
  >;
};

/**
 * The interactive part of a product page: option selectors, the chosen variant's price
 * and availability, the quantity and the add-to-cart button. Server-rendered with
 * nothing chosen; after hydration every choice updates price and stock state at once.
 */
export default function ProductForm({
  product,
  additionalFieldsForm,
  giftCardUrl,
  useCLDRMoneyFormat,
  isExpressCheckout,
  multipleQuantityAllowedForServices,
  installments = null,
  badge = null,
  variantImages = {},
}: ProductFormProps) {
  const core = toCoreProduct(product as Product);
  const optionNames = variantOptionNames(core);
  const showSelectors = hasVariantSelectors(core);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState(String(QUANTITY_INPUT.defaultValue));
  const [error, setError] = useState<string | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const id = useIslandId('product');

  const coreVariants = product.variants.map(toCoreVariant);
  const allChosen = !showSelectors || optionNames.every((name) => chosen[name]);
  const matched = allChosen ? findVariant(coreVariants, chosen) : null;
  const variant: Variant | undefined = matched
    ? product.variants[coreVariants.indexOf(matched)]
    : showSelectors
      ? undefined
      : product.variants[0];

  const isWhollySoldOut = isSoldOut(core);
  const isChosenSoldOut =
    isWhollySoldOut ||
    (variant !== undefined && isSoldOut({ ...core, variants: [toCoreVariant(variant)] }));
  const display = priceFor(product, variant, showSelectors);
  const isDisplayOnSale =
    display.isOnSale &&
    display.salePriceCents !== undefined &&
    display.salePriceCents < display.priceCents;
  const shownBadge = badge?.kind === 'sale' && variant && !isDisplayOnSale ? null : badge;
  // Gift cards, downloads and access never run out: there is no availability to tell.
  const isStockless = hasUnlimitedStockByType(product.productType);
  const scarcity =
    product.scarcity && variant && !isChosenSoldOut
      ? scarcityMessage({
          isEnabled: true,
          stock: variant.isUnlimited ? Number.MAX_SAFE_INTEGER : variant.qtyInStock,
          threshold: product.scarcity.threshold ?? DEFAULT_SCARCITY_THRESHOLD,
          text: product.scarcity.text,
        })
      : null;
  const showQuantity = shouldShowQuantityInput({
    product: core,
    multipleQuantityAllowedForServices,
  });
  const soldOutLabel = soldOutText(product.customSoldOutText);
  const [button, dispatch] = useAddToCartButton(
    addButtonText({ product: core }),
    isWhollySoldOut ? { type: 'mark-sold-out', soldOutText: soldOutLabel } : undefined,
  );

  // The gallery is the server's HTML, outside this island: a chosen variant with its own
  // image puts that image in the main place (its renditions, so the browser still picks
  // the size), the way a shopper expects a colour choice to change the photo.
  const variantImage = variant ? variantImages[variant.id] : undefined;
  useEffect(() => {
    if (!variantImage) return;
    const main = document.querySelector<HTMLImageElement>('.product-gallery__main');
    if (!main || main.getAttribute('src') === variantImage.src) return;
    main.srcset = variantImage.srcset;
    main.src = variantImage.src;
    main.alt = variantImage.alt;
    main.width = variantImage.width;
    main.height = variantImage.height;
  }, [variantImage]);

  // A sold-out choice turns the button into 'Sold Out'; choosing another restores it.
  useEffect(() => {
    if (isChosenSoldOut) dispatch({ type: 'mark-sold-out', soldOutText: soldOutLabel });
    else dispatch({ type: 'restore' });
  }, [isChosenSoldOut, soldOutLabel, dispatch]);

  function onAdd() {
    setError(null);
    const plan = validateAddToCart({
      product: core,
      chosenOptions: chosen,
      quantity: showQuantity ? quantity : 1,
      hasGiftCardDenomination: variant !== undefined,
    });
    if (!plan.ok) {
      dispatch({ type: 'click' });
      setError(plan.error);
      dispatch({ type: 'failed', message: plan.error });
      return;
    }
    if (giftCardUrl) {
      window.location.assign(
        `${giftCardUrl}?sku=${encodeURIComponent(plan.value.variant.sku ?? '')}`,
      );
      return;
    }
    // A product with a form asks for its answers first; the add happens on submit.
    if (additionalFieldsForm) {
      setFormErrors({});
      setIsFormOpen(true);
      return;
    }
    void add({
      sku: plan.value.variant.sku ?? null,
      quantity: plan.value.quantity,
      additionalFields: null,
    });
  }

  async function add(line: {
    sku: string | null;
    quantity: number;
    additionalFields: string | null;
  }) {
    dispatch({ type: 'click' });
    if (afterAddDestination({ product: core, isExpressCheckout }) === 'subscription-page') {
      const started = await startSubscriptionCheckout({
        itemId: product.id,
        sku: line.sku,
        qty: line.quantity,
        additionalFields: line.additionalFields,
      });
      if (started.ok) {
        window.location.assign(started.checkoutUrl);
        return;
      }
      if (started.fieldErrors && isFormOpen) setFormErrors(started.fieldErrors);
      setError(started.message);
      dispatch({ type: 'failed', message: started.message });
      return;
    }
    const result = await addToCart({ itemId: product.id, ...line }, product.title);
    if (result.ok) {
      setIsFormOpen(false);
      if (afterAddDestination({ product: core, isExpressCheckout }) === 'checkout') {
        window.location.assign('/checkout');
        return;
      }
      dispatch({ type: 'succeeded' });
      return;
    }
    if (result.fieldErrors && isFormOpen) setFormErrors(result.fieldErrors);
    setError(result.message);
    dispatch({ type: 'failed', message: result.message });
  }

  function onFormSubmit(answersJson: string) {
    const quantityValue = Number.parseInt(showQuantity ? quantity : '1', 10) || 1;
    void add({ sku: variant?.sku ?? null, quantity: quantityValue, additionalFields: answersJson });
  }

  return (
    <div className="product-form" data-variant-sku={variant?.sku ?? ''}>
      {shownBadge ? (
        <p className={`badge-inline badge--${shownBadge.kind}`}>{shownBadge.text}</p>
      ) : null}
      <p className="product-details__price" aria-live="polite">
        {display.isFrom ? 'From ' : null}
        <Price {...display} currency={product.currency} useCLDRMoneyFormat={useCLDRMoneyFormat} />
      </p>
      {/* Only goods that ship can be paid in installments (isInstallmentEligibleCart). */}
      {installments && product.productType === ProductType.physical ? (
        <InstallmentPill
          offer={installments}
          priceCents={
            display.isOnSale && display.salePriceCents !== undefined
              ? display.salePriceCents
              : display.priceCents
          }
          currency={product.currency}
          useCLDRMoneyFormat={useCLDRMoneyFormat}
        />
      ) : null}
      {showSelectors
        ? optionNames.map((name) => {
            const values = [
              ...new Set(
                product.variants.flatMap((v) =>
                  v.optionValues.filter((o) => o.optionName === name).map((o) => o.value),
                ),
              ),
            ];
            const selectId = `${id}-${name}`;
            return (
              <div className="field" key={name}>
                <label htmlFor={selectId}>{name}</label>
                <select
                  id={selectId}
                  name={name}
                  value={chosen[name] ?? ''}
                  onChange={(event) => setChosen({ ...chosen, [name]: event.target.value })}
                >
                  <option value="">Select {name}</option>
                  {values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                      {isValueSoldOut(product.variants, chosen, name, value) ? ' (Sold out)' : ''}
                    </option>
                  ))}
                </select>
              </div>
            );
          })
        : null}
      <p
        className={`product-status${isChosenSoldOut ? ' product-status--sold-out' : ''}`}
        role="status"
      >
        {isChosenSoldOut
          ? soldOutLabel
          : isStockless
            ? null
            : variant
              ? 'In stock'
              : 'Choose your options to see availability.'}
      </p>
      {scarcity ? <p className="scarcity">{scarcity}</p> : null}
      {isChosenSoldOut && variant && product.restock ? (
        <RestockForm
          key={variant.id}
          productId={product.id}
          variantId={variant.id}
          settings={product.restock}
        />
      ) : null}
      {showQuantity ? (
        <div className="field">
          <label htmlFor={`${id}-quantity`}>Quantity</label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={QUANTITY_INPUT.min}
            max={QUANTITY_INPUT.max}
            step={QUANTITY_INPUT.step}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
      ) : null}
      <button
        type="button"
        className={['button', 'add-to-cart', ...addButtonClassNames(core)].join(' ')}
        disabled={button.isDisabled}
        aria-disabled={button.isDisabled}
        data-status={button.status}
        onClick={onAdd}
      >
        {button.text}
      </button>
      {additionalFieldsForm ? (
        <FieldsLightbox
          form={additionalFieldsForm}
          isOpen={isFormOpen}
          submitLabel={button.label}
          isSubmitting={button.status === 'adding' || button.status === 'confirming'}
          serverErrors={formErrors}
          onSubmit={onFormSubmit}
          onClose={() => setIsFormOpen(false)}
        />
      ) : null}
      <div role="alert" className="form-error">
        {error ? (
          <>
            <strong>{addFailureTitle(isExpressCheckout ? 'express-checkout' : 'cart')}</strong>{' '}
            <span>{error}</span>
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The price beside the options: the chosen variant's; before a choice among variants of
 * different prices, the lowest as "From" (its regular price struck through when that is a
 * sale), so the page never shows a full price beside a Sale badge.
 */
function priceFor(
  product: ProductFormProps['product'],
  variant: Variant | undefined,
  isChoosing: boolean,
) {
  const ownPrice = productLevelPrice(product);
  if (ownPrice) {
    return {
      priceCents: ownPrice.priceCents,
      salePriceCents: ownPrice.salePriceCents ?? undefined,
      isOnSale: ownPrice.isOnSale,
      isFrom: false,
    };
  }
  const effective = (v: Variant) => (v.isOnSale ? v.salePriceCents : v.priceCents);
  const prices = new Set(product.variants.map(effective));
  const cheapest = [...product.variants].sort((a, b) => effective(a) - effective(b))[0];
  const isFrom = !variant && isChoosing && prices.size > 1;
  const shown = variant ?? (isChoosing ? cheapest : product.variants[0]);
  return {
    priceCents: shown?.priceCents ?? 0,
    salePriceCents: shown?.salePriceCents,
    isOnSale: shown?.isOnSale ?? false,
    isFrom,
  };
}

/** A value is sold out when every variant with it (and the other choices) is sold out. */
function isValueSoldOut(
  variants: Variant[],
  chosen: Record<string, string>,
  name: string,
  value: string,
) {
  const candidates = variants.filter((v) =>
    v.optionValues.every((o) =>
      o.optionName === name
        ? o.value === value
        : !chosen[o.optionName] || chosen[o.optionName] === o.value,
    ),
  );
  return candidates.length > 0 && candidates.every((v) => !isVariantAvailable(v));
}
