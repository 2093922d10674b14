/** Where the confirmation email links; the storefront renders the status page (211). */
export const orderStatusPath = (orderId: string, token: string) =>
  `/commerce/orders/${orderId}?token=${encodeURIComponent(token)}`;
