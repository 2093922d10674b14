/**
 * @atelier/core: the product's rules as pure TypeScript (see README.md). Everything the
 * server, the storefront islands and the editor share is exported here; deep imports such
 * as '@atelier/core/money/money' reach single modules.
 */

export * from './analytics/cookies';
export * from './analytics/hyperloglog';
export * from './analytics/performance';
export * from './analytics/sources';
export * from './analytics/visitor-cookie';
export * from './analytics/vital-histogram';
export * from './auth/account-rules';
export * from './auth/permissions';
export * from './auth/sha1';
export * from './auth/sign-in-lock';
export * from './auth/totp';
export * from './cart/add-to-cart-button';
export * from './cart/add-to-cart-validation';
export * from './cart/cart-errors';
export * from './cart/cart-indicator';
export * from './cart/cart-merge';
export * from './cart/cart-totals';
export * from './checkout/checkout-form';
export * from './colour/colour';
export * from './enums/block-types';
export * from './enums/content';
export * from './enums/page-types';
export * from './enums/product-types';
export * from './enums/roles';
export * from './forms/character-counter';
export * from './forms/definitions';
export * from './forms/email';
export * from './forms/field-values';
export * from './forms/fields';
export * from './forms/form-submission';
export * from './forms/form-validation';
export * from './forms/likert';
export * from './forms/line-answers';
export * from './forms/submission-text';
export * from './gallery/gallery-options';
export * from './installments/installments';
export * from './limits/limits';
export * from './messages';
export * from './money/currencies';
export * from './money/format';
export * from './money/money';
export * from './product/billing-schedule';
export * from './product/csv-messages';
export * from './product/product';
export * from './product/product-display';
export * from './product/product-price';
export * from './product/subscription';
export * from './product/weight';
export * from './restock/restock';
export * from './result';
export * from './slug/slug';
export * from './text/comments';
export * from './text/csv';
export * from './text/events';
export * from './text/file-size';
export * from './text/links';
export * from './text/plain-text';
export * from './text/relative-time';
export * from './text/same-site-path';
export * from './text/truncate';
export * from './text/twitter-links';
export * from './ui/lightbox';
