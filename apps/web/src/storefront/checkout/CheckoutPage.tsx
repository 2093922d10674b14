import { Island } from '../../islands/Island.tsx';
import CheckoutForm from './Checkout.island.tsx';

type CheckoutPageProps = { hasItems: boolean; useCLDRMoneyFormat: boolean; locale: string };

/** The checkout page (page type 201). */
export function CheckoutPage({ hasItems, useCLDRMoneyFormat, locale }: CheckoutPageProps) {
  return (
    <div className="checkout-page">
      <h1>Checkout</h1>
      {hasItems ? (
        <>
          <noscript>
            <p>
              Checkout needs JavaScript to take your payment securely. Please turn it on and reload.
            </p>
          </noscript>
          <Island name="Checkout" component={CheckoutForm} props={{ useCLDRMoneyFormat, locale }} />
        </>
      ) : (
        <>
          <p>Your cart is empty, so there is nothing to check out yet.</p>
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
