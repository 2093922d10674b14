import { z } from 'zod';

// Member areas and page passwords (issue 23): what the owner sets in /config. A member
// area holds pages and folders that only signed-in customers see ('signed-in'), or only
// customers who bought one of its paywall products ('paid'). A page may also carry a
// password; the server stores only its hash and says whether one is set.

export const MEMBER_AREA_ACCESS = ['signed-in', 'paid'] as const;
export const memberAreaAccessSchema = z.enum(MEMBER_AREA_ACCESS);
export type MemberAreaAccess = z.infer<typeof memberAreaAccessSchema>;

const MAX_AREA_PAGES = 1000;
const MAX_AREA_PRODUCTS = 50;
/** Page passwords: long enough to mean something, short enough to type. */
export const PAGE_PASSWORD_MIN = 4;
export const PAGE_PASSWORD_MAX = 200;

const uniqueIds = (label: string, max: number) =>
  z
    .array(z.string().uuid(`${label} must be ids`))
    .max(max)
    .transform((ids) => [...new Set(ids)]);

/** A new or changed member area: its name, who gets in, and the pages and folders in it. */
export const memberAreaBodySchema = z
  .object({
    name: z.string().trim().max(100),
    access: memberAreaAccessSchema,
    /** The paywall products whose buyers get in ('paid'); ignored for 'signed-in'. */
    productIds: uniqueIds('productIds', MAX_AREA_PRODUCTS),
    /** Pages and folders in the area; a page leaves any other area it was in. */
    pageIds: uniqueIds('pageIds', MAX_AREA_PAGES),
  })
  .meta({ id: 'MemberAreaBody' });
export type MemberAreaBody = z.infer<typeof memberAreaBodySchema>;

export const memberAreaSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    access: memberAreaAccessSchema,
    productIds: z.array(z.string()),
    pageIds: z.array(z.string()),
  })
  .meta({ id: 'MemberArea' });
export type MemberArea = z.infer<typeof memberAreaSchema>;

/** Every area, plus what the owner may put in one: pages and folders, paywall products. */
export const memberAreaListSchema = z
  .object({
    areas: z.array(memberAreaSchema),
    pages: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        urlSlug: z.string(),
        kind: z.enum(['page', 'folder']),
        /** The folder the page sits in, or null. */
        parentId: z.string().nullable(),
        hasPassword: z.boolean(),
      }),
    ),
    products: z.array(z.object({ id: z.string(), title: z.string() })),
  })
  .meta({ id: 'MemberAreaList' });
export type MemberAreaList = z.infer<typeof memberAreaListSchema>;

export const memberAreaParamsSchema = z.object({ memberAreaId: z.string().uuid() });

/** A page's access settings as the page settings dialog shows them. */
export const pageAccessSchema = z
  .object({ memberAreaId: z.string().nullable(), hasPassword: z.boolean() })
  .meta({ id: 'PageAccess' });
export type PageAccess = z.infer<typeof pageAccessSchema>;

/**
 * Changing a page's access: a new password (its length is checked by the service, so the
 * message can say what to do), null to remove it, absent to keep it; likewise the area.
 */
export const pageAccessUpdateSchema = z
  .object({
    password: z.string().max(PAGE_PASSWORD_MAX).nullable().optional(),
    memberAreaId: z.string().uuid().nullable().optional(),
  })
  .meta({ id: 'PageAccessUpdate' });
export type PageAccessUpdate = z.infer<typeof pageAccessUpdateSchema>;

/** What a lock screen tells a visitor kept out of a member area or a password page. */
export type MemberLock =
  | {
      kind: 'members';
      /** 'paid': only buyers get in; the offers show how. */
      access: MemberAreaAccess;
      isSignedIn: boolean;
      /** Where sign-in and sign-up lead, returning to this page. */
      signInHref: string;
      signUpHref: string;
    }
  | {
      kind: 'password';
      /** The page's address, which the form posts back with the password. */
      pagePath: string;
      /** This browser's crumb cookie, echoed by the form's hidden field (double submit). */
      crumb: string;
      error?: string | undefined;
    };

/** Where a page password form posts (a plain HTML form: works without JavaScript). */
export const PAGE_UNLOCK_PATH = '/members/unlock';
/** The unlock form's hidden field holding the crumb cookie's value (double submit). */
export const PAGE_UNLOCK_CRUMB_FIELD = 'crumb';
/** The browser-session cookie holding the pages a password unlocked. */
export const PAGE_UNLOCK_COOKIE = 'atelier_unlock';
