import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormAnswers } from '@atelier/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createFormInboxRepo } from '../apps/server/src/features/forms/form-inbox.repo.ts';
import {
  checkAtBothWidths,
  DESKTOP,
  launchBrowser,
  seriousA11yViolations,
} from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * A form's inbox in /config (issue 20). The demo store's lesson form gets submissions
 * stored straight into the database before the server starts (the visitor's submission
 * call is built beside this), two of them carrying a script tag and an onerror image:
 * the owner reads them as text, and nothing runs. Screenshots: e2e/screenshots/admin-form-inbox-*.
 */
const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const LINK = 'javascript:alert(1)';

describe('the form inbox (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let dataDir: string;
  let formId: string;
  const errors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atelier-e2e-inbox-'));
    await cp(inject('seededDataDir'), dataDir, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const form = await database.db
        .selectFrom('forms')
        .select(['form_id', 'website_id'])
        .where('name', '=', 'About your lesson')
        .executeTakeFirstOrThrow();
      formId = form.form_id;
      const repo = createFormInboxRepo(database.db);
      const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9, 30));
      const rows: { values: FormAnswers; createdAt: Date; isRead?: boolean }[] = [
        {
          values: {
            name: ['Ada', 'Lovelace'],
            topic: 'Fitting a pattern',
            level: 'Some',
            notes: 'I have a 1970s machine.\nCan I bring it along?',
          },
          createdAt: at(1),
        },
        {
          values: { name: ['Eve', SCRIPT], topic: 'Machine basics', notes: IMG },
          createdAt: at(2),
        },
        {
          values: { name: ['Mallory', ''], topic: 'Machine basics', notes: LINK },
          createdAt: at(3),
          isRead: true,
        },
      ];
      for (const [index, row] of rows.entries()) {
        await repo.insert({
          websiteId: form.website_id,
          formId,
          submissionKey: `e2e-inbox-${index}`,
          pageTitle: 'Lessons',
          pagePath: '/lessons',
          ...row,
        });
      }
    } finally {
      await database.close();
    }
    [server, browser] = await Promise.all([
      startServer({ DATA_DIR: dataDir }, { keepDataDir: true }),
      launchBrowser(),
    ]);
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // An alert() is the proof a visitor's markup ran: there must be none.
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), server?.stop()]);
    await rm(dataDir, { recursive: true, force: true });
    if (server) await rm(server.dataDir, { recursive: true, force: true });
  });

  const inboxUrl = () => `${server.baseUrl}/config/forms/${formId}/submissions`;
  const table = () => page.getByRole('table', { name: 'Submissions of About your lesson' });
  /** The open buttons of the unread rows (their names end ", unread"). */
  const unread = () => table().getByRole('button', { name: /, unread$/ });
  const listCount = () => page.locator('.orders__count').textContent();

  it('lists the submissions newest first, unread ones marked, markup shown as text', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await page.goto(inboxUrl());
    await page.getByRole('heading', { level: 1, name: 'About your lesson' }).waitFor();
    await expect.poll(() => listCount()).toBe('3 submissions');
    const rows = table().getByRole('row');
    // A header row, then Mallory (read), Eve, Ada.
    expect(await rows.nth(1).textContent()).toContain('Mallory');
    expect(await rows.nth(2).textContent()).toContain(SCRIPT);
    expect(await rows.nth(2).textContent()).toContain(IMG);
    await unread().first().waitFor();
    expect(await unread().count()).toBe(2);
    // The visitor's markup is text: no element made from it.
    expect(await page.locator('.form-inbox img, .form-inbox script').count()).toBe(0);
    await checkAtBothWidths(page, [{ name: 'admin-form-inbox' }]);
  });

  it('opens a submission with every label and answer and marks it read', async () => {
    await table()
      .getByRole('row')
      .nth(2)
      .getByRole('button', { name: /, unread$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Submission of / });
    await dialog.waitFor();
    await dialog.getByText('Your name', { exact: true }).waitFor();
    await dialog.getByText(`Eve ${SCRIPT}`, { exact: true }).waitFor();
    await dialog.getByText(IMG, { exact: true }).waitFor();
    await dialog.getByText('What would you like to learn?', { exact: true }).waitFor();
    // A field left empty says so.
    await dialog.getByText('No answer').first().waitFor();
    expect(await dialog.locator('img, script').count()).toBe(0);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await checkAtBothWidths(page, [{ name: 'admin-form-inbox-detail' }]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => unread().count()).toBe(1);

    // Line breaks the visitor typed are kept.
    await unread().click();
    const notes = page.getByRole('dialog').getByText(/1970s machine/);
    expect(await notes.evaluate((el) => (el as HTMLElement).innerText)).toBe(
      'I have a 1970s machine.\nCan I bring it along?',
    );
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await expect.poll(() => unread().count()).toBe(1);
  });

  it('searches, filters unread and marks ticked rows read', async () => {
    await page.getByRole('searchbox', { name: 'Search' }).fill('lovelace');
    await expect.poll(() => listCount()).toBe('1 submission');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByLabel('Show').selectOption('unread');
    await expect.poll(() => listCount()).toBe('1 submission');
    await page.getByLabel('Show').selectOption('all');
    await expect.poll(() => listCount()).toBe('3 submissions');

    await page.getByRole('checkbox', { name: /^Select all/ }).check();
    const bar = page.getByRole('toolbar', { name: 'Selected submissions' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Mark read' }).click();
    await page.getByText('3 submissions marked read.', { exact: true }).waitFor();
    await expect.poll(() => unread().count()).toBe(0);
  });

  it('exports the CSV with a column per field and the markup as typed', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^about-your-lesson-submissions-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(
      'Submitted at,Page,Your name,What would you like to learn?,Your sewing experience,Anything we should know?',
    );
    expect(text).toContain(`Eve ${SCRIPT}`);
    expect(text).toContain('"I have a 1970s machine.\nCan I bring it along?"');
  });

  it('deletes a submission after asking', async () => {
    const mallory = table().getByRole('row').filter({ hasText: 'Mallory' });
    await mallory.getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'Selected submissions' })
      .getByRole('button', { name: 'Delete…' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1 submission?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1 submission deleted.', { exact: true }).waitFor();
    await expect.poll(() => listCount()).toBe('2 submissions');
    expect(await table().textContent()).not.toContain('Mallory');
  });

  it('shows the empty state once every submission is gone, and nothing ever ran', async () => {
    await page.getByRole('checkbox', { name: /^Select all/ }).check();
    await page
      .getByRole('toolbar', { name: 'Selected submissions' })
      .getByRole('button', { name: 'Delete…' })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete 2 submissions?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No submissions yet').waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-form-inbox-empty' }]);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});
