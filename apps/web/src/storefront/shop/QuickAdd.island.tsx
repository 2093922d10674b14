import {
  addButtonText,
  alertTitles,
  hasVariantSelectors,
  isSoldOut,
  soldOutText,
} from '@atelier/core';
import { useRef, useState } from 'react';
import { addToCart } from '../cart/cart-client.ts';
import { useAddToCartButton } from '../cart/use-add-to-cart-button.ts';
import ProductForm, { type ProductFormProps } from '../product/ProductForm.island.tsx';
import { toCoreProduct } from '../product/product-view.ts';

export type QuickAddProps = ProductFormProps & { productUrl: string };

/**
 * A product card's add-to-cart and quick view. With options to choose, the list page
 * cannot know which variant is wanted: the button flashes 'Select Option' instead
 * (SPEC §4), and Quick View opens the product form in a modal to choose there.
 */
export default function QuickAdd(props: QuickAddProps) {
  const { product } = props;
  const core = toCoreProduct(product as Parameters<typeof toCoreProduct>[0]);
  const needsChoice = hasVariantSelectors(core);
  const soldOut = isSoldOut(core);
  const [button, dispatch] = useAddToCartButton(
    addButtonText({ product: core }),
    soldOut
      ? { type: 'mark-sold-out', soldOutText: soldOutText(product.customSoldOutText) }
      : undefined,
  );
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  async function onAdd() {
    setError(null);
    if (needsChoice) {
      dispatch({ type: 'option-missing' });
      return;
    }
    // Its form is filled in the quick view, which adds from there.
    if (props.additionalFieldsForm) {
      dialog.current?.showModal();
      return;
    }
    const variant = product.variants[0];
    if (!variant) return;
    dispatch({ type: 'click' });
    const result = await addToCart(
      { itemId: product.id, sku: variant.sku, quantity: 1, additionalFields: null },
      product.title,
    );
    if (result.ok && props.isExpressCheckout) window.location.assign('/checkout');
    else if (result.ok) dispatch({ type: 'succeeded' });
    else {
      setError(result.message);
      dispatch({ type: 'failed', message: result.message });
    }
  }

  return (
    <div className="quick-add">
      <div className="quick-add__buttons">
        <button
          type="button"
          className="button button--small add-to-cart"
          disabled={button.isDisabled}
          data-status={button.status}
          onClick={onAdd}
          aria-label={`${button.text}: ${product.title}`}
        >
          {button.text}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => dialog.current?.showModal()}
          aria-haspopup="dialog"
          aria-label={`Quick View: ${product.title}`}
        >
          Quick View
        </button>
      </div>
      <div role="alert" className="form-error">
        {error ? (
          <>
            <strong>{alertTitles.unableToAddItem}</strong> <span>{error}</span>
          </>
        ) : null}
      </div>
      {/* A native modal dialog traps focus, closes on Escape and returns focus on close. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is the pointer twin of Escape, which the dialog already handles. */}
      <dialog
        ref={dialog}
        className="quick-view"
        aria-label={`Quick view: ${product.title}`}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current?.close();
        }}
      >
        <div className="quick-view__content">
          <button
            type="button"
            className="quick-view__close"
            onClick={() => dialog.current?.close()}
          >
            Close
          </button>
          <h2>{product.title}</h2>
          <ProductForm {...props} />
          <p>
            <a href={props.productUrl}>View full details</a>
          </p>
        </div>
      </dialog>
    </div>
  );
}
