import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
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
    /** Test data written into the server's data folder before it starts. */
    prepare?: (dataDir: string) => Promise<void>;
    /** Extra environment for the server (a development setting a suite needs). */
    env?: Record<string, string>;
  } = {},
): string[] {
  const errors: string[] = [];
  let started: Partial<ChromiumSuite> = {};
  beforeAll(async () => {
    // Settled, not all: whichever started must be stopped even if the other failed.
    const [server, browser] = await Promise.allSettled([
      startServer(options.env ?? {}, options.prepare ? { prepare: options.prepare } : {}),
      launchBrowser(),
    ]);
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
 * Runs axe-core in the page and in each of its frames (the editor's canvas is one),
 * through the DevTools protocol so the page's CSP does not apply, and returns the serious
 * and critical violations, of everything or of the part `selector` names (a dialog, the
 * rich-text field) wherever it is.
 */
export async function seriousA11yViolations(
  page: Page,
  selector?: string,
): Promise<AxeViolation[]> {
  const axeSource: string = require('axe-core').source;
  const found: AxeViolation[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    // A frame sandboxed without scripts (the Design screen's preview of the home page) runs
    // no axe; the page it shows is checked by the storefront's own tests.
    const sandbox = await (await frame.frameElement().catch(() => null))?.getAttribute('sandbox');
    if (sandbox != null && !sandbox.split(/\s+/).includes('allow-scripts')) continue;
    if (selector && (await frame.locator(selector).count()) === 0) continue;
    await frame.evaluate(axeSource);
    const violations = await frame.evaluate(async (scope) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time as a global.
      const axe = (globalThis as any).axe;
      // Each frame is checked on its own here, so axe does not wait for frames to answer.
      const result = await axe.run(scope ?? document, { iframes: false });
      return result.violations as AxeViolation[];
    }, selector ?? null);
    found.push(...violations);
  }
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Looks at the page as a desktop and as a phone: no serious axe violation, nothing that
 * scrolls sideways, and for each shot a screenshot (`<name>-desktop.png`, `-phone.png`)
 * after `scrollTo` brings its part into view. The page is left at desktop width.
 */
export async function checkAtBothWidths(
  page: Page,
  shots: { name: string; scrollTo?: Locator }[],
): Promise<void> {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    expect(await seriousA11yViolations(page), width).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
    for (const shot of shots) {
      await shot.scrollTo?.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      // The viewport, not the full page: a long form's full-page shot repeats the sticky bar.
      await saveScreenshot(page, `${shot.name}-${width}`, { isFullPage: false });
    }
  }
  await page.setViewportSize(DESKTOP);
}
