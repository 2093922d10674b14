// Words a shopper reads at checkout. SPEC gives only the minimum-subtotal sentence
// (core's cartMessages.minimumSubtotal) and the stock sentence (addToCartMessages);
// the rest are plain, specific sentences so a shopper knows what to fix.
export const checkoutMessages = {
  emptyCart: 'Your cart is empty.',
  notFound: 'This checkout was not found. Please start again from your cart.',
  completed: 'This checkout has already been completed.',
  emailMissing: 'Enter your email address.',
  addressMissing: 'Enter a shipping address.',
  shippingOptionMissing: 'Choose a shipping option.',
  shippingOptionUnavailable: 'That shipping option is not available for this order.',
  couponUnknown: 'That coupon code is not valid.',
  couponExpired: 'That coupon code has expired.',
  couponNotStarted: 'That coupon code is not active yet.',
  couponUsedUp: 'That coupon code has reached its usage limit.',
  giftCardUnknown: 'That gift card code is not valid.',
  giftCardEmpty: 'That gift card has no balance left.',
  cardMissing: 'Enter your card details.',
  idempotencyKeyMissing: 'Send an Idempotency-Key header with each order.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order request.',
  orderNotFound: 'Order not found',
} as const;
