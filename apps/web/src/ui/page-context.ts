import type { Image, Product } from '@atelier/contract';

/** What every storefront page knows about its website: enough to frame and price it. */
export type SiteView = {
  title: string;
  description: string;
  language: string;
  currency: string;
  useCLDRMoneyFormat: boolean;
  /** Commerce preference: adding to the cart goes straight to checkout. */
  isExpressCheckout: boolean;
  navigation: { title: string; href: string }[];
};

/** Data a page's blocks refer to, loaded by the server before rendering. */
export type BlockData = {
  media: Record<string, Image>;
  collections: Record<string, Product[]>;
};
