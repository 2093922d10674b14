import { describe, expect, it } from 'vitest';
import { Role } from '../enums/roles';
import {
  ALL_CAPABILITIES,
  CAPABILITIES,
  can,
  capabilitiesOf,
  isCapability,
  mailBodyFor,
  pageChangeNeedsPublish,
  ROLE_CAPABILITIES,
  ROLE_LABELS,
  ROLE_ORDER,
  ROLE_SUMMARIES,
} from './permissions';

const roles = Object.values(Role);
/** Changes to the site (one's own sign-in is not one). */
const writes = ALL_CAPABILITIES.filter(
  (c) => !c.endsWith('.read') && c !== 'site.private' && c !== 'account.self',
);

describe('the permission matrix', () => {
  it('has a row, a name and a summary for every SPEC §3 role, and offers each once', () => {
    for (const role of roles) {
      expect(ROLE_CAPABILITIES[role]).toBeDefined();
      expect(ROLE_LABELS[role]).toBeTruthy();
      expect(ROLE_SUMMARIES[role]).toBeTruthy();
    }
    expect([...ROLE_ORDER].sort()).toEqual([...roles].sort());
  });

  it('names only catalogued capabilities, each once per role', () => {
    for (const role of roles) {
      const list = ROLE_CAPABILITIES[role];
      expect(list.every(isCapability)).toBe(true);
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('gives the administrator everything and "none" nothing but its own sign-in', () => {
    expect(capabilitiesOf(Role.admin)).toEqual(ALL_CAPABILITIES);
    expect(capabilitiesOf(Role.none)).toEqual(['account.self']);
    for (const role of roles) expect(can(role, 'account.self')).toBe(true);
  });

  it('keeps members, credentials, code and billing from the website manager only', () => {
    const missing = ALL_CAPABILITIES.filter((c) => !can(Role.websiteManager, c));
    expect(missing.sort()).toEqual(
      [
        'api-keys.manage',
        'billing.manage',
        'demo-content.remove',
        'mail-log.read',
        'members.manage',
        'templates.edit',
        'webhooks.manage',
      ].sort(),
    );
  });

  it('lets a draft editor edit drafts but not publish', () => {
    expect(can(Role.draftEditor, 'pages.edit')).toBe(true);
    expect(can(Role.draftEditor, 'pages.publish')).toBe(false);
    expect(can(Role.draftEditor, 'navigation.edit')).toBe(false);
    expect(can(Role.editor, 'pages.publish')).toBe(true);
  });

  it('lets a viewer read and write nothing', () => {
    for (const capability of writes) expect(can(Role.viewer, capability)).toBe(false);
    expect(can(Role.viewer, 'pages.read')).toBe(true);
  });

  it('gives reporting analytics only and billing orders and payments', () => {
    expect(capabilitiesOf(Role.reporting)).toEqual([
      'account.self',
      'site.private',
      'analytics.read',
    ]);
    expect(can(Role.billing, 'orders.refund')).toBe(true);
    expect(can(Role.billing, 'orders.fulfill')).toBe(false);
    expect(can(Role.billing, 'products.write')).toBe(false);
  });

  it('lets only administrators manage members', () => {
    expect(roles.filter((role) => can(role, 'members.manage'))).toEqual([Role.admin]);
  });

  it('answers no for an unknown role', () => {
    expect(can(5, 'pages.read')).toBe(false);
    expect(capabilitiesOf(99)).toEqual([]);
  });

  it('describes every capability', () => {
    for (const capability of ALL_CAPABILITIES)
      expect(CAPABILITIES[capability].label.length).toBeGreaterThan(5);
  });
});

describe('pageChangeNeedsPublish', () => {
  it('treats draft work on a page nobody sees as editing', () => {
    expect(pageChangeNeedsPublish({ kind: 'page' })).toBe(false);
    expect(pageChangeNeedsPublish({ currentStatus: 'draft' })).toBe(false);
    expect(pageChangeNeedsPublish({ currentStatus: 'draft', newStatus: 'needs-review' })).toBe(
      false,
    );
    expect(pageChangeNeedsPublish({ currentStatus: 'needs-review', newStatus: 'draft' })).toBe(
      false,
    );
  });

  it('treats anything a visitor would notice as publishing', () => {
    expect(pageChangeNeedsPublish({ currentStatus: 'draft', newStatus: 'published' })).toBe(true);
    expect(pageChangeNeedsPublish({ currentStatus: 'draft', newStatus: 'private' })).toBe(true);
    expect(pageChangeNeedsPublish({ currentStatus: 'published' })).toBe(true);
    expect(pageChangeNeedsPublish({ currentStatus: 'scheduled', newStatus: 'draft' })).toBe(true);
    expect(pageChangeNeedsPublish({ currentStatus: 'private' })).toBe(true);
    expect(pageChangeNeedsPublish({ kind: 'folder' })).toBe(true);
  });
});

describe('mailBodyFor', () => {
  const invitation = {
    kind: 'member-invitation',
    bodyText: 'Accept: https://x/config/invitation#s',
  };
  it('shows a way in only to administrators', () => {
    expect(mailBodyFor({ ...invitation, role: Role.admin })).toBe(invitation.bodyText);
    expect(mailBodyFor({ ...invitation, role: Role.storeManager })).not.toContain('invitation#');
    expect(mailBodyFor({ ...invitation, role: Role.websiteManager })).not.toContain('#s');
  });
  it('leaves other mail as it is', () => {
    const order = { kind: 'order-confirmation', bodyText: 'Thanks', role: Role.storeManager };
    expect(mailBodyFor(order)).toBe('Thanks');
  });
});
