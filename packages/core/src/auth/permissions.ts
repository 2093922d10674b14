import { Role } from '../enums/roles';

// The permission matrix (issue 23): what each SPEC §3 role may do in /config. It is the
// one place the rule lives: the server's guards ask `can`, the session tells the editor
// the signed-in member's capabilities, and docs/PERMISSIONS.md explains each choice.
// Nothing here touches the database or HTTP.

/**
 * Every admin capability. `isPlanned` marks one whose feature is not built yet (no route
 * asks for it): the roles that exist for it are decided here so the feature lands into
 * a rule rather than a guess.
 */
export const CAPABILITIES = {
  'account.self': {
    label: 'Your own sign-in: password and second factor',
    area: 'Account',
  },
  'site.private': { label: 'See private pages on the site', area: 'Site' },
  'pages.read': { label: 'See pages, navigation and the header & footer', area: 'Content' },
  'pages.edit': { label: 'Add pages and edit drafts that are not live', area: 'Content' },
  'pages.publish': { label: 'Publish, schedule, unpublish and change live pages', area: 'Content' },
  'navigation.edit': { label: 'Change the navigation', area: 'Content' },
  'design.edit': { label: 'Change the design and the header & footer', area: 'Content' },
  'templates.edit': { label: 'Edit templates (developer mode)', area: 'Content' },
  'files.read': { label: 'See the file library', area: 'Content' },
  'files.upload': { label: 'Upload files', area: 'Content' },
  'files.manage': { label: 'Rename and delete files', area: 'Content' },
  'forms.read': { label: 'See forms', area: 'Content' },
  'forms.edit': { label: 'Build, change and delete forms', area: 'Content' },
  'submissions.manage': { label: 'Read, export and delete form submissions', area: 'Content' },
  'products.read': { label: 'See products, categories, tags and store pages', area: 'Store' },
  'products.write': { label: 'Change products, categories, tags and store pages', area: 'Store' },
  'inventory.manage': { label: 'Change stock and send restock notices', area: 'Store' },
  'discounts.manage': { label: 'Manage discount codes', area: 'Store' },
  'store.manage': { label: 'Store settings, shipping, tax and checkout', area: 'Store' },
  'orders.read': { label: 'See orders, customers, subscriptions and gift cards', area: 'Orders' },
  'orders.fulfill': { label: 'Fulfil orders and keep customer notes', area: 'Orders' },
  'orders.refund': {
    label: 'Refund and cancel orders, change subscriptions, issue and void gift cards',
    area: 'Orders',
  },
  'mailing-lists.manage': { label: 'Manage mailing lists and subscribers', area: 'Marketing' },
  'campaigns.manage': { label: 'Write, test and send email campaigns', area: 'Marketing' },
  'analytics.read': { label: 'See analytics', area: 'Marketing' },
  'comments.write': { label: 'Reply to comments as the site', area: 'Community', isPlanned: true },
  'comments.moderate': {
    label: 'Approve, hide and delete comments',
    area: 'Community',
    isPlanned: true,
  },
  'scheduling.read': { label: 'See appointments', area: 'Scheduling', isPlanned: true },
  'scheduling.write': {
    label: 'Book and change appointments',
    area: 'Scheduling',
    isPlanned: true,
  },
  'scheduling.settings': {
    label: 'Scheduling settings and availability',
    area: 'Scheduling',
    isPlanned: true,
  },
  'settings.manage': { label: 'Site settings', area: 'Administration' },
  'members.manage': {
    label: 'Invite members, change roles, remove members',
    area: 'Administration',
  },
  'api-keys.manage': { label: 'Make and delete API keys', area: 'Administration' },
  'webhooks.manage': { label: 'Manage webhooks', area: 'Administration' },
  'mail-log.read': { label: 'Read the outgoing mail log', area: 'Administration' },
  'demo-content.remove': { label: 'Remove the demo content', area: 'Administration' },
  'billing.manage': {
    label: "The website's own plan and billing",
    area: 'Administration',
    isPlanned: true,
  },
} as const satisfies Record<string, { label: string; area: string; isPlanned?: boolean }>;

export type Capability = keyof typeof CAPABILITIES;

export const ALL_CAPABILITIES = Object.keys(CAPABILITIES) as Capability[];

/** The catalogue's entries, read without their literal types. */
export type CapabilityEntry = { label: string; area: string; isPlanned?: boolean };
const entries: Readonly<Record<Capability, CapabilityEntry>> = CAPABILITIES;

/** Whether a capability belongs to a feature not built yet (no route asks for it). */
export const isPlannedCapability = (capability: Capability): boolean =>
  entries[capability].isPlanned === true;

const capabilities = new Set<string>(ALL_CAPABILITIES);
export const isCapability = (value: unknown): value is Capability =>
  typeof value === 'string' && capabilities.has(value);

/** Admin keeps back from the website manager: people, credentials, code, the plan. */
const ADMIN_ONLY: readonly Capability[] = [
  'members.manage',
  'api-keys.manage',
  'webhooks.manage',
  'mail-log.read',
  'templates.edit',
  'demo-content.remove',
  'billing.manage',
];

const CONTENT: readonly Capability[] = [
  'pages.read',
  'pages.edit',
  'pages.publish',
  'navigation.edit',
  'design.edit',
  'files.read',
  'files.upload',
  'files.manage',
  'forms.read',
  'forms.edit',
];

const STORE: readonly Capability[] = [
  'products.read',
  'products.write',
  'inventory.manage',
  'discounts.manage',
  'store.manage',
  'orders.read',
  'orders.fulfill',
  'orders.refund',
  'mailing-lists.manage',
  'campaigns.manage',
  'submissions.manage',
  'forms.read',
  'forms.edit',
  'files.read',
  'files.upload',
  'files.manage',
];

/**
 * The matrix: each SPEC §3 role and what it may do. Reasons in docs/PERMISSIONS.md.
 * Every role, "none" included, looks after its own sign-in (account.self).
 */
export const ROLE_CAPABILITIES: Readonly<Record<Role, readonly Capability[]>> = {
  [Role.admin]: ALL_CAPABILITIES,
  [Role.websiteManager]: ALL_CAPABILITIES.filter((c) => !ADMIN_ONLY.includes(c)),
  [Role.billing]: [
    'account.self',
    'site.private',
    'orders.read',
    'orders.refund',
    'billing.manage',
  ],
  [Role.reporting]: ['account.self', 'site.private', 'analytics.read'],
  [Role.editor]: [
    'account.self',
    'site.private',
    ...CONTENT,
    'comments.write',
    'comments.moderate',
  ],
  [Role.draftEditor]: [
    'account.self',
    'site.private',
    'pages.read',
    'pages.edit',
    'files.read',
    'files.upload',
  ],
  [Role.moderator]: ['account.self', 'site.private', 'comments.write', 'comments.moderate'],
  [Role.commenter]: ['account.self', 'site.private', 'comments.write'],
  [Role.storeManager]: ['account.self', 'site.private', ...STORE],
  [Role.scheduling]: [
    'account.self',
    'site.private',
    'scheduling.read',
    'scheduling.write',
    'scheduling.settings',
  ],
  [Role.schedulingEditor]: ['account.self', 'site.private', 'scheduling.read', 'scheduling.write'],
  [Role.schedulingViewer]: ['account.self', 'site.private', 'scheduling.read'],
  [Role.viewer]: ['account.self', 'site.private', 'pages.read', 'files.read'],
  // Campaign emails carry pictures: the file library's, as for pages.
  [Role.campaignsEditor]: [
    'account.self',
    'site.private',
    'campaigns.manage',
    'files.read',
    'files.upload',
  ],
  [Role.none]: ['account.self'],
};

const matrix = new Map<number, ReadonlySet<Capability>>(
  Object.entries(ROLE_CAPABILITIES).map(([role, list]) => [Number(role), new Set(list)]),
);

/** Whether a member (or API key) of this role may do this. An unknown role may do nothing. */
export const can = (role: number, capability: Capability): boolean =>
  matrix.get(role)?.has(capability) ?? false;

/** The role's capabilities in the catalogue's order (what the editor is told at sign-in). */
export const capabilitiesOf = (role: number): Capability[] =>
  ALL_CAPABILITIES.filter((capability) => can(role, capability));

/** SPEC §3 roles by name, as the members screen and the matrix document show them. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  [Role.admin]: 'Administrator',
  [Role.websiteManager]: 'Website manager',
  [Role.editor]: 'Editor',
  [Role.draftEditor]: 'Draft editor',
  [Role.storeManager]: 'Store manager',
  [Role.billing]: 'Billing',
  [Role.reporting]: 'Reporting',
  [Role.campaignsEditor]: 'Campaigns editor',
  [Role.moderator]: 'Moderator',
  [Role.commenter]: 'Commenter',
  [Role.viewer]: 'Viewer',
  [Role.scheduling]: 'Scheduling',
  [Role.schedulingEditor]: 'Scheduling editor',
  [Role.schedulingViewer]: 'Scheduling viewer',
  [Role.none]: 'No access',
};

/** One line per role for the invite dialog's role picker. */
export const ROLE_SUMMARIES: Readonly<Record<Role, string>> = {
  [Role.admin]: 'Everything, including members, API keys, webhooks and developer mode',
  [Role.websiteManager]: 'Everything except members, API keys, webhooks, code and billing',
  [Role.editor]: 'Pages, navigation, header & footer, files and forms; publishes',
  [Role.draftEditor]: 'Edits drafts and uploads files; cannot publish',
  [Role.storeManager]: 'Products, stock, orders, customers, discounts, campaigns and files',
  [Role.billing]: 'Orders and payments: refunds, subscriptions, gift cards',
  [Role.reporting]: 'Analytics only',
  [Role.campaignsEditor]: 'Email campaigns, and uploading their pictures',
  [Role.moderator]: 'Comments: replies and moderation',
  [Role.commenter]: 'Replies to comments as the site',
  [Role.viewer]: 'Sees pages and files; changes nothing',
  [Role.scheduling]: 'Scheduling, with its settings',
  [Role.schedulingEditor]: 'Books and changes appointments',
  [Role.schedulingViewer]: 'Sees appointments',
  [Role.none]: 'Signs in but sees nothing (access paused)',
};

/** Roles in the order the members screen offers them: broad to narrow. */
export const ROLE_ORDER: readonly Role[] = [
  Role.admin,
  Role.websiteManager,
  Role.editor,
  Role.draftEditor,
  Role.storeManager,
  Role.billing,
  Role.reporting,
  Role.campaignsEditor,
  Role.moderator,
  Role.commenter,
  Role.viewer,
  Role.scheduling,
  Role.schedulingEditor,
  Role.schedulingViewer,
  Role.none,
];

/**
 * Mail whose body is a way in: a member's invitation, a shopper's email-confirmation or
 * password-reset link. The mail log shows its body only to those with `mail-log.read`
 * (administrators): anyone else reading an invitation could accept it first and sign in
 * with the role it offers.
 */
export const SECRET_MAIL_KINDS: readonly string[] = [
  'member-invitation',
  'account-verify-email',
  'account-reset-password',
];

/** The mail log's body for this reader: a secret-bearing email's is withheld. */
export const mailBodyFor = (input: { kind: string; bodyText: string; role: number }): string =>
  SECRET_MAIL_KINDS.includes(input.kind) && !can(input.role, 'mail-log.read')
    ? 'This email holds a private sign-in link, so only administrators can read it here.'
    : input.bodyText;

/** A page visitors can see now or will see by the clock: changing it is publishing. */
export const isLivePageStatus = (status: string): boolean =>
  status === 'published' || status === 'private' || status === 'scheduled';

/**
 * Whether a change to a page's settings or existence needs `pages.publish` (the draft
 * editor's line): anything a visitor would notice — a live page's title, address or SEO,
 * making a page live or taking it down, deleting a live page, adding a folder (live at
 * once). Settings of a page nobody sees yet, and its move between Draft and Needs Review,
 * are draft work.
 */
export function pageChangeNeedsPublish(change: {
  /** The page as it is; undefined for a new one. */
  currentStatus?: string;
  kind?: 'page' | 'folder';
  /** The status asked for, when the change sets one. */
  newStatus?: string;
}): boolean {
  if (change.kind === 'folder') return true;
  if (change.currentStatus !== undefined && isLivePageStatus(change.currentStatus)) return true;
  return change.newStatus !== undefined && isLivePageStatus(change.newStatus);
}
