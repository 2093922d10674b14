import type { FrameLocator, Locator, Page } from 'playwright-core';

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

/** The page being edited, drawn in the canvas frame. */
export const canvasOf = (page: Page): FrameLocator => page.frameLocator('iframe.canvas-frame');

/** The insertion line a drag over the canvas draws where the drop would land. */
export const dropLineOn = (page: Page): Locator => canvasOf(page).locator('.canvas-drop-line');

/** The canvas's blocks, top to bottom, by type. */
export const blockTypesOn = (page: Page): Promise<string[]> =>
  canvasOf(page)
    .locator('[data-block-key]')
    .evaluateAll((blocks) => blocks.map((block) => (block as HTMLElement).dataset.blockType ?? ''));

/**
 * A real pointer drag: press, move in small steps (a drag starts after 6 px), release
 * over the top, middle or bottom of the target. Works across the canvas frame's edge.
 *
 * With `dropLine` (the insertion line the drag draws), the pointer is held until that line
 * sits at the aimed edge of the target, re-aiming if the target moved meanwhile: on a busy
 * machine the canvas can still be laying out when the drag begins, and releasing before
 * the line follows the pointer would test the machine's speed, not the drop.
 */
export async function dragTo(
  page: Page,
  from: Locator,
  to: Locator,
  where: 'top' | 'bottom' | 'middle',
  dropLine?: Locator,
): Promise<void> {
  // The canvas sets the theme's web font; its swap re-lays the page out, which would move
  // the target (and the drop line) under a drag already aimed at it.
  await to.evaluate(() => document.fonts.ready.then(() => undefined));
  const source = await from.boundingBox();
  if (!source) throw new Error('drag source is not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2 + 10, {
    steps: 5,
  });
  let aimed = '';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // Aimed where the target is once the drag has begun (the canvas may have moved).
    const target = await to.boundingBox();
    if (!target) throw new Error('drag target is not on screen');
    const x = target.x + target.width / 2;
    const y =
      where === 'top'
        ? target.y + 4
        : where === 'bottom'
          ? target.y + target.height - 4
          : target.y + target.height / 2;
    await page.mouse.move(x, y, { steps: attempt === 0 ? 20 : 5 });
    await page.waitForTimeout(150);
    await page.mouse.move(x, y + (where === 'top' ? 1 : -1));
    await page.waitForTimeout(100);
    if (!dropLine) break;
    // Both measured inside their own document: the line is 0 px tall, which Playwright's
    // boundingBox counts as not shown.
    const box = await to.evaluate((node) => node.getBoundingClientRect().toJSON() as DOMRect);
    const edge =
      where === 'top' ? box.top : where === 'bottom' ? box.bottom : box.top + box.height / 2;
    const lineY = (await dropLine.count())
      ? await dropLine.evaluate((node) => node.getBoundingClientRect().top)
      : null;
    aimed = `aimed at the edge at y=${edge.toFixed(0)}; line at ${lineY?.toFixed(0) ?? 'none'}`;
    // The line sits in the gap beside the block, a few pixels from its edge.
    if (lineY !== null && Math.abs(lineY - edge) <= 24) {
      await page.mouse.up();
      return;
    }
  }
  if (dropLine) {
    await page.mouse.up();
    throw new Error(`the drop line never settled at the ${where} of the target: ${aimed}`);
  }
  await page.mouse.up();
}

/**
 * A JSON call of the site's API from a signed-in page, as the admin screens make it: the
 * page's own cookies and the crumb echoed in the CSRF header.
 */
export async function callFrom(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: whatever JSON the route answers; tests read what they need
): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}
