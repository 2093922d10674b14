import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAtBothWidths, seriousA11yViolations, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 20's form builder as a new owner meets it: build a contact form with a required
// email and a 200-character message, reorder by keyboard and by drag, fix a clashing field
// id, save, reload and find it as saved; then copy it and delete the copy.

describe('form builder (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: { width: 1280, height: 800 },
  });
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name }).click();
  const fieldIds = () =>
    page
      .locator('.form-builder__fields > li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-field-id')));
  const card = (id: string) => page.locator(`.form-builder__fields > li[data-field-id="${id}"]`);

  it('builds, reorders and saves a contact form', async () => {
    await createOwner(page, server.baseUrl);
    await nav('Forms');
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
    await page.getByRole('button', { name: 'Create form' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New form' }).waitFor();
    await page.getByLabel('Form name').fill('Contact us');

    await page.getByRole('button', { name: 'Add Email' }).click();
    // The new field opens with its label focused.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
      .toMatch(/-label$/);
    await card('email').getByRole('switch', { name: 'Required' }).click();

    await page.getByRole('button', { name: 'Add Paragraph' }).click();
    await card('message').getByLabel('Maximum length').fill('200');

    await page.getByRole('button', { name: 'Add Text' }).click();
    await card('text').getByLabel('Label').fill('Subject');
    await card('text').getByLabel('Field id').fill('email');
    expect(await fieldIds()).toEqual(['email', 'message', 'email']);

    // A clashing id is refused beside the field, before anything is sent.
    await page.getByRole('button', { name: 'Save form' }).click();
    await page
      .getByText('Another field already uses the id "email". Give each field its own id.')
      .waitFor();
    await page.getByText('Fix the field marked below, then save again.').waitFor();
    await page.locator('.form-builder__field--invalid').getByLabel('Field id').fill('subject');

    // Keyboard: Subject moves up one place, and the focus stays on its button.
    const up = page.getByRole('button', { name: 'Move Subject up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect.poll(fieldIds).toEqual(['email', 'subject', 'message']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Subject up');
    await page.getByText('Subject moved to position 2 of 3.').waitFor();
    // Drag: Subject's handle onto the first field.
    await card('subject').locator('.form-builder__handle').dragTo(card('email'));
    await expect.poll(fieldIds).toEqual(['subject', 'email', 'message']);

    // The preview shows the form as visitors will see it.
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await preview.getByLabel('Subject').waitFor();
    await preview.getByRole('button', { name: 'Submit' }).waitFor();

    await page.getByLabel('Submit button label').fill('Send message');
    await page.getByLabel('Notification email').fill('owner@example.com');
    await page.getByRole('button', { name: 'Save form' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await page.getByText('All changes saved').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await checkAtBothWidths(page, [
      { name: 'admin-form-builder', scrollTo: page.locator('.form-builder__header') },
      { name: 'admin-form-builder-fields', scrollTo: page.locator('.form-builder__fields') },
    ]);

    // The open form is the address: a reload shows it again, as saved.
    expect(new URL(page.url()).pathname).toMatch(/^\/config\/forms\/[0-9a-f-]{36}$/);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    expect(await fieldIds()).toEqual(['subject', 'email', 'message']);
    expect(await page.getByLabel('Submit button label').inputValue()).toBe('Send message');
    await nav('Forms');
    const row = page.getByRole('row').filter({ hasText: 'Contact us' });
    await row.getByText('3 fields').waitFor();
    await row.getByRole('link', { name: '0 submissions' }).waitFor();
    expect(await row.getByRole('link').getAttribute('href')).toMatch(
      /^\/config\/forms\/[0-9a-f-]{36}\/submissions$/,
    );
    await checkAtBothWidths(page, [{ name: 'admin-forms-list' }]);

    await page.getByRole('button', { name: 'Edit Contact us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    expect(await fieldIds()).toEqual(['subject', 'email', 'message']);
    await card('email')
      .getByRole('button', { name: /Email \(required\)/ })
      .waitFor();
    await card('message')
      .getByRole('button', { name: /^Message/ })
      .click();
    expect(await card('message').getByLabel('Maximum length').inputValue()).toBe('200');
    expect(await page.getByLabel('Submit button label').inputValue()).toBe('Send message');
    // Back returns to the list, Forward reopens the form.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await page.getByRole('button', { name: '← All forms' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
  });

  it('adds a hidden field filled from the address and a likert scale', async () => {
    await page.getByRole('button', { name: 'Edit Contact us' }).click();
    await page.getByRole('button', { name: 'Add Hidden' }).click();
    await card('source').getByLabel('Query parameter').fill('2nd');
    await page.getByRole('button', { name: 'Add Likert scale' }).click();
    const likert = card('how-much-do-you-agree');
    await likert.getByText(/Strongly Disagree, Disagree, Neutral, Agree, Strongly Agree/).waitFor();
    await likert.getByRole('button', { name: 'Add statement' }).click();
    await page.getByRole('button', { name: 'Save form' }).first().click();
    await page.getByText(/filled from the query parameter of the same name/).waitFor();
    await likert.getByText('Fill in or remove the empty question').waitFor();
    await page
      .locator('.form-builder__field--invalid')
      .first()
      .getByLabel('Query parameter')
      .fill('source');
    await likert.getByRole('button', { name: /Remove statement 2/ }).click();
    await page.getByRole('button', { name: 'Save form' }).first().click();
    await page.getByText('All changes saved').first().waitFor();
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await preview.getByText('Filled from the page address: ?source=').waitFor();
    await preview.getByRole('group', { name: 'How much do you agree?' }).waitFor();
    await checkAtBothWidths(page, [
      { name: 'admin-form-builder-savebar', scrollTo: page.locator('.form-builder__palette') },
    ]);
    await page.getByRole('button', { name: '← All forms' }).click();
    await page.getByRole('row').filter({ hasText: 'Contact us' }).getByText('5 fields').waitFor();
  });

  it('previews what a visitor sees after submitting: message, cleaned HTML, redirect', async () => {
    await page.getByRole('button', { name: 'Edit Contact us' }).click();
    await page.getByLabel('Submission message').fill('Thanks, we will write back.');
    await page.getByRole('radio', { name: /Show a message and formatted content/ }).check();
    await page
      .getByLabel('Post-submit HTML')
      .fill('<p>Meanwhile, see <a href="/shop">the shop</a>.</p><script>alert(1)</script>');
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await preview.getByRole('tab', { name: 'After submit' }).click();
    await preview.getByText('Thanks, we will write back.').waitFor();
    // Unsaved HTML is not drawn: the server cleans it first.
    await preview.getByText(/Save the form to see the formatted content/).waitFor();
    await page.getByRole('button', { name: 'Save form' }).first().click();
    await page.getByText('All changes saved').first().waitFor();
    await preview.getByRole('link', { name: 'the shop' }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.getByText(/Save the form to see/).count()).toBe(0);
    await checkAtBothWidths(page, [
      { name: 'admin-form-builder-after-submit', scrollTo: page.locator('.form-builder__preview') },
    ]);

    await page.getByRole('radio', { name: /Go to another page/ }).check();
    await page.getByLabel('Success redirect address').fill('/thanks');
    await preview.getByText('Redirects to /thanks').waitFor();
    // Back to the saved choice: nothing is left unsaved.
    await page.getByRole('radio', { name: /Show a message and formatted content/ }).check();
    await page.getByText('All changes saved').first().waitFor();
    await preview.getByRole('tab', { name: 'Form' }).click();
    await preview.getByLabel('Subject').waitFor();
    await page.getByRole('button', { name: '← All forms' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
  });

  it('asks before the sidebar leaves unsaved changes', async () => {
    await page.getByRole('button', { name: 'Edit Contact us' }).click();
    await card('subject')
      .getByRole('button', { name: /^Subject/ })
      .click();
    await card('subject').getByLabel('Label').fill('Topic');
    await nav('Orders');
    const confirm = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await confirm.getByText('Your changes to this form will be lost.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    expect(await card('subject').getByLabel('Label').inputValue()).toBe('Topic');
    expect(new URL(page.url()).pathname).toMatch(/^\/config\/forms\/[0-9a-f-]{36}$/);

    // The builder's own Back asks the same question, and so does the browser's Back.
    await page.getByRole('button', { name: '← All forms' }).click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await page.goBack();
    await confirm.getByText('Your changes to this form will be lost.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/config\/forms\/[0-9a-f-]{36}$/);
    expect(await card('subject').getByLabel('Label').inputValue()).toBe('Topic');
    await nav('Orders');
    await confirm.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config');
    await nav('Forms');
    await page.getByRole('button', { name: 'Edit Contact us' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Topic' }).count()).toBe(0);
  });

  it('duplicates a form and deletes the copy after saying what goes with it', async () => {
    await page.getByRole('button', { name: 'Duplicate Contact us' }).click();
    await page.getByRole('button', { name: 'Delete Contact us (copy)' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/products that ask for it no longer ask/).waitFor();
    await confirm.getByRole('button', { name: 'Delete form' }).click();
    await page.getByText('Deleted Contact us (copy).', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Edit Contact us (copy)' }).count())
      .toBe(0);
    expect(errors).toEqual([]);
  });
});
