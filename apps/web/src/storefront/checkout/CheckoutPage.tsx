import type { CheckoutPrefill } from '@atelier/core';
import { Island } from '../../islands/Island.tsx';
import CheckoutForm from './Checkout.island.tsx';

type CheckoutPageProps = {
  hasItems: boolean;
  useCLDRMoneyFormat: boolean;
  locale: string;
  /** The subscription checkout (page type 204): its own cart, named by this token. */
  cartToken?: string;
  /** A signed-in customer's email and default address (issue 23). */
  prefill?: CheckoutPrefill;
};

/** The checkout page (page type 201), and the subscription checkout (204). */
export function CheckoutPage({
  hasItems,
  useCLDRMoneyFormat,
  locale,
  cartToken,
  prefill,
}: CheckoutPageProps) {
  const isSubscription = cartToken !== undefined;
  return (
    <div className="checkout-page">
      <h1>{isSubscription ? 'Subscribe' : 'Checkout'}</h1>
      {hasItems ? (
        <>
          <noscript>
            <p>
              Checkout needs JavaScript to take your payment securely. Please turn it on and reload.
            </p>
          </noscript>
          <Island
            name="Checkout"
            component={CheckoutForm}
            props={{
              useCLDRMoneyFormat,
              locale,
              ...(isSubscription && { cartToken }),
              ...(prefill && { prefill }),
            }}
          />
        </>
      ) : (
        <>
          <p>
            {isSubscription
              ? 'This subscription checkout is finished or no longer available. Start again from the product page.'
              : 'Your cart is empty, so there is nothing to check out yet.'}
          </p>
          <p>
            <a className="button" href="/shop">
              Continue Shopping
            </a>
          </p>
        </>
      )}
    </div>
  );
}
