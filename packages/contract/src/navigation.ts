import { z } from 'zod';

// Site navigation as the editor reads and writes it (SPEC §4: GET
// /api/commondata/GetSiteLayout, POST /api/widget/UpdateNavigation). Two navigations
// exist: the main one (the header menu) and '_hidden' (pages reachable by URL only).

export const MAIN_NAVIGATION = 'mainNavigation';
/** SPEC §9: the hidden navigation's name. */
export const HIDDEN_NAVIGATION = '_hidden';
export const navigationNameSchema = z.enum([MAIN_NAVIGATION, HIDDEN_NAVIGATION]);
export type NavigationName = z.infer<typeof navigationNameSchema>;

export const FOLDER_BEHAVIORS = ['index', 'redirect', 'none'] as const;
/** SPEC §3 FolderBehavior. */
export const folderBehaviorSchema = z.enum(FOLDER_BEHAVIORS);
export type FolderBehavior = z.infer<typeof folderBehaviorSchema>;

/** A bound on a navigation payload, far above any real menu. */
export const MAX_NAVIGATION_ITEMS = 1000;
export const EXTERNAL_LINK_MAX_LENGTH = 2083;

export type NavigationItemInput = {
  /** A page, folder or collection of this website. */
  collectionId?: string | undefined;
  externalLink?: string | undefined;
  memberAreaId?: string | undefined;
  /** The menu text; for a page it overrides the page's title in the menu. */
  title?: string | undefined;
  children?: NavigationItemInput[] | undefined;
};

export const navigationItemInputSchema: z.ZodType<NavigationItemInput> = z.lazy(() =>
  z.object({
    collectionId: z.string().uuid('collectionId must be a page or collection id').optional(),
    externalLink: z.string().trim().min(1).max(EXTERNAL_LINK_MAX_LENGTH).optional(),
    memberAreaId: z.string().min(1).max(100).optional(),
    title: z.string().trim().max(200).optional(),
    children: z.array(navigationItemInputSchema).max(MAX_NAVIGATION_ITEMS).optional(),
  }),
);

export const updateNavigationSchema = z
  .object({
    fieldName: navigationNameSchema,
    /** The site template the navigation belongs to; Atelier sites have one. */
    templateId: z.string().max(100).optional(),
    navigation: z.object({ items: z.array(navigationItemInputSchema).max(MAX_NAVIGATION_ITEMS) }),
  })
  .meta({ id: 'UpdateNavigation' });
export type UpdateNavigation = z.infer<typeof updateNavigationSchema>;

export type NavigationLink = {
  /** page, folder or collection id; absent for an external link. */
  collectionId?: string | undefined;
  externalLink?: string | undefined;
  kind: 'page' | 'folder' | 'collection' | 'link';
  title: string;
  /** '/', '/about', or the external address. */
  fullUrl: string;
  folderBehavior?: FolderBehavior | undefined;
  /** Page status (published, draft, …); collections are 'published' when enabled. */
  status?: string | undefined;
  isHomePage: boolean;
  /** The member area a page or folder is in (issue 23). */
  memberAreaId?: string | undefined;
  children: NavigationLink[];
};

export const navigationLinkSchema: z.ZodType<NavigationLink> = z.lazy(() =>
  z.object({
    collectionId: z.string().optional(),
    externalLink: z.string().optional(),
    kind: z.enum(['page', 'folder', 'collection', 'link']),
    title: z.string(),
    fullUrl: z.string(),
    folderBehavior: folderBehaviorSchema.optional(),
    status: z.string().optional(),
    isHomePage: z.boolean(),
    memberAreaId: z.string().optional(),
    children: z.array(navigationLinkSchema),
  }),
);

export const siteLayoutSchema = z
  .object({
    layout: z.array(
      z.object({ identifier: navigationNameSchema, links: z.array(navigationLinkSchema) }),
    ),
  })
  .meta({ id: 'SiteLayout' });
export type SiteLayout = z.infer<typeof siteLayoutSchema>;

/** SPEC §8: the layout's first navigation must be the main one. */
export function findMainNavigation(layout: SiteLayout['layout']) {
  const first = layout[0];
  return first && first.identifier === MAIN_NAVIGATION ? first : undefined;
}

/** What the header menu shows: a link, or a folder opening a list (href null: no link). */
export type PublicNavigationItem = {
  title: string;
  href: string | null;
  children: PublicNavigationItem[];
};

/**
 * Whose menu (issue 23): the member areas whose pages, folders and collections it lists.
 * 'all' is an editor's preview; an empty set is the public's menu.
 */
export type MenuAudience = ReadonlySet<string> | 'all';
export const PUBLIC_MENU: MenuAudience = new Set<string>();
