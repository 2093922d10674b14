import { ALL_CAPABILITIES, type Capability, isRole } from '@atelier/core';
import { z } from 'zod';
import { editorBlockSchema } from './blocks/index.ts';
import { imageSchema, productSchema } from './catalog.ts';
import { formDefinitionSchema } from './forms.ts';
import { MAX_INT4 } from './text.ts';

// Requests and responses of the editor's API (/api/config/*), shared by the server's
// routes and the /config SPA. Nothing here is imported by the storefront bundle.

export const PASSWORD_MIN_LENGTH = 10;

const emailSchema = z.string().trim().min(1).max(256);

export const credentialsSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1).max(1024),
    rememberMe: z.boolean().optional(),
  })
  .meta({ id: 'EditorCredentials' });
export type Credentials = z.infer<typeof credentialsSchema>;

export const ownerCreateSchema = z
  .object({ email: emailSchema, password: z.string().max(1024) })
  .meta({ id: 'EditorOwnerCreate' });

export const memberSchema = z
  .object({ id: z.string().uuid(), email: z.string(), role: z.number().int() })
  .meta({ id: 'EditorMember' });
export type Member = z.infer<typeof memberSchema>;

/** A capability of core's permission matrix (docs/PERMISSIONS.md). */
export const capabilitySchema = z.enum(ALL_CAPABILITIES as [Capability, ...Capability[]]);

export const sessionStateSchema = z
  .object({
    /**
     * needs-owner: no member yet, the first visit creates the owner. second-factor: the
     * password was right and the member has two-step verification on: the sign-in waits
     * for a code (POST /api/config/session/second-factor); no session exists yet.
     */
    state: z.enum(['needs-owner', 'signed-out', 'signed-in', 'second-factor']),
    member: memberSchema.nullable(),
    /**
     * What the signed-in member's role may do (core's permission matrix; empty when signed
     * out): the editor shows only these screens and buttons, the server refuses the rest.
     */
    capabilities: z.array(capabilitySchema),
    /** Echo in the x-csrf-token header on every write (the `crumb` cookie's value). */
    xsrfToken: z.string(),
    /** The website the Host picks: the staff API's addresses name it (…/websites/:id/…). */
    websiteId: z.string(),
  })
  .meta({ id: 'EditorSession' });
export type SessionState = z.infer<typeof sessionStateSchema>;

/** A SPEC §3 role number (5 is none). What each may do: docs/PERMISSIONS.md. */
export const roleSchema = z
  .number()
  .int()
  .refine((value) => isRole(value), 'Choose one of the roles');

export const memberCreateSchema = z
  .object({
    email: emailSchema,
    password: z.string().max(1024),
    role: roleSchema,
  })
  .meta({ id: 'EditorMemberCreate' });

/** An invitation not yet accepted (members screen). */
export const invitationSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    role: z.number().int(),
    expiresAt: z.string(),
    /** The admin who sent it, while still a member. */
    invitedBy: z.string().nullable(),
  })
  .meta({ id: 'EditorInvitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const memberListSchema = z
  .object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) })
  .meta({ id: 'EditorMemberList' });
export type MemberList = z.infer<typeof memberListSchema>;
export const memberParamsSchema = z.object({ memberId: z.string().uuid() });
export const invitationParamsSchema = z.object({ invitationId: z.string().uuid() });

export const invitationCreateSchema = z
  .object({ email: emailSchema, role: roleSchema })
  .meta({ id: 'EditorInvitationCreate' });
export const memberRoleSchema = z.object({ role: roleSchema }).meta({ id: 'EditorMemberRole' });

/** The invitation's secret, from the link the email carries. */
const invitationTokenSchema = z.string().min(16).max(128);
export const invitationLookupSchema = z
  .object({ token: invitationTokenSchema })
  .meta({ id: 'EditorInvitationLookup' });
/** What the accept page shows before anyone acts. */
export const invitationPreviewSchema = z
  .object({
    email: z.string(),
    role: z.number().int(),
    siteTitle: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'EditorInvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationAcceptSchema = z
  .object({ token: invitationTokenSchema, password: z.string().max(1024) })
  .meta({ id: 'EditorInvitationAccept' });

export const PAGE_STATUSES = [
  'published',
  'draft',
  'needs-review',
  'private',
  'scheduled',
] as const;
export const pageStatusSchema = z.enum(PAGE_STATUSES);
export type PageStatus = z.infer<typeof pageStatusSchema>;

/** SPEC §3 content statuses, as the editor labels them; published pages have no label. */
export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  'needs-review': 'Needs Review',
  private: 'Private',
  scheduled: 'Scheduled',
};

export const pageSummarySchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    /** '' is the home page. */
    urlSlug: z.string(),
    description: z.string(),
    status: pageStatusSchema,
    isInNavigation: z.boolean(),
    navigationIndex: z.number().int(),
    /** A folder holds pages in the navigation (SPEC §3 FolderBehavior says where it links). */
    kind: z.enum(['page', 'folder']),
    folderBehavior: z.enum(['index', 'redirect', 'none']).nullable(),
    parentPageId: z.string().nullable(),
    /** The browser title and search-result title; the page title when empty. */
    seoTitle: z.string(),
    /** The image shared links show (og:image), from the file manager. */
    socialImageId: z.string().nullable(),
    /** The draft differs from what is published (or nothing is published yet). */
    hasUnpublishedChanges: z.boolean(),
    publishedAt: z.string().nullable(),
    publishAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EditorPageSummary' });
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const blockDataSchema = z.object({
  media: z.record(z.string(), imageSchema),
  collections: z.record(z.string(), z.array(productSchema)),
  forms: z.record(z.string(), formDefinitionSchema).optional(),
});

export const editorPageSchema = pageSummarySchema
  .extend({
    /** Current blocks, and stored ones it could not read (a save keeps those unchanged). */
    draftBlocks: z.array(editorBlockSchema),
    draftRevision: z.number().int(),
    /** Images and products the draft's blocks refer to, for the preview. */
    data: blockDataSchema,
  })
  .meta({ id: 'EditorPage' });
export type EditorPage = z.infer<typeof editorPageSchema>;

export const pageListSchema = z.object({ pages: z.array(pageSummarySchema) });
export const pageParamsSchema = z.object({ pageId: z.string().uuid() });

export const pageCreateSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    /** Left out: made from the title by core's slug rule. */
    urlSlug: z.string().trim().max(200).optional(),
    /** A folder has nothing to publish: it is live at once, with behaviour index unless set. */
    kind: z.enum(['page', 'folder']).optional(),
    folderBehavior: z.enum(['index', 'redirect', 'none']).optional(),
  })
  .meta({ id: 'EditorPageCreate' });

export const pageSettingsSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    urlSlug: z.string().trim().max(200).optional(),
    description: z.string().trim().max(320).optional(),
    status: z.enum(['published', 'draft', 'needs-review', 'private']).optional(),
    seoTitle: z.string().trim().max(200).optional(),
    socialImageId: z.string().uuid().nullable().optional(),
    folderBehavior: z.enum(['index', 'redirect', 'none']).optional(),
  })
  .meta({ id: 'EditorPageSettings' });
export type PageSettings = z.infer<typeof pageSettingsSchema>;

export const draftSaveSchema = z
  .object({
    // The 60-block limit is checked by the service so the message can say what to do;
    // this bound only keeps absurd bodies out.
    // An unreadable block must be one the base revision stores, unchanged (the service
    // checks): a save may keep or drop it but never write JSON of its own this way.
    blocks: z.array(editorBlockSchema).max(500),
    /** The draft revision this edit started from; a newer one on the server is a 409. */
    baseRevision: z.number().int().min(0).max(MAX_INT4),
  })
  .meta({ id: 'EditorDraftSave' });

export const publishSchema = z
  .object({
    baseRevision: z.number().int().min(0).max(MAX_INT4),
    /** Publish at this time instead of now (status Scheduled). */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'EditorPublish' });

/** The Settings screen's site settings (admins only). */
export const siteSettingsSchema = z
  .object({ title: z.string(), description: z.string() })
  .meta({ id: 'EditorSiteSettings' });
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export const siteSettingsUpdateSchema = z
  .object({
    title: z.string().trim().min(1, 'Please enter a site title').max(200).optional(),
    description: z.string().trim().max(500).optional(),
  })
  .meta({ id: 'EditorSiteSettingsUpdate' });
