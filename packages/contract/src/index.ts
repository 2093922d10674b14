export * from './api-keys.ts';
export * from './cart.ts';
export * from './catalog.ts';
export * from './checkout.ts';
export * from './common.ts';
export * from './forms.ts';
export * from './media.ts';
export * from './preferences.ts';
