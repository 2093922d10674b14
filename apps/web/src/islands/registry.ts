import type { ComponentType } from 'react';

// Every island the storefront may hydrate, loaded on demand so a page downloads only
// the components it shows.
const loaders = {
  ProductForm: () => import('../storefront/product/ProductForm.island.tsx'),
  CartStatus: () => import('../storefront/cart/CartStatus.island.tsx'),
  QuickAdd: () => import('../storefront/shop/QuickAdd.island.tsx'),
  CartItems: () => import('../storefront/cart/CartItems.island.tsx'),
  Checkout: () => import('../storefront/checkout/Checkout.island.tsx'),
  GiftCardForm: () => import('../storefront/gift-card/GiftCardForm.island.tsx'),
  VideoFacade: () => import('../blocks/VideoFacade.island.tsx'),
  GalleryLightbox: () => import('../blocks/GalleryLightbox.island.tsx'),
  SiteForm: () => import('../storefront/forms/SiteForm.island.tsx'),
  ManageSubscription: () => import('../storefront/subscriptions/ManageSubscription.island.tsx'),
  BuyAccess: () => import('../storefront/lock/BuyAccess.island.tsx'),
  AccountForm: () => import('../storefront/account/AccountForm.island.tsx'),
  TwoFactor: () => import('../storefront/account/TwoFactor.island.tsx'),
  AddressBook: () => import('../storefront/account/AddressBook.island.tsx'),
  NewsletterChoices: () => import('../storefront/account/NewsletterChoices.island.tsx'),
};

export type IslandName = keyof typeof loaders;

/**
 * When an island hydrates: `load` at once; `cart` only for a visitor who may have a cart
 * or as soon as something is added, so a first visit to a page with nothing to buy loads
 * no React at all.
 */
export type HydrateWhen = 'load' | 'cart';

// Props arrive as parsed JSON from the server-rendered markup; each island's own props
// type is checked where the server renders it (Island.tsx), not here.
// biome-ignore lint/suspicious/noExplicitAny: the props of the island being hydrated are only known by name.
type IslandModule = { default: ComponentType<any> };

export const islandLoaders: Record<IslandName, () => Promise<IslandModule>> = loaders;
