import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from './server.ts';

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

export type ChromiumSuite = { server: RunningServer; browser: Browser; page: Page };

/**
 * A describe block's stage: the production server and Chromium, started together before
 * its tests and stopped after them, and one page whose uncaught errors (and, with
 * `consoleErrors`, console errors) are collected in the array returned, for a last test
 * to expect empty. `ready` receives them once started.
 */
export function useChromium(
  ready: (suite: ChromiumSuite) => void,
  options: {
    viewport?: { width: number; height: number };
    consoleErrors?: boolean;
    /** Says yes to every confirm() the page asks, as the person would. */
    acceptDialogs?: boolean;
  } = {},
): string[] {
  const errors: string[] = [];
  let started: Partial<ChromiumSuite> = {};
  beforeAll(async () => {
    // Settled, not all: whichever started must be stopped even if the other failed.
    const [server, browser] = await Promise.allSettled([startServer(), launchBrowser()]);
    started = {
      server: server.status === 'fulfilled' ? server.value : undefined,
      browser: browser.status === 'fulfilled' ? browser.value : undefined,
    };
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
    const context = await browser.value.newContext(
      options.viewport ? { viewport: options.viewport } : {},
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    if (options.consoleErrors) {
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
    }
    if (options.acceptDialogs) page.on('dialog', (dialog) => void dialog.accept());
    ready({ server: server.value, browser: browser.value, page });
  });
  afterAll(async () => {
    // Both, whatever the other does: a browser that fails to close must not leave the
    // server running.
    await Promise.allSettled([started.browser?.close(), started.server?.stop()]);
  });
  return errors;
}

/** The whole page by default; `isFullPage: false` for what a modal covers (the viewport). */
export async function saveScreenshot(
  page: Page,
  name: string,
  { isFullPage = true }: { isFullPage?: boolean } = {},
): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: isFullPage });
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
