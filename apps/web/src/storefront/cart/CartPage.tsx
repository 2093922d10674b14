import type { ShoppingCart } from '@atelier/contract';
import type { InstallmentOffer } from '@atelier/core/installments/installments';
import { Island } from '../../islands/Island.tsx';
import CartItems from './CartItems.island.tsx';

type CartPageProps = {
  cart: ShoppingCart;
  useCLDRMoneyFormat: boolean;
  minimumSubtotalCents: number;
  /** The store's pay-in-installments offer (issue 22); null: no pill. */
  installments?: InstallmentOffer | null;
};

/** The cart page (page type 200): what the visitor's cart holds, priced now. */
export function CartPage({
  cart,
  useCLDRMoneyFormat,
  minimumSubtotalCents,
  installments = null,
}: CartPageProps) {
  return (
    <div className="cart-page">
      <h1>Shopping Cart</h1>
      <Island
        name="CartItems"
        component={CartItems}
        props={{ cart, useCLDRMoneyFormat, minimumSubtotalCents, installments }}
      />
    </div>
  );
}
