import type { ShoppingCart } from '@atelier/contract';
import { type CurrencyCode, formatMoney } from '@atelier/core';

type CartPageProps = { cart: ShoppingCart; useCLDRMoneyFormat: boolean };

/** The cart page (page type 200): what the visitor's cart holds, priced now. */
export function CartPage({ cart, useCLDRMoneyFormat }: CartPageProps) {
  const currency = cart.subtotalAmount.currency as CurrencyCode;
  const money = (minorUnits: number) =>
    formatMoney({ minorUnits, currency }, { useCLDRMoneyFormat });
  if (cart.entries.length === 0) {
    return (
      <div className="cart-page">
        <h1>Shopping Cart</h1>
        <p>You have nothing in your shopping cart.</p>
        <p>
          <a className="button" href="/shop">
            Continue Shopping
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="cart-page">
      <h1>Shopping Cart</h1>
      <table className="cart-table">
        <caption className="visually-hidden">Items in your cart</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {cart.entries.map((entry) => {
            const options = Object.entries(entry.chosenVariant.attributes);
            return (
              <tr key={entry.id}>
                <td className="cart-table__item">
                  {entry.imageUrl ? (
                    <img src={entry.imageUrl} alt="" width={64} height={64} />
                  ) : null}
                  <div>
                    <a href={entry.productUrl}>{entry.title}</a>
                    {options.length > 0 ? (
                      <p className="cart-table__options">
                        {options.map(([name, value]) => `${name}: ${value}`).join(', ')}
                      </p>
                    ) : null}
                  </div>
                </td>
                <td>{entry.quantity}</td>
                <td>{money(entry.purchasePriceCents)}</td>
                <td>{money(entry.subTotalCents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="cart-summary">
        <dt>Subtotal</dt>
        <dd>{money(cart.subtotalCents)}</dd>
      </dl>
      <p className="cart-summary__note">Shipping and taxes are calculated at checkout.</p>
      <p>
        <a href="/shop">Continue Shopping</a>
      </p>
    </div>
  );
}
