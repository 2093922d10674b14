import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newsletterEditorMessages } from '@atelier/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database.ts';
import {
  checkAtBothWidths,
  DESKTOP,
  saveScreenshot,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, canvasOf, createOwner } from './support/editor.ts';

// Issue 21's newsletter, walked as an owner and a visitor would: the owner makes a mailing
// list in /config and puts a newsletter block with it on a page; a visitor signs up, the
// confirmation email's link subscribes them, the owner sees them subscribed; the link in
// the welcome email unsubscribes them with one click. Then an import and an export.

/** A one-field sign-up form (the form builder has its own walk). */
async function seedSignUpForm(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const website = await database.db
      .selectFrom('websites')
      .select('website_id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('forms')
      .values({
        website_id: website.website_id,
        name: 'Sign-up',
        fields: JSON.stringify([{ id: 'email', kind: 'email', label: 'Email', isRequired: true }]),
        submission_message: 'Almost there: check your inbox to confirm.',
        is_storage_only: true,
      })
      .execute();
  } finally {
    await database.close();
  }
}

type OutboxMail = { kind: string; to: string; subject: string; bodyText: string };

describe('the newsletter, from a new list to an unsubscribe (Chromium)', () => {
  let server: { baseUrl: string };
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    prepare: seedSignUpForm,
    consoleErrors: true,
  });
  let listId = '';
  let pageId = '';
  let visitor: Page;

  const outbox = async (): Promise<OutboxMail[]> => {
    const answer = await callFrom(page, 'GET', '/api/mail/outbox');
    expect(answer.status).toBe(200);
    return answer.json.messages;
  };
  /** The path of the first link in the newest email of a kind to an address. */
  async function linkIn(kind: string, to: string, path: string): Promise<string> {
    const mail = (await outbox()).find((m) => m.kind === kind && m.to === to);
    const link = mail?.bodyText.match(new RegExp(`https?://\\S+${path}\\?t=\\S+`))?.[0];
    if (!link) throw new Error(`no ${kind} link to ${to}`);
    const url = new URL(link);
    return `${server.baseUrl}${url.pathname}${url.search}`;
  }

  it('creates a mailing list from /config', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByLabel('New page title').waitFor();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Mailing lists' })
      .click();
    await page.getByText('No mailing lists yet', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'New list' }).click();
    const dialog = page.getByRole('dialog', { name: 'New mailing list' });
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('Letters from the studio');
    await dialog.getByLabel('Description').fill('Monthly: new patterns and class dates');
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('heading', { name: 'Letters from the studio', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/config\/mailing-lists\/[0-9a-f-]{36}$/);
    listId = page.url().split('/').pop() ?? '';
    await page.getByText('No subscribers yet', { exact: true }).waitFor();
    await checkAtBothWidths(page, [{ name: 'newsletter-list-empty' }]);
  });

  it('puts a newsletter block with the list on a page, asking for a list until one is set', async () => {
    const forms = await callFrom(page, 'GET', '/api/config/form-choices');
    const formId = forms.json.forms.find((f: { name: string }) => f.name === 'Sign-up').id;
    const created = await callFrom(page, 'POST', '/api/config/pages', { title: 'Studio news' });
    pageId = created.json.id;
    const saved = await callFrom(page, 'PUT', `/api/config/pages/${pageId}/draft`, {
      blocks: [
        {
          type: 'newsletter',
          version: 1,
          formId,
          listId: '',
          title: 'Letters from the studio',
          description: 'One email a month.',
          buttonLabel: 'Subscribe',
        },
      ],
      baseRevision: created.json.draftRevision,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${server.baseUrl}/config/pages/${pageId}`);
    await canvasOf(page).locator('[data-block-type="newsletter"]').click();
    const settings = page.locator('[data-settings]');
    const picker = settings.getByLabel('Mailing list');
    await settings.getByText(newsletterEditorMessages.listRequired).waitFor();
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    await picker.selectOption({ label: 'Letters from the studio' });
    expect(await settings.getByText(newsletterEditorMessages.listRequired).count()).toBe(0);
    expect(await seriousA11yViolations(page, '[data-settings]')).toEqual([]);
    await saveScreenshot(page, 'newsletter-editor-block', { isFullPage: false });

    // Published from the editor, as the owner would, with the list in the block.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Published. The page is live.' }).count(),
      )
      .toBeGreaterThan(0);
    const stored = await callFrom(page, 'GET', `/api/config/pages/${pageId}`);
    expect(stored.json.draftBlocks[0].listId).toBe(listId);
    await page.setViewportSize(DESKTOP);
  });

  it('signs a visitor up; the link in the confirmation email subscribes them', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    visitor = await context.newPage();
    visitor.on('pageerror', (error) => errors.push(error.message));
    await visitor.goto(`${server.baseUrl}/studio-news`);
    const block = visitor.locator('.block--newsletter');
    const subscribe = block.getByRole('button', { name: 'Subscribe' });
    await expect.poll(() => subscribe.isEnabled()).toBe(true);
    await block.getByLabel('Email').fill('reader@example.com');
    await subscribe.click();
    await block.getByText('Almost there: check your inbox to confirm.').waitFor();

    const confirm = await linkIn(
      'newsletter-confirmation',
      'reader@example.com',
      '/newsletter/confirm',
    );
    await visitor.goto(confirm);
    // Opening the link asks; the button confirms (mail scanners only open links).
    await visitor.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await visitor.getByRole('button', { name: 'Confirm subscription' }).click();
    await visitor.getByRole('heading', { name: 'You’re subscribed' }).waitFor();
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await checkAtBothWidths(visitor, [{ name: 'newsletter-confirmed' }]);
  });

  it('shows the owner the visitor as subscribed', async () => {
    await page.goto(`${server.baseUrl}/config/mailing-lists/${listId}`);
    const row = page.getByRole('row', { name: /reader@example\.com/ });
    await row.getByText('Subscribed', { exact: true }).filter({ visible: true }).waitFor();
    await row.getByText('Newsletter block').waitFor();
    await page.getByText('1 subscriber, 0 awaiting confirmation').waitFor();
  });

  it('unsubscribes with one click from the welcome email’s link', async () => {
    const leave = await linkIn(
      'newsletter-welcome',
      'reader@example.com',
      '/newsletter/unsubscribe',
    );
    await visitor.goto(leave);
    await visitor.getByRole('heading', { name: 'Unsubscribe?' }).waitFor();
    await visitor.getByText('re•••@example.com').waitFor();
    await checkAtBothWidths(visitor, [{ name: 'newsletter-unsubscribe' }]);
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByRole('heading', { name: 'You’re unsubscribed' }).waitFor();
    await checkAtBothWidths(visitor, [{ name: 'newsletter-unsubscribed' }]);

    await page.reload();
    const row = page.getByRole('row', { name: /reader@example\.com/ });
    await row.getByText('Unsubscribed', { exact: true }).filter({ visible: true }).waitFor();
  });

  it('imports a CSV, searches, filters and exports', async () => {
    const file = join(tmpdir(), `subscribers-${Date.now()}.csv`);
    await writeFile(
      file,
      [
        'email,name',
        'mia@example.com,Mia',
        'reader@example.com,Back again?',
        'not-an-email,Nobody',
        'zoe@example.com,Zoe',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import subscribers' });
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import' }).click();
    const result = dialog.getByRole('status');
    await result.getByText('2 addresses added').waitFor();
    await result.getByText(/1 address left out because they unsubscribed/).waitFor();
    await result.getByText('Line 4: "not-an-email" is not an email address').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await saveScreenshot(page, 'newsletter-import-result', { isFullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('row', { name: /zoe@example\.com/ }).waitFor();
    await page.getByLabel('Search').fill('MIA');
    await page.getByRole('status').getByText('1 subscriber').waitFor();
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Status').selectOption({ label: 'Unsubscribed' });
    await page.getByRole('status').getByText('1 subscriber').waitFor();
    await page.getByRole('row', { name: /reader@example\.com/ }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Any status' });
    await page.getByRole('status').getByText('3 subscribers').waitFor();
    await checkAtBothWidths(page, [{ name: 'newsletter-list' }]);

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await page.evaluate(async (url) => (await fetch(url ?? '')).text(), href);
    expect(csv).toContain('email,name,status,source,added at,subscribed at,unsubscribed at');
    expect(csv).toContain('mia@example.com,Mia,Subscribed,import,');
    expect(csv).toContain('reader@example.com,,Unsubscribed,newsletter,');
  });

  it('unsubscribes someone from the list screen after a confirmation', async () => {
    const row = page.getByRole('row', { name: /zoe@example\.com/ });
    await row.getByRole('button', { name: 'Unsubscribe zoe@example.com' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unsubscribe zoe@example.com?' });
    await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
    await row.getByText('Unsubscribed', { exact: true }).filter({ visible: true }).waitFor();
  });

  it('lists the lists with their counts, and Back returns to them', async () => {
    await page.getByRole('button', { name: 'Back to mailing lists' }).click();
    const row = page.getByRole('row', { name: /Letters from the studio/ });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    expect(page.url()).toMatch(/\/config\/mailing-lists$/);
    await checkAtBothWidths(page, [{ name: 'newsletter-lists' }]);
    // Opened from the lists, Back returns to them and Forward opens the list again.
    await row.getByRole('button', { name: 'Letters from the studio' }).click();
    await page.getByRole('heading', { name: 'Letters from the studio', level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Mailing lists', level: 1 }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Letters from the studio', level: 1 }).waitFor();
  });

  it('raised no error in either browser', () => {
    expect(errors).toEqual([]);
  });
});
