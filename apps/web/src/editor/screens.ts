import type { Capability } from '@atelier/core';
import type { ShellNavItem } from './ui/index.ts';

// The /config screens and who opens each (core's permission matrix): the navigation, the
// screen a member lands on, and whether their role opens any screen of the site at all.

export type Screen =
  | 'pages'
  | 'orders'
  | 'subscriptions'
  | 'customers'
  | 'mail'
  | 'products'
  | 'inventory'
  | 'restock'
  | 'tags'
  | 'categories'
  | 'store'
  | 'discounts'
  | 'forms'
  | 'mailing-lists'
  | 'campaigns'
  | 'analytics'
  | 'gift-cards'
  | 'header-footer'
  | 'design'
  | 'files'
  | 'settings'
  | 'webhooks'
  | 'member-areas'
  | 'developer'
  | 'account';

export const SCREEN_TITLES: Record<Screen, string> = {
  pages: 'Pages',
  orders: 'Orders',
  subscriptions: 'Subscriptions',
  customers: 'Customers',
  mail: 'Mail',
  products: 'Products',
  tags: 'Tags',
  categories: 'Categories',
  store: 'Store',
  discounts: 'Discounts',
  forms: 'Forms',
  'mailing-lists': 'Mailing lists',
  campaigns: 'Campaigns',
  analytics: 'Analytics',
  'gift-cards': 'Gift cards',
  inventory: 'Inventory',
  restock: 'Restock requests',
  'header-footer': 'Header & footer',
  design: 'Design',
  files: 'Files',
  settings: 'Settings',
  webhooks: 'Webhooks',
  'member-areas': 'Member areas',
  developer: 'Developer',
  account: 'Your account',
};

/**
 * The navigation, each screen with the capability that opens it (core's permission
 * matrix): a member sees only the screens their role may use, and the server refuses the
 * rest whatever the screens show. Settings opens for any of its cards.
 */
export const NAV: readonly (ShellNavItem<Screen> & {
  isFor: (can: (c: Capability) => boolean) => boolean;
})[] = [
  { key: 'pages', label: 'Pages', icon: 'pages', isFor: (can) => can('pages.read') },
  { key: 'orders', label: 'Orders', icon: 'file', isFor: (can) => can('orders.read') },
  {
    key: 'subscriptions',
    label: 'Subscriptions',
    icon: 'file',
    isFor: (can) => can('orders.read'),
  },
  { key: 'customers', label: 'Customers', icon: 'pages', isFor: (can) => can('orders.read') },
  { key: 'mail', label: 'Mail', icon: 'info', isFor: (can) => can('orders.read') },
  { key: 'products', label: 'Products', icon: 'tag', isFor: (can) => can('products.read') },
  {
    key: 'inventory',
    label: 'Inventory',
    icon: 'layout',
    isFor: (can) => can('inventory.manage') && can('products.read'),
  },
  {
    key: 'restock',
    label: 'Restock requests',
    icon: 'info',
    isFor: (can) => can('inventory.manage'),
  },
  { key: 'tags', label: 'Tags', icon: 'tag', isFor: (can) => can('products.write') },
  { key: 'categories', label: 'Categories', icon: 'layout', isFor: (can) => can('products.write') },
  { key: 'store', label: 'Store', icon: 'settings', isFor: (can) => can('store.manage') },
  { key: 'discounts', label: 'Discounts', icon: 'tag', isFor: (can) => can('discounts.manage') },
  { key: 'gift-cards', label: 'Gift cards', icon: 'tag', isFor: (can) => can('orders.read') },
  {
    key: 'mailing-lists',
    label: 'Mailing lists',
    icon: 'pages',
    isFor: (can) => can('mailing-lists.manage'),
  },
  // The site's look (issue 25): themes, colours, fonts, type and layout.
  { key: 'design', label: 'Design', icon: 'palette', isFor: (can) => can('design.edit') },
  {
    key: 'header-footer',
    label: 'Header & footer',
    icon: 'layout',
    isFor: (can) => can('design.edit'),
  },
  // Forms serve pages and products alike: editors and store managers build them (issue 20).
  { key: 'forms', label: 'Forms', icon: 'pages', isFor: (can) => can('forms.read') },
  {
    key: 'campaigns',
    label: 'Campaigns',
    icon: 'external',
    isFor: (can) => can('campaigns.manage'),
  },
  // The dashboards (issue 24): the reporting role's one screen, where it lands.
  { key: 'analytics', label: 'Analytics', icon: 'chart', isFor: (can) => can('analytics.read') },
  { key: 'files', label: 'Files', icon: 'file', isFor: (can) => can('files.read') },
  {
    key: 'settings',
    label: 'Settings',
    icon: 'settings',
    isFor: (can) =>
      can('settings.manage') ||
      can('members.manage') ||
      can('api-keys.manage') ||
      can('demo-content.remove'),
  },
  // Who may see which live pages is a publishing decision (issue 23).
  {
    key: 'member-areas',
    label: 'Member areas',
    icon: 'lock',
    isFor: (can) => can('pages.publish'),
  },
  { key: 'webhooks', label: 'Webhooks', icon: 'external', isFor: (can) => can('webhooks.manage') },
  { key: 'developer', label: 'Developer', icon: 'code', isFor: (can) => can('templates.edit') },
  // Every member's own sign-in security (two-step verification), whatever their role.
  { key: 'account', label: 'Your account', icon: 'settings', isFor: (can) => can('account.self') },
];

/** The screens a member's capabilities open, in the navigation's order. */
export function screensFor(capabilities: readonly Capability[]): ShellNavItem<Screen>[] {
  const allowed = new Set(capabilities);
  const can = (capability: Capability) => allowed.has(capability);
  return NAV.filter((item) => item.isFor(can)).map(({ isFor: _isFor, ...item }) => item);
}

/**
 * The screen a member lands on: the address's when they may open it, else Pages, else
 * Products (a store manager has no pages), else their first screen of the site (the
 * reporting role's Analytics). "Your
 * account" (every role's own sign-in) is not a screen of the site: a role that opens
 * nothing else lands on no screen, and the editor says what the role is for
 * (NoScreensNotice) rather than opening their password settings as if that were the job.
 */
export function startScreen(
  screens: readonly ShellNavItem<Screen>[],
  wanted: Screen | undefined,
): Screen | null {
  const isOpenable = (key: Screen) => screens.some((item) => item.key === key);
  if (wanted && isOpenable(wanted)) return wanted;
  const home = (['pages', 'products'] as const).find(isOpenable);
  return home ?? screens.find((item) => item.key !== 'account')?.key ?? null;
}
