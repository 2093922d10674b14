import { type StyleGuide, THEMES } from '@atelier/contract';
import { designMessages, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, memberClient, ownerClient } from '../auth/editor-client.ts';

// The site's design (issue 25): the style guide saved whole, every public page restyled at
// once from it, its fonts served by this server, and the themes to start from.

describe(`site design (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  const home = () => t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  const current = async () => (await owner.call('GET', '/api/site-design')).json();
  /** The design <style>: the page's last inline stylesheet, after the site's own. */
  const designCssOf = (html: string) => {
    const start = html.lastIndexOf('<style>');
    return start === -1 ? '' : html.slice(start + 7, html.indexOf('</style>', start));
  };
  const guide = (changes: (g: StyleGuide) => StyleGuide) =>
    changes(structuredClone(THEMES.atelier.styleGuide));

  it('starts on the Atelier theme with no warnings, and pages inline its fonts and colours', async () => {
    const design = await current();
    expect(design).toMatchObject({
      themeId: 'atelier',
      version: 0,
      isThemeUnchanged: true,
      contrastWarnings: [],
      updatedAt: null,
    });
    expect(design.styleGuide).toEqual(THEMES.atelier.styleGuide);
    const page = await home();
    const css = designCssOf(page.body);
    expect(css).toContain('@font-face{font-family:"Inter"');
    expect(css).toContain('--accent-fill:#7a3e1d');
    expect(page.body).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" href="\/assets\/fonts\/inter\/[\d.]+\/inter-latin-wght-normal.woff2" crossorigin="anonymous"/,
    );
  });

  it('lists at least 60 self-hosted families in every category of the picker', async () => {
    const response = await owner.call('GET', '/api/site-design/fonts');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.categories.map((c: { label: string }) => c.label)).toEqual([
      'Sans Serif',
      'Serif',
      'Display',
      'Script',
      'Slab Serif',
      'Mono',
      'Other',
    ]);
    expect(list.families.length).toBeGreaterThanOrEqual(60);
    for (const { id } of list.categories) {
      expect(
        list.families.some((f: { category: string }) => f.category === id),
        id,
      ).toBe(true);
    }
    const pacifico = list.families.find((f: { id: string }) => f.id === 'pacifico');
    expect(pacifico).toMatchObject({ name: 'Pacifico', category: 'script', weights: [400] });
    // Previews come from this server too, never a font host.
    expect(pacifico.previewCss).toMatch(
      /url\(\/assets\/fonts\/pacifico\/[\d.]+\/pacifico-latin-400-normal\.woff2\)/,
    );
  });

  it('saves a new palette and fonts, and every page restyles at once', async () => {
    await home(); // a cached copy that must not outlive the save
    const styleGuide = guide((g) => ({
      ...g,
      colours: { ...g.colours, accent: '#2446d8' },
      fonts: {
        ...g.fonts,
        heading: { family: 'playfair-display', weight: 600 },
        body: { family: 'source-serif-4', weight: 400 },
      },
      buttons: { ...g.buttons, shape: 'pill' },
    }));
    const saved = await owner.call('PUT', '/api/site-design', { styleGuide, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ themeId: 'atelier', version: 1, isThemeUnchanged: false });

    const page = await home();
    expect(page.headers['x-page-cache']).not.toBe('hit');
    const css = designCssOf(page.body);
    expect(css).toContain('--accent-fill:#2446d8');
    expect(css).toContain('--button-radius:999px');
    expect(css).toContain('--font-heading:"Playfair Display", "Playfair Display Fallback", serif');
    expect(css).toMatch(
      /@font-face\{font-family:"Source Serif 4 Fallback";src:local\("Times New Roman"\)/,
    );
    expect(css).toContain('--font-sans:"Source Serif 4", "Source Serif 4 Fallback", serif');
    // The page's policy lets this stylesheet in by its hash, and nothing else inline.
    const policy = String(page.headers['content-security-policy']);
    const styleSrc = policy.split(';').find((d) => d.startsWith('style-src ')) ?? '';
    expect(styleSrc.match(/'sha256-/g)).toHaveLength(2);
    const preloads = [...page.body.matchAll(/rel="preload" as="font"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloads).toHaveLength(2);

    // The preloaded files are ours, immutable; a guessed or stale address is not served.
    const font = await t.app.inject({ method: 'GET', url: preloads[0] ?? '' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    for (const url of [
      '/assets/fonts/inter/0.0.1/inter-latin-wght-normal.woff2',
      '/assets/fonts/inter/5.3.0/..%2F..%2Fpackage.json',
      '/assets/fonts/not-a-font/1.0.0/x.woff2',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it("serves the saved design as a stylesheet for the editor's canvas", async () => {
    const sheet = await owner.call('GET', '/api/site-design/style.css');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.body).toContain('--accent-fill:#2446d8');
    expect(sheet.body).toBe(designCssOf((await home()).body));
  });

  it('refuses a save based on an older version, keeping what is saved', async () => {
    const before = await current();
    const stale = await owner.call('PUT', '/api/site-design', {
      styleGuide: guide((g) => ({ ...g, radius: 20 })),
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'EDIT_CONFLICT',
      error: designMessages.changedElsewhere,
    });
    expect(await current()).toEqual(before);
  });

  it('says which value is wrong: a colour, a size, a font the site does not offer', async () => {
    const { version } = await current();
    const badColour = await owner.call('PUT', '/api/site-design', {
      styleGuide: guide((g) => ({ ...g, colours: { ...g.colours, text: 'blue' } })),
      version,
    });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().errors['styleGuide.colours.text']).toBe('Use a colour like #1d1b19');
    const badSize = await owner.call('PUT', '/api/site-design', {
      styleGuide: guide((g) => ({ ...g, radius: 99 })),
      version,
    });
    expect(badSize.json().errors['styleGuide.radius']).toBe('From 0 to 32 px');
    const badFont = await owner.call('PUT', '/api/site-design', {
      styleGuide: guide((g) => ({
        ...g,
        fonts: { ...g.fonts, body: { family: 'comic-sans', weight: 400 } },
      })),
      version,
    });
    expect(badFont.statusCode).toBe(400);
    expect(badFont.json()).toMatchObject({
      code: 'FONT_UNKNOWN',
      errors: { 'styleGuide.fonts.body.family': designMessages.unknownFont },
    });
    expect((await current()).version).toBe(version);
  });

  it('warns of text that fails WCAG AA on its background', async () => {
    const { version } = await current();
    const pale = await owner.call('PUT', '/api/site-design', {
      styleGuide: guide((g) => ({ ...g, colours: { ...g.colours, text: '#bbbbbb' } })),
      version,
    });
    expect(pale.statusCode).toBe(200);
    expect(pale.json().contrastWarnings).toEqual([
      expect.objectContaining({
        pairing: 'Text on the page',
        foreground: '#bbbbbb',
        required: 4.5,
      }),
    ]);
  });

  it('switches to a theme and back, content untouched', async () => {
    const titleBefore = (await home()).body.match(/<title>([^<]*)<\/title>/)?.[1];
    const { version } = await current();
    const bold = await owner.call('POST', '/api/site-design/theme', { themeId: 'bold', version });
    expect(bold.statusCode).toBe(200);
    expect(bold.json()).toMatchObject({ themeId: 'bold', isThemeUnchanged: true });
    expect(bold.json().styleGuide).toEqual(THEMES.bold.styleGuide);
    expect(designCssOf((await home()).body)).toContain('"Bricolage Grotesque"');
    const back = await owner.call('POST', '/api/site-design/theme', {
      themeId: 'atelier',
      version: bold.json().version,
    });
    expect(back.json().styleGuide).toEqual(THEMES.atelier.styleGuide);
    const page = (await home()).body;
    expect(page.match(/<title>([^<]*)<\/title>/)?.[1]).toBe(titleBefore);
    expect(designCssOf(page)).toContain('--accent-fill:#7a3e1d');
  });

  it('lets a viewer read the design but only designers change it', async () => {
    const viewer = await memberClient(t, owner, { email: 'looker@example.com', role: Role.viewer });
    expect((await viewer.call('GET', '/api/site-design')).statusCode).toBe(200);
    const { version } = await current();
    const tried = await viewer.call('POST', '/api/site-design/theme', {
      themeId: 'minimal',
      version,
    });
    expect(tried.statusCode).toBe(403);
    expect((await current()).version).toBe(version);
  });

  it('lets /config frame the home page for the live preview, and no other site', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/config' });
    const policy = String(shell.headers['content-security-policy']);
    expect(policy).toMatch(/frame-src 'self'/);
    expect(policy).toContain("frame-ancestors 'self'");
    // The previewed page says its framer must be this site.
    expect((await home()).headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
