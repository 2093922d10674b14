import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// The tag manager (SPEC §2 Edit, Merge, Filter; issue 18), as the owner of the demo store
// uses it: rename a tag, be told when two are selected for Edit, merge two, delete one,
// and see a visitor's shop keep the products.

describe('the tag manager (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: { width: 1280, height: 800 },
  });

  const tagNames = () =>
    page.getByRole('table', { name: 'Tags' }).locator('tbody th[scope="row"]').allTextContents();
  const countOf = (tag: string) =>
    page
      .getByRole('table', { name: 'Tags' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: tag, exact: true }) })
      .locator('td')
      .last()
      .textContent();
  const select = (tag: string) =>
    page.getByRole('checkbox', { name: `Select ${tag}`, exact: true });

  it('lists the demo store’s tags with their product counts', async () => {
    await createOwner(page, server.baseUrl);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Tags' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    await expect.poll(tagNames).toContain('linen');
    expect(await tagNames()).toEqual(expect.arrayContaining(['aprons', 'kitchen', 'shirts']));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-tags-desktop');
  });

  it('says Edit takes one tag at a time, then renames one on every product', async () => {
    await select('linen').check();
    await select('shirts').check();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'You may only edit one tag at a time' })
      .waitFor();
    await select('shirts').uncheck();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tag linen' });
    await dialog.getByLabel('Tag name').fill('aprons');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    // A name in use is refused with the spec's words, under the field.
    await dialog.getByText('This tag already exists').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel('Tag name').fill('Linen');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(tagNames).toContain('Linen');
    expect(await tagNames()).not.toContain('linen');
  });

  it('merges two tags into one and deletes another, with a confirm', async () => {
    await select('ceramics').check();
    await select('kitchen').check();
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge 2 tags' });
    await dialog.getByLabel('Merged tag name').fill('Home');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(tagNames).toContain('Home');
    expect(await tagNames()).not.toContain('ceramics');
    expect(await countOf('Home')).toBe('1');

    await select('aprons').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete tag aprons?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(tagNames).not.toContain('aprons');

    // The product is still in the shop; only its tag went.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}/shop`);
    await visitor.getByText('Waxed Canvas Apron').first().waitFor();
    await context.close();
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-tags-phone');
    expect(errors).toEqual([]);
  });
});
