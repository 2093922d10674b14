import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database.ts';
import {
  checkAtBothWidths,
  DESKTOP,
  PHONE,
  saveScreenshot,
  screenshotDir,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 21's campaigns as the owner meets them: compose an email from blocks (text,
// image from the library, button, product), reorder them, preview it, send a test, then
// send it to a list of three subscribed addresses (one more has unsubscribed) and watch
// the progress reach done; the outbox then holds one email for each, with RFC 8058
// List-Unsubscribe headers.

const SUBSCRIBED = ['ada@example.com', 'grace@example.com', 'linus@example.com'];

/** The mailing list, written before the server starts (the newsletter feature fills lists). */
async function seedList(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const website = await database.db
      .selectFrom('websites')
      .select('website_id')
      .executeTakeFirstOrThrow();
    const list = await database.db
      .insertInto('mailing_lists')
      .values({ website_id: website.website_id, name: 'Newsletter readers' })
      .returning('list_id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('mailing_list_subscribers')
      .values(
        [...SUBSCRIBED, 'left@example.com'].map((email) => ({
          website_id: website.website_id,
          list_id: list.list_id,
          email,
          email_key: email,
          status:
            email === 'left@example.com' ? ('unsubscribed' as const) : ('subscribed' as const),
          source: 'import' as const,
          unsubscribe_token: randomBytes(18).toString('base64url'),
        })),
      )
      .execute();
  } finally {
    await database.close();
  }
}

describe('campaigns screen (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: { width: 1280, height: 800 },
    prepare: seedList,
  });
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name }).click();
  const status = () => page.locator('.campaigns__composer > p[role="status"]');

  it('composes a campaign from blocks, previews it and sends a test', async () => {
    page.setDefaultTimeout(15_000);
    await createOwner(page, server.baseUrl);
    await nav('Campaigns');
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await page.getByText('No campaigns yet').waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { level: 1, name: 'Untitled campaign' }).waitFor();

    await page.getByLabel('Campaign name').fill('Autumn mugs');
    await page.getByLabel('Subject', { exact: true }).fill('Our autumn mugs are here');
    await page.getByLabel('Preview text').fill('Oat, clay and more');
    await page
      .getByLabel('Mailing list')
      .selectOption({ label: 'Newsletter readers (3 subscribed)' });

    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByLabel('Text of block 1').fill('Hello,\n\nThe <new> mugs are in the shop.');
    await page.getByRole('button', { name: 'Add product' }).click();
    const product = page.getByLabel('Product of block 2');
    await expect.poll(() => product.locator('option').count()).toBeGreaterThan(1);
    // The picker searches the whole catalog on the server, by title or SKU.
    await page.getByLabel('Find a product for block 2').fill('apron');
    // Narrowed to the matches once the search has answered.
    await expect
      .poll(async () => {
        const titles = (await product.locator('option').allTextContents()).slice(1);
        return titles.length > 0 && titles.every((title) => /apron/i.test(title));
      })
      .toBe(true);
    await product.selectOption({ index: 1 });
    await page.getByLabel('Find a product for block 2').fill('');
    await page.getByRole('button', { name: 'Add button' }).click();
    await page.getByLabel('Link of block 3').fill('https://example.com/shop');
    await page.getByRole('button', { name: 'Add image' }).click();
    await page.getByRole('button', { name: 'Choose from the library' }).click();
    await page.locator('.file-manager__file').first().click();
    await page.getByRole('button', { name: 'Use this image' }).click();
    await page.getByText('From the library:').waitFor();
    // The image goes above the button.
    await page.getByRole('button', { name: 'Move up block 4' }).click();
    // Focus follows the block, so moving it again is one more press.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move up block 3');
    await expect
      .poll(() => page.locator('.campaigns__block legend').allTextContents())
      .toEqual(['Block 1: Text', 'Block 2: Product', 'Block 3: Image', 'Block 4: Button']);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => status().textContent()).toBe('Draft saved.');
    await page.getByRole('button', { name: 'Preview email' }).click();
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await preview.getByText('The <new> mugs are in the shop.').waitFor();
    await preview.getByRole('link', { name: 'Unsubscribe' }).waitFor();

    await page.getByLabel('Test email address').fill('owner-test@example.com');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect
      .poll(() => status().textContent())
      .toBe('Test email queued for owner-test@example.com.');
    // The preview frame is sandboxed (no script runs in it, axe's neither): its shots are
    // taken as they are, and the screen is checked with it closed.
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByRole('heading', { name: 'Preview' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-campaign-preview-${width}`, { isFullPage: false });
    }
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Close preview' }).click();
    await checkAtBothWidths(page, [
      {
        name: 'admin-campaign-composer',
        scrollTo: page.getByRole('heading', { level: 1, name: 'Autumn mugs' }),
      },
      { name: 'admin-campaign-blocks', scrollTo: page.getByRole('heading', { name: 'Content' }) },
    ]);
  });

  it('sends to the three subscribed addresses and shows the progress reach done', async () => {
    await page.getByRole('button', { name: 'Send campaign' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send this campaign?' });
    await confirm.getByText('It goes to 3 subscribed addresses of Newsletter readers.').waitFor();
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('progressbar', { name: 'Sending progress' }).waitFor();
    // The job runner polls every few seconds in production; the screen polls too.
    await page.getByText('Done: every address has had its turn.').waitFor({ timeout: 30_000 });
    expect(
      await page.getByRole('progressbar', { name: 'Sending progress' }).getAttribute('value'),
    ).toBe('3');
    const recipients = page.getByRole('table', { name: 'Recipients' });
    await expect.poll(() => recipients.locator('tbody tr').count()).toBe(3);
    for (const email of SUBSCRIBED) {
      await recipients.getByRole('rowheader', { name: email }).waitFor();
    }

    const outbox = await callFrom(page, 'GET', '/api/mail/outbox');
    expect(outbox.status).toBe(200);
    type Message = { kind: string; to: string; subject: string; headers: Record<string, string> };
    const messages: Message[] = outbox.json.messages;
    const campaign = messages.filter((m) => m.kind === 'campaign');
    expect(campaign.map((m) => m.to).sort()).toEqual(SUBSCRIBED);
    for (const message of campaign) {
      expect(message.subject).toBe('Our autumn mugs are here');
      expect(message.headers['List-Unsubscribe']).toMatch(
        /^<http[^>]+\/newsletter\/unsubscribe\?t=[\w-]+>$/,
      );
      expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    expect(messages.filter((m) => m.kind === 'campaign-test').map((m) => m.subject)).toEqual([
      '[Test] Our autumn mugs are here',
    ]);

    await checkAtBothWidths(page, [
      {
        name: 'admin-campaign-progress',
        scrollTo: page.getByRole('heading', { level: 1, name: 'Autumn mugs' }),
      },
    ]);
    await page.getByRole('button', { name: 'Back to campaigns' }).click();
    const list = page.getByRole('table', { name: 'Campaigns' });
    await list.getByText('Sent', { exact: true }).waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-campaigns' }]);

    // The brief's copies of the screenshots.
    const shots = '/tmp/shots-campaigns';
    await mkdir(shots, { recursive: true });
    for (const file of await readdir(screenshotDir)) {
      if (file.startsWith('admin-campaign')) await cp(join(screenshotDir, file), join(shots, file));
    }
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
