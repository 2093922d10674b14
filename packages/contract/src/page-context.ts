import type { Block } from './blocks/index.ts';
import type { Image, Product } from './catalog.ts';
import type { FormDefinition } from './forms.ts';
import type { PublicNavigationItem } from './navigation.ts';

/** What every storefront page knows about its website: enough to frame and price it. */
export type SiteView = {
  title: string;
  description: string;
  language: string;
  currency: string;
  useCLDRMoneyFormat: boolean;
  /** Commerce preference: adding to the cart goes straight to checkout. */
  isExpressCheckout: boolean;
  /** The main navigation; folders carry their pages as children. */
  navigation: PublicNavigationItem[];
  /**
   * The owner's cookie banner is on (and visitor analytics with it): the footer offers
   * "Cookie preferences", so a visitor can change their answer later.
   */
  hasCookiePreferences?: boolean;
  /**
   * Header and footer blocks from the editor (/api/site-header-footer) and their data,
   * the logo shown instead of the title (when one is chosen and its file exists) and the
   * owner's copyright line (absent or empty: "© {title}").
   */
  headerFooter?: {
    header: Block[];
    footer: Block[];
    data: BlockData;
    logo?: Image | undefined;
    copyright?: string | undefined;
  };
};

/** Data a page's blocks refer to, loaded by the server before rendering. */
export type BlockData = {
  media: Record<string, Image>;
  collections: Record<string, Product[]>;
  /** Site forms that form and newsletter blocks show; a deleted form is absent. */
  forms?: Record<string, FormDefinition>;
};
