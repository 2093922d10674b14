import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, createOwner, dragTo } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// The category manager (SPEC §2 Edit, Merge, New, Filter; issue 18), as a store manager
// of the demo store uses it: new categories, one nested by drag and one from the
// keyboard, a rename (a sibling's name refused), a merge that moves products, then the
// Products list filtered by category and products added to one in bulk.

type Category = { id: string; displayName: string; parentCategoryId: string | null };

describe('the category manager (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: { width: 1280, height: 800 },
  });

  const websitePath = async () => {
    const session = await callFrom(page, 'GET', '/api/config/session');
    return `/api/content-service/product/1.1/websites/${session.json.websiteId}`;
  };
  /** The shop's categories as the server has them. */
  async function shopCategories(): Promise<Category[]> {
    const base = await websitePath();
    const { json } = await callFrom(page, 'GET', `${base}/collections`);
    const shop = json.collections.find((c: { urlId: string }) => c.urlId === 'shop');
    return (await callFrom(page, 'GET', `${base}/products/${shop.id}/categories`)).json.categories;
  }
  const parentOf = async (name: string) => {
    const all = await shopCategories();
    const parentId = all.find((c) => c.displayName === name)?.parentCategoryId;
    return all.find((c) => c.id === parentId)?.displayName ?? null;
  };
  const tree = () => page.getByRole('list', { name: 'Categories of Shop' });
  const row = (name: string) =>
    tree()
      .locator('li')
      .filter({ has: page.locator('.category-row__name', { hasText: new RegExp(`^${name}`) }) });
  const status = () => page.locator('.category-manager .notice');

  async function newCategory(name: string) {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(name).waitFor();
  }

  it('signs in a store manager, who sees the shop’s category tree', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    const added = await callFrom(page, 'POST', '/api/config/members', {
      email: 'shop@example.com',
      password: 'store password 1',
      role: 8,
    });
    expect(added.status).toBe(201);
    await page.context().clearCookies();
    await page.goto(`${server.baseUrl}/config`);
    await page.getByLabel('Email').fill('shop@example.com');
    await page.getByLabel('Password').fill('store password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Categories' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await row('Workwear').waitFor();
    expect(await page.getByLabel('Store page').inputValue()).toBeTruthy();
    expect(await row('Clothing').locator('.category-row__count').textContent()).toBe('1 product');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('adds categories, nests one by dragging and one from the keyboard', async () => {
    await newCategory('Linen');
    await newCategory('Wool');
    await newCategory('Aprons');

    // Dropped on the middle of Clothing: Wool becomes its child.
    await dragTo(
      page,
      row('Wool').locator('.category-row__handle'),
      row('Clothing').locator('.category-row__line'),
      'middle',
    );
    await status().filter({ hasText: 'Moved Wool into Clothing.' }).waitFor();
    await expect.poll(() => parentOf('Wool')).toBe('Clothing');
    await expect
      .poll(() => row('Wool').locator('.category-row__name').textContent())
      .toContain('inside Clothing');

    // Dropped on the top edge of Home: Aprons moves just above it, still at the top level.
    await dragTo(
      page,
      row('Aprons').locator('.category-row__handle'),
      row('Home').locator('.category-row__line'),
      'top',
    );
    await status().filter({ hasText: 'Moved Aprons.' }).waitFor();
    const names = async () => (await shopCategories()).map((c) => c.displayName);
    await expect
      .poll(async () => (await names()).indexOf('Aprons'))
      .toBe((await names()).indexOf('Home') - 1);

    // Keyboard only: Edit, choose where it goes, Enter saves.
    await row('Linen').getByRole('button', { name: 'Edit Linen' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Edit Linen' });
    await form.getByLabel('Move to').focus();
    await form.getByLabel('Move to').selectOption({ label: 'Inside Home' });
    await form.getByLabel('Name').focus();
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => parentOf('Linen')).toBe('Home');
    // Focus is back on the row's Edit, not lost to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Edit Linen');

    // Move up from the keyboard, among its siblings.
    const before = (await names()).indexOf('Gifts');
    await row('Gifts').getByRole('button', { name: 'Move Gifts up' }).focus();
    await page.keyboard.press('Enter');
    await status().filter({ hasText: 'Moved Gifts up.' }).waitFor();
    await expect.poll(async () => (await names()).indexOf('Gifts')).toBeLessThan(before);
    await saveScreenshot(page, 'admin-categories-desktop');
  });

  it('edits one at a time, renames within 25 characters, refusing a sibling’s name', async () => {
    await row('Aprons').getByRole('button', { name: 'Edit Aprons' }).click();
    const form = page.getByRole('form', { name: 'Edit Aprons' });
    await row('Gifts').getByRole('button', { name: 'Edit Gifts' }).click();
    await status().filter({ hasText: 'You may only edit one category at a time' }).waitFor();

    await form.getByLabel('Name').fill('x'.repeat(30));
    expect(await form.getByLabel('Name').inputValue()).toHaveLength(25);
    await form.getByText('25/25 characters').waitFor();
    await form.getByLabel('Name').fill('home');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('This category already exists').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-categories-edit-desktop', { isFullPage: false });
    await form.getByLabel('Name').fill('Work aprons');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await row('Work aprons').waitFor();
  });

  it('merges two categories: the products move to the one kept', async () => {
    await row('Clothing').getByRole('checkbox').check();
    await row('Workwear').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge 2 categories' });
    await dialog.getByLabel('Keep').selectOption({ label: 'Clothing' });
    await dialog.getByText('Merged into it: Workwear (1 product).').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => row('Clothing').locator('.category-row__count').textContent())
      .toBe('2 products');
    expect(await row('Workwear').count()).toBe(0);
  });

  it('filters the tree, and deletes a category naming what it costs', async () => {
    await page.getByLabel('Filter').fill('wool');
    await expect.poll(() => tree().locator('li').count()).toBe(2);
    await row('Wool').getByRole('checkbox').check();
    await page.getByLabel('Filter').fill('');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the category Wool?' });
    await confirm.getByText('0 products lose Wool.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row('Wool').count()).toBe(0);
  });

  it('makes a store page, changes its address, and deletes only an empty one', async () => {
    await page.getByRole('button', { name: 'New store page' }).click();
    const created = page.getByRole('dialog', { name: 'New store page' });
    await created.getByLabel('Title').fill('Winter sale');
    await created.getByRole('button', { name: 'Add' }).click();
    await created.waitFor({ state: 'detached' });
    await expect
      .poll(async () => page.getByLabel('Store page').locator('option:checked').textContent())
      .toBe('Winter sale (/winter-sale)');
    await page.getByText('No categories yet').waitFor();

    await page.getByRole('button', { name: 'Store page settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Store page Winter sale' });
    await settings.getByLabel('URL').fill('shop');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByText('Another page or collection already uses /shop.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-store-page-desktop', { isFullPage: false });
    await settings.getByLabel('URL').fill('winter');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await expect
      .poll(async () => page.getByLabel('Store page').locator('option:checked').textContent())
      .toBe('Winter sale (/winter)');

    await page.getByRole('button', { name: 'Store page settings' }).click();
    await page.getByRole('button', { name: 'Delete…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the store page Winter sale?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(async () => page.getByLabel('Store page').locator('option:checked').textContent())
      .toBe('Shop (/shop)');

    // The shop still holds products: the store refuses, saying what to do.
    await page.getByRole('button', { name: 'Store page settings' }).click();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete the store page Shop?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Store page Shop' })
      .getByText('Move or delete its products first.')
      .waitFor();
    await page.keyboard.press('Escape');
    await row('Clothing').waitFor();
  });

  it('filters the Products list by category and adds products to one in bulk', async () => {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Products' })
      .click();
    const table = page.getByRole('table', { name: 'Products' });
    await table.waitFor();
    const titles = () => table.locator('tbody th[scope="row"] .products__title').allTextContents();
    await page.getByLabel('Category').selectOption({ label: 'Clothing' });
    await expect
      .poll(async () => (await titles()).sort())
      .toEqual(['Linen Work Shirt', 'Waxed Canvas Apron']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(async () => (await titles()).length).toBeGreaterThan(2);

    await page.getByRole('checkbox', { name: 'Select Stoneware Mug' }).check();
    await page.getByRole('checkbox', { name: 'Select Fern & Flax Gift Card' }).check();
    await page.getByRole('button', { name: 'Add to category…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 2 products to a category' });
    await dialog.getByLabel('Category').selectOption({ label: 'Home › Linen' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 products added to Home › Linen.').first().waitFor();

    await page.getByLabel('Category').selectOption({ label: 'Home › Linen' });
    await expect
      .poll(async () => (await titles()).sort())
      .toEqual(['Fern & Flax Gift Card', 'Stoneware Mug']);
    // Home holds Linen, so the mug (in Home itself) and Linen's products all show.
    await page.getByLabel('Category').selectOption({ label: 'Home' });
    await expect
      .poll(async () => (await titles()).sort())
      .toEqual(['Fern & Flax Gift Card', 'Stoneware Mug']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-products-category-filter-desktop');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'admin-products-category-filter-phone');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Categories' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await row('Linen').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-categories-phone');
    expect(errors).toEqual([]);
  });
});
