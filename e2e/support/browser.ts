import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export const screenshotDir = resolve(import.meta.dirname, '..', 'screenshots');

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

/**
 * Runs axe-core in the page (through the DevTools protocol, so the page's CSP does not
 * apply) and returns the serious and critical violations, of the whole page or of the
 * part `selector` names (a dialog, the rich-text field).
 */
export async function seriousA11yViolations(
  page: Page,
  selector?: string,
): Promise<AxeViolation[]> {
  const axeSource: string = require('axe-core').source;
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (scope) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time as a global.
    const result = await (globalThis as any).axe.run(scope ?? document);
    return result.violations as AxeViolation[];
  }, selector ?? null);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
