import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  saveScreenshot,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 23, roles and permissions: the owner invites a draft editor from Settings →
// Members, the invitation arrives in the mail log, the new member accepts it from the
// link, chooses a password and sees only the screens their role opens — pages without
// Publish, and files — while the owner keeps the last administrator's seat.

/** Where this suite's screenshots also go, for the lead to look at. */
const SHOTS = '/tmp/shots-roles';
/** The viewer's read-only page (issue 23), at 1280 and 390. */
const VIEWER_SHOTS = '/tmp/shots-sessions';

async function shoot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name, { isFullPage: false });
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The navigation's screens, in order (its list, without View site and Sign out). */
const navItems = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('list')
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim() ?? ''));

describe('members: invite, accept from the mail log, see only your screens (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let member: Page;
  let link = '';
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: DESKTOP,
  });

  it('shows the Members card in Settings, usable at both widths', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Settings' })
      .click();
    const members = page.getByRole('table', { name: 'Members' });
    await members.waitFor();
    await expect.poll(() => members.getByRole('row').count()).toBe(2);
    await expect
      .poll(() => members.getByText('owner@example.com', { exact: true }).count())
      .toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('heading', { name: 'Members' }).scrollIntoViewIfNeeded();
    await shoot(page, 'members-desktop');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 8)
        .map((el) => `${el.tagName}.${el.className}`),
    );
    await page.getByRole('heading', { name: 'Members' }).scrollIntoViewIfNeeded();
    await shoot(page, 'members-phone');
    expect(overflow, wide.join(' | ')).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);
  });

  it('invites a draft editor with the keyboard and lists the invitation', async () => {
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.waitFor();
    // Focus starts inside the dialog; the fields are labelled.
    await dialog.getByLabel('Email').fill('writer@example.com');
    await dialog.getByLabel('Role').selectOption({ label: 'Draft editor' });
    await expect
      .poll(() => dialog.getByText('Edits drafts and uploads files; cannot publish').count())
      .toBe(1);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await shoot(page, 'members-invite-desktop');
    await dialog.getByLabel('Email').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const invitations = page.getByRole('table', { name: 'Invitations not yet accepted' });
    await invitations.waitFor();
    await expect
      .poll(() => invitations.getByText('writer@example.com', { exact: true }).count())
      .toBe(1);
    await expect.poll(() => invitations.getByText('Draft editor', { exact: true }).count()).toBe(1);
  });

  it('finds the invitation in the mail log, with its link', async () => {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Mail', exact: true })
      .click();
    const open = page.getByRole('button', { name: /you are invited to help run the site/ });
    await open.first().click();
    const body = page.locator('.mail-log__body');
    await body.waitFor();
    const text = (await body.textContent()) ?? '';
    expect(text).toContain('owner@example.com invited you to');
    expect(text).toContain('as Draft editor');
    link = text.match(/https?:\/\/\S+\/config\/invitation#\S+/)?.[0] ?? '';
    expect(link).not.toBe('');
    await page.keyboard.press('Escape');
  });

  it('lets the invited person choose a password and sign in', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    member = await context.newPage();
    member.on('pageerror', (error) => errors.push(error.message));
    // The link names the server's public address; this test's server may listen elsewhere.
    const url = new URL(link);
    await member.goto(`${server.baseUrl}${url.pathname}${url.hash}`);
    await member.getByRole('heading', { level: 1, name: /^Join / }).waitFor();
    await expect.poll(() => member.getByText('Draft editor', { exact: true }).count()).toBe(1);
    expect(await member.getByLabel('Email').inputValue()).toBe('writer@example.com');
    expect(await seriousA11yViolations(member)).toEqual([]);
    await shoot(member, 'invitation-accept-desktop');
    await member.setViewportSize(PHONE);
    await member.waitForTimeout(200);
    expect(await seriousA11yViolations(member)).toEqual([]);
    await shoot(member, 'invitation-accept-phone');
    await member.setViewportSize(DESKTOP);

    await member.getByLabel('Choose a password').fill('short');
    await member.getByRole('button', { name: 'Accept and sign in' }).click();
    await member.getByRole('alert').filter({ hasText: 'at least 10 characters' }).waitFor();
    await member.getByLabel('Choose a password').fill('a writer password');
    await member.getByRole('button', { name: 'Accept and sign in' }).click();
    await member.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    expect(new URL(member.url()).pathname).toBe('/config');
  });

  it('shows the draft editor only their screens, and no Publish', async () => {
    expect(await navItems(member)).toEqual(['Pages', 'Files', 'Your account']);
    await member.locator('.app-shell__who').filter({ hasText: 'Draft editor' }).waitFor();
    await member.getByLabel('New page title').fill('Member Notes');
    await member.getByRole('button', { name: 'Add page' }).click();
    await member.getByRole('heading', { level: 1, name: 'Member Notes' }).waitFor();
    await member.getByText('Your role saves drafts.').waitFor();
    expect(await member.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Save draft' }).count()).toBe(1);
    await shoot(member, 'draft-editor-page-desktop');
    await member.getByRole('button', { name: 'Pages' }).first().click();
    await member.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    // The menu is the editors': no arranging, no links or folders.
    expect(await member.getByRole('button', { name: /^Drag / }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Add folder' }).count()).toBe(0);
    expect(await seriousA11yViolations(member)).toEqual([]);
    // The server agrees, whatever a screen shows.
    const settings = await member.evaluate(async () => (await fetch('/api/config/members')).status);
    expect(settings).toBe(403);
  });

  it('changes the member to a viewer, who then reads and changes nothing', async () => {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Settings' })
      .click();
    await page.getByRole('button', { name: 'Change role of writer@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role of writer@example.com' });
    await dialog.getByLabel('Role').selectOption({ label: 'Viewer' });
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await dialog.waitFor({ state: 'detached' });
    const members = page.getByRole('table', { name: 'Members' });
    await expect
      .poll(() => members.getByRole('cell', { name: 'Viewer', exact: true }).count())
      .toBe(1);

    await member.reload();
    await member.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await member.getByText('Your role can see them but not change them.').waitFor();
    expect(await member.getByRole('button', { name: 'Add page' }).count()).toBe(0);
    expect(await member.getByRole('button', { name: /^Settings of / }).count()).toBe(0);
    expect(await navItems(member)).toEqual(['Pages', 'Files', 'Your account']);
    await member
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Files' })
      .click();
    await member.getByRole('tab', { name: 'Existing Files' }).waitFor();
    expect(await member.getByRole('tab', { name: 'Manage' }).count()).toBe(0);
    await shoot(member, 'viewer-files-desktop');
  });

  it('opens a page to the viewer read-only, on the canvas, at both widths', async () => {
    await member
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Pages' })
      .click();
    await member.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await member.getByRole('tab', { name: 'All pages' }).click();
    // The title opens the page "to view" (its hidden words), not "to edit".
    await member.getByRole('button', { name: /^About\s*, view$/ }).click();
    await member.getByRole('heading', { level: 1, name: 'About' }).waitFor();
    await member.getByText('You can view but not change this page.').waitFor();
    expect(new URL(member.url()).pathname).toMatch(/^\/config\/pages\/[0-9a-f-]{36}$/);
    // The page is drawn in the canvas frame, with the site's header around it.
    const canvas = member.frameLocator('iframe[title="About (view only)"]');
    await canvas.locator('header').first().waitFor();
    await canvas.locator('.page-section').first().waitFor();
    for (const name of ['Save draft', 'Publish', 'Schedule…', 'Page settings', 'Undo']) {
      expect(await member.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await member.getByRole('heading', { name: 'Add a block' }).count()).toBe(0);
    expect(await canvas.locator('[contenteditable="true"], [data-section-select]').count()).toBe(0);
    expect(await seriousA11yViolations(member)).toEqual([]);
    await shoot(member, 'viewer-page-desktop');
    await mkdir(VIEWER_SHOTS, { recursive: true });
    await member.screenshot({ path: `${VIEWER_SHOTS}/viewer-page-1280.png` });
    await member.setViewportSize(PHONE);
    await member.getByRole('button', { name: 'Phone', exact: true }).click();
    await member.waitForTimeout(300);
    expect(await seriousA11yViolations(member)).toEqual([]);
    const overflow = await member.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    await member.screenshot({ path: `${VIEWER_SHOTS}/viewer-page-390.png` });
    expect(overflow).toBeLessThanOrEqual(0);
    await member.setViewportSize(DESKTOP);
    // A reload keeps it open, read-only; the server would refuse a save anyway.
    await member.reload();
    await member.getByText('You can view but not change this page.').waitFor();
    const pageId = new URL(member.url()).pathname.split('/').at(-1);
    const save = await member.evaluate(async (id) => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]*)/)?.[1] ?? '';
      const answer = await fetch(`/api/config/pages/${id}/draft`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: JSON.stringify({ blocks: [], revision: 1 }),
      });
      return answer.status;
    }, pageId);
    expect(save).toBe(403);
    await member.getByRole('button', { name: 'Pages' }).first().click();
    await member.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
  });

  it('keeps the last administrator, saying why', async () => {
    await page.getByRole('button', { name: 'Change role of owner@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role of owner@example.com' });
    await dialog.getByLabel('Role').selectOption({ label: 'Editor' });
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'This is the only administrator.' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Remove owner@example.com' }).click();
    await page.getByRole('button', { name: 'Remove member' }).click();
    await page.getByRole('alert').filter({ hasText: 'This is the only administrator.' }).waitFor();
  });

  it('raised no errors in either browser', () => {
    expect(errors).toEqual([]);
  });
});
