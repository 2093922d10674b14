/**
 * The cart page (page type 200). Carts are held on the server per visitor; until a
 * visitor has added something there is nothing to load, so this renders the empty state.
 */
export function CartPage() {
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
