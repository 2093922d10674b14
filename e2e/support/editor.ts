import type { Page } from 'playwright-core';

/** The owner every editor test creates on its fresh install. */
export const OWNER = { email: 'owner@example.com', password: 'correct horse battery' } as const;

/** Opens /config on a fresh install and creates the owner there, as a new user does. */
export async function createOwner(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/config`);
  await page.getByRole('heading', { name: 'Create the owner of this website' }).waitFor();
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create owner' }).click();
}

/** Adds a page from the Pages panel and waits until its editor is open. */
export async function addPage(page: Page, title: string): Promise<void> {
  await page.getByLabel('New page title').fill(title);
  await page.getByRole('button', { name: 'Add page' }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}
