import { formMessages } from '@atelier/core';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAtBothWidths,
  DESKTOP,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { canvasOf, createOwner } from './support/editor.ts';
import { resendSubmission } from './support/forms.ts';
import type { RunningServer } from './support/server.ts';

// Issue 20's "Done means", walked once as a new owner and a visitor would, every owner step
// in /config: build a contact form (a required email, a 200-character message, the
// captcha on) in the form builder, put it on the demo's Contact page in the page editor
// and publish; as a visitor, send a bad email and read SPEC's words above the field, fix
// it, let the captcha solve, send, see 'Submitting…' then the submission message; the
// owner finds the submission in the form's inbox and its email in the mail log; the key
// the browser used is refused a second time.

const THANKS = 'Thank you, we will write back within two working days.';

describe('site forms, the whole walk (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: DESKTOP,
    acceptDialogs: true,
  });
  let visitor: Page;
  let sentBody = '';

  const nav = (name: string) =>
    page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name, exact: true })
      .click();

  it('builds a contact form with a captcha in the form builder', async () => {
    await createOwner(page, server.baseUrl);
    await nav('Forms');
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
    await page.getByRole('button', { name: 'Create form' }).first().click();
    await page.getByLabel('Form name').fill('Contact');
    await page.getByRole('button', { name: 'Add Email' }).click();
    const card = (id: string) => page.locator(`.form-builder__fields > li[data-field-id="${id}"]`);
    await card('email').getByRole('switch', { name: 'Required' }).click();
    await page.getByRole('button', { name: 'Add Paragraph' }).click();
    await card('message').getByLabel('Maximum length').fill('200');
    await page.getByLabel('Submit button label').fill('Send message');
    await page.getByLabel('Submission message').fill(THANKS);
    // New forms ask for the captcha unless the owner turns it off.
    expect(
      await page.getByRole('switch', { name: 'Ask for a CAPTCHA' }).getAttribute('aria-checked'),
    ).toBe('true');
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByText('All changes saved').first().waitFor();
  });

  it('puts it on the Contact page in the page editor and publishes', async () => {
    await nav('Pages');
    await page.locator('.pages-panel__open', { hasText: 'Contact' }).first().click();
    const canvas = canvasOf(page);
    // The palette adds after the selected block: the page's last paragraph.
    await canvas.locator('[data-block-type="text"]').last().click();
    await page.locator('[data-palette-type="form"]').focus();
    await page.keyboard.press('Enter');
    const picker = page.locator('[data-settings]').getByLabel('Form', { exact: true });
    await picker.waitFor();
    await picker.selectOption({ label: 'Contact' });
    await canvas.locator('[data-block-type="form"]').getByText('Send message').waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published. The page is live.' }).waitFor();
  });

  it('shows a visitor SPEC’s email error above the field', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    visitor = await context.newPage();
    visitor.on('pageerror', (error) => errors.push(error.message));
    visitor.on('request', (request) => {
      if (request.url().endsWith('/api/form/SaveFormSubmission')) {
        sentBody = request.postData() ?? '';
      }
    });
    await visitor.goto(`${server.baseUrl}/contact`);
    const form = visitor.locator('.block--form');
    const send = form.getByRole('button', { name: 'Send message' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await form.getByLabel('Email').fill('ada@example');
    await form.getByLabel('Message').fill('Do you teach on Sundays?');
    await form.getByText('24 / 200').waitFor();
    await send.click();
    const error = form.getByText(formMessages.emailInvalid('user@domain.com'));
    await error.waitFor();
    const order = await form
      .locator('.form-field', { has: visitor.getByLabel('Email') })
      .evaluate((field) => [...field.children].map((child) => child.tagName.toLowerCase()));
    expect(order.slice(0, 2)).toEqual(['p', 'label']);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
  });

  it('sends the fixed form once the captcha is solved: Submitting…, then the message', async () => {
    const form = visitor.locator('.block--form');
    await form.getByLabel('Email').fill('ada@example.com');
    // The captcha started solving when a field first had focus.
    await form.getByText('Verified', { exact: true }).waitFor({ timeout: 20_000 });
    await visitor.route('**/api/form/SaveFormSubmission', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    const locked = form.getByRole('button', { name: 'Submitting…' });
    await locked.waitFor();
    expect(await locked.isDisabled()).toBe(true);
    await form.getByText(THANKS).waitFor();
    expect(await form.getByLabel('Email').count()).toBe(0);
    await visitor.unroute('**/api/form/SaveFormSubmission');
    expect(JSON.parse(sentBody)).toMatchObject({
      form: { email: 'ada@example.com', message: 'Do you teach on Sundays?' },
    });
    expect(JSON.parse(sentBody).captchaKey).toEqual(expect.any(String));
  });

  it('refuses a second submission with the same key', async () => {
    const again = await resendSubmission(visitor, sentBody);
    expect(again.status).toBe(403);
    expect(again.json.error).toBe(formMessages.submissionKeyFailed);
  });

  it('shows the owner the submission in the inbox and its email in the mail log', async () => {
    await page.goto(`${server.baseUrl}/config`);
    await nav('Forms');
    const row = page.getByRole('row').filter({ hasText: 'Contact' });
    await row.getByRole('link', { name: /1 submission · 1 unread/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    const submission = page.getByRole('row').filter({ hasText: 'ada@example.com' });
    await submission.waitFor();
    await checkAtBothWidths(page, [{ name: 'walk-form-inbox' }]);
    await submission.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Do you teach on Sundays?').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await nav('Mail');
    await page.getByText('New submission: Contact').first().waitFor();
  });

  it('raised no error in either browser', () => {
    expect(errors).toEqual([]);
  });
});
