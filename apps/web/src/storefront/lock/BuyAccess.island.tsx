import type { PaywallOffer } from '@atelier/contract';
import { paywallMessages } from '@atelier/core';
import { useState } from 'react';
import { addToCart } from '../cart/cart-client.ts';

export type BuyAccessProps = { offer: Pick<PaywallOffer, 'productId' | 'sku' | 'title'> };

/**
 * The lock screen's buy button: puts the paywall product in the cart and goes straight
 * to checkout, since access is all there is to buy here.
 */
export default function BuyAccess({ offer }: BuyAccessProps) {
  const [isAdding, setIsAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function buy() {
    setError(null);
    setIsAdding(true);
    const result = await addToCart(
      { itemId: offer.productId, sku: offer.sku, quantity: 1, additionalFields: null },
      offer.title,
    );
    if (result.ok) {
      window.location.assign('/checkout');
      return;
    }
    setIsAdding(false);
    setError(result.message);
  }

  return (
    <div className="lock-offer__buy">
      <button
        type="button"
        className="button"
        disabled={isAdding}
        aria-label={`${paywallMessages.buy}: ${offer.title}`}
        onClick={() => void buy()}
      >
        {isAdding ? paywallMessages.adding : paywallMessages.buy}
      </button>
      {error ? (
        <p className="lock-offer__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
