import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAtBothWidths, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 19 as a new merchant meets gift cards: an empty list, a card issued by hand whose
// code is shown once, the card listed with its code masked, then voided, its history
// telling both.

describe('gift cards admin (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: { width: 1280, height: 800 },
  });
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name }).click();
  let code = '';

  it('issues a card by hand and shows its code once', async () => {
    await createOwner(page, server.baseUrl);
    await nav('Gift cards');
    await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    await page.getByText('No gift cards yet').waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-gift-cards-empty' }]);

    await page.getByRole('button', { name: 'Issue gift card' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Issue gift card' });
    await dialog.getByLabel(/^Amount/).fill('0');
    await dialog.getByRole('button', { name: 'Issue gift card' }).click();
    await dialog.getByText('A gift card amount must be more than 0').waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-gift-card-issue' }]);
    await dialog.getByLabel(/^Amount/).fill('25');
    await dialog.getByLabel('Recipient name (optional)').fill('Grace Hopper');
    await dialog.getByLabel('Recipient email (optional)').fill('grace@example.com');
    await dialog.getByLabel('Message (optional)').fill('Thanks for your patience!');
    await dialog.getByRole('switch', { name: 'Email the card to the recipient' }).click();
    await dialog.getByRole('button', { name: 'Issue gift card' }).click();

    const issued = page.getByRole('dialog', { name: 'Gift card issued' });
    code = (await issued.getByTestId('issued-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await issued.getByText('$25.00 for Grace Hopper').waitFor();
    await issued.getByRole('button', { name: 'Copy code' }).waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-gift-card-issued' }]);
    await issued.getByRole('button', { name: 'Done' }).click();
    await issued.waitFor({ state: 'detached' });
  });

  it('lists the card with its code masked, searchable by its last four', async () => {
    const table = page.getByRole('table', { name: 'Gift cards' });
    const row = table.getByRole('row').filter({ hasText: code.slice(-4) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('$25.00');
    expect(await row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain('grace@example.com');
    expect(await page.content()).not.toContain(code);
    await page.getByLabel('Search').fill(code.slice(-4));
    await page.getByRole('status').filter({ hasText: '1 gift card' }).waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-gift-cards' }]);
  });

  it('voids the card after a confirmation, and its history shows both events', async () => {
    await page.getByRole('link', { name: `ending ${code.slice(-4)}` }).click();
    await page.getByRole('heading', { level: 1, name: /Gift card/ }).waitFor();
    expect(page.url()).toMatch(/\/config\/gift-cards\/[0-9a-f-]{36}$/);
    const history = page.locator('.ui-card').filter({ hasText: 'History' });
    await expect.poll(() => history.textContent()).toContain('Issued');
    expect(await history.textContent()).toContain('Emailed to grace@example.com');

    await page.getByRole('button', { name: 'Void gift card…' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Its balance of $25.00 goes to 0').waitFor();
    await confirm.getByRole('button', { name: 'Void gift card' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => history.textContent()).toContain('Voided');
    expect(await history.textContent()).toContain('−$25.00');
    await page.getByRole('button', { name: 'Void gift card…' }).waitFor({ state: 'detached' });
    await checkAtBothWidths(page, [{ name: 'admin-gift-card-detail' }]);

    // The card has an address of its own: a reload (or a shared link) opens it again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Gift card/ }).waitFor();
    await expect.poll(() => history.textContent()).toContain('Voided');

    await page.getByRole('button', { name: 'Back to gift cards' }).click();
    const row = page
      .getByRole('table', { name: 'Gift cards' })
      .getByRole('row')
      .filter({
        hasText: code.slice(-4),
      });
    await expect.poll(() => row.textContent()).toContain('Voided');
    expect(errors).toEqual([]);
  });
});
