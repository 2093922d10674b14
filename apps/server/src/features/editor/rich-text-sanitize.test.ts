import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import { sanitizeEmbedHtml, sanitizeRichText, sanitizeRichTextDoc } from './rich-text-sanitize.ts';

const doc = { type: 'doc', content: [{ type: 'paragraph' }] };
const richText = (html: string) => ({ type: 'text', version: 2, doc, html });

// Attacks a browser would run, each written the way it reaches us: as the html of a rich
// text block that a modified editor (or a curl) sends on save.
const RICH_TEXT_ATTACKS = [
  '<p>one<script>alert("script-tag")</script></p>',
  '<p><img src=x onerror="alert(\'img-onerror\')">two</p>',
  '<p onclick="alert(\'p-onclick\')">three</p>',
  '<p><a href="javascript:alert(\'js-url\')">four</a></p>',
  '<p><a href="JaVaScRiPt&colon;alert(\'js-entity\')">five</a></p>',
  '<p><a href="java&#09;script:alert(\'js-tab\')">six</a></p>',
  '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">seven</a></p>',
  '<p><a href="//evil.example/protocol-relative">eight</a></p>',
  '<p><svg onload="alert(\'svg-onload\')"><circle r="1"/></svg>nine</p>',
  '<style>body{background:url("javascript:alert(\'style-tag\')")}</style><p>ten</p>',
  '<p style="background-image:url(javascript:alert(1));position:fixed">eleven</p>',
  '<p><span style="color: red; background: url(https://evil.example/track.png)">twelve</span></p>',
  '<iframe src="https://evil.example/frame"></iframe><p>thirteen</p>',
  '<p><a href="https://example.com" onmouseover="alert(\'a-hover\')">fourteen</a></p>',
  '<form action="https://evil.example/phish"><input name="pw"></form><p>fifteen</p>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x"><p>sixteen</p>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')></style></mglyph></table></mtext></math><p>seventeen</p>",
  '<p><a href="vbscript:msgbox(1)">eighteen</a></p>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><p>nineteen</p>',
];

const EMBED_ATTACKS = [
  '<script src="https://evil.example/x.js"></script>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<iframe src="https://www.youtube-nocookie.com.evil.example/embed/x"></iframe>',
  '<iframe src="javascript:alert(\'embed-js\')"></iframe>',
  '<iframe srcdoc="<script>alert(\'srcdoc\')</script>"></iframe>',
  '<iframe src="http://www.youtube-nocookie.com/embed/insecure"></iframe>',
  '<iframe src="https://www.google.com/search?q=not-a-map"></iframe>',
  '<iframe src="https://player.vimeo.com/video/1" onload="alert(\'iframe-onload\')"></iframe>',
  '<img src=x onerror="alert(\'embed-img\')">',
];

/** Strings none of which may appear in the part of the page that shows the blocks. */
const FORBIDDEN = [
  '<script',
  'alert(',
  'onerror',
  'onload',
  'onclick',
  'onmouseover',
  'javascript:',
  'vbscript:',
  'data:text',
  'evil.example',
  '<svg',
  '<style',
  '<img',
  '<form',
  '<object',
  '<embed',
  '<base',
  '<meta',
  'srcdoc',
  'background',
  'position:',
];

function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  expect(start, 'the page has a <main>').toBeGreaterThan(-1);
  return html.slice(start, end);
}

describe('sanitizeRichText', () => {
  it('keeps the formatting the editor makes', () => {
    const html =
      '<h2 style="text-align: center">Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<p><span style="color: #7a3e1d">accent</span> <span style="color: rgb(26, 95, 180)">blue</span></p>' +
      '<p><a href="/our-studio">page</a> <a href="mailto:a@example.com?subject=Hi">mail</a> ' +
      '<a href="tel:+15550100">call</a> <a href="/files/w/m/1000.webp">file</a> <a href="https://example.com">web</a></p>';
    // sanitize-html writes styles compactly and <br /> as XHTML; browsers read both the same.
    expect(sanitizeRichText(html)).toBe(
      html
        .replaceAll('style="text-align: center"', 'style="text-align:center"')
        .replaceAll('style="color: ', 'style="color:')
        .replace('<br>', '<br />'),
    );
  });

  it('forces noopener on links that open a new window and drops other targets', () => {
    expect(sanitizeRichText('<p><a href="https://example.com" target="_blank">x</a></p>')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a></p>',
    );
    expect(
      sanitizeRichText('<p><a href="https://example.com" target="_top" rel="opener">x</a></p>'),
    ).toBe('<p><a href="https://example.com">x</a></p>');
  });

  it('keeps only palette colours and known alignments', () => {
    expect(sanitizeRichText('<p><span style="color: #ff00ff">x</span></p>')).toBe(
      '<p><span>x</span></p>',
    );
    expect(sanitizeRichText('<p style="text-align: start; color: #7a3e1d">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<h1>big</h1><h5>small</h5>')).toBe('bigsmall');
  });

  it('turns a link with an unsafe address into plain text', () => {
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">x</a></p>')).toBe(
      '<p><span>x</span></p>',
    );
    expect(sanitizeRichText(`<p><a href="https://example.com/${'a'.repeat(2100)}">x</a></p>`)).toBe(
      '<p><span>x</span></p>',
    );
  });

  it('removes every attack in the list', () => {
    for (const attack of RICH_TEXT_ATTACKS) {
      const clean = sanitizeRichText(attack).toLowerCase();
      for (const forbidden of FORBIDDEN) expect(clean, attack).not.toContain(forbidden);
    }
  });
});

describe('sanitizeRichTextDoc', () => {
  it('keeps what the editor makes and drops unsafe links, stray colours and unknown nodes', () => {
    const text = (value: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({
      type: 'text',
      text: value,
      ...(marks && { marks }),
    });
    expect(
      sanitizeRichTextDoc({
        type: 'doc',
        content: [
          {
            type: 'heading',
            attrs: { level: 7, textAlign: 'center', onclick: 'x' },
            content: [text('Title', [{ type: 'bold' }])],
          },
          {
            type: 'paragraph',
            attrs: { textAlign: 'start' },
            content: [
              text('safe', [
                { type: 'link', attrs: { href: '/shop', target: '_blank', rel: 'opener' } },
              ]),
              text('js', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]),
              text('data', [{ type: 'link', attrs: { href: 'data:text/html,x' } }]),
              text('accent', [{ type: 'textStyle', attrs: { color: '#7A3E1D' } }]),
              text('pink', [{ type: 'textStyle', attrs: { color: 'pink' } }, { type: 'script' }]),
              { type: 'text', text: '' },
              { type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } },
            ],
          },
          {
            type: 'orderedList',
            attrs: { start: -3.5 },
            content: [{ type: 'listItem', content: [] }],
          },
        ],
      }),
    ).toEqual({
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 2, textAlign: 'center' },
          content: [text('Title', [{ type: 'bold' }])],
        },
        {
          type: 'paragraph',
          content: [
            text('safe', [
              {
                type: 'link',
                attrs: { href: '/shop', target: '_blank', rel: 'noopener noreferrer' },
              },
            ]),
            text('js'),
            text('data'),
            text('accent', [{ type: 'textStyle', attrs: { color: '#7a3e1d' } }]),
            text('pink'),
          ],
        },
        { type: 'orderedList', attrs: { start: 1 }, content: [{ type: 'listItem', content: [] }] },
      ],
    });
    expect(sanitizeRichTextDoc({ type: 'script', text: 'alert(1)' })).toBeNull();
  });
});

describe('sanitizeEmbedHtml', () => {
  it('keeps frames from the allowlist, sandboxed, lazy and named', () => {
    expect(
      sanitizeEmbedHtml(
        '<p>Watch</p><iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/abc" frameborder="0" allowfullscreen></iframe>',
        { title: 'Our studio tour' },
      ),
    ).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Our studio tour" width="560" height="315" sandbox="allow-scripts allow-same-origin allow-popups allow-presentation" allow="encrypted-media; fullscreen; picture-in-picture" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
    for (const src of [
      'https://player.vimeo.com/video/76979871',
      'https://open.spotify.com/embed/track/1',
      'https://www.google.com/maps/embed?pb=1',
    ]) {
      expect(sanitizeEmbedHtml(`<iframe src="${src}"></iframe>`)).toContain(`src="${src}"`);
    }
  });

  it('removes every attack in the list', () => {
    for (const attack of EMBED_ATTACKS) {
      const clean = sanitizeEmbedHtml(attack).toLowerCase();
      for (const forbidden of [...FORBIDDEN, '<iframe']) {
        if (forbidden === '<iframe' && attack.includes('player.vimeo.com')) continue;
        expect(clean, attack).not.toContain(forbidden);
      }
    }
  });
});

describe(`nothing unsafe reaches a public page through the editor (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  async function publish(title: string, blocks: unknown[]) {
    const page = (await owner.call('POST', '/api/config/pages', { title })).json();
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks,
      baseRevision: page.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    const visit = await t.app.inject({
      method: 'GET',
      url: `/${page.urlSlug}`,
      headers: { accept: 'text/html' },
    });
    expect(visit.statusCode).toBe(200);
    return { saved: saved.json(), main: mainOf(visit.body) };
  }

  it('sanitizes rich text, embeds and quotes on save, so the public page carries no attack', async () => {
    const { saved, main } = await publish('Attack Surface', [
      ...RICH_TEXT_ATTACKS.map(richText),
      ...EMBED_ATTACKS.map((html) => ({ type: 'embed', version: 1, html, title: 'x' })),
      {
        type: 'quote',
        version: 1,
        text: '<script>alert("quote")</script> Made by hand',
        attribution: '<img src=x onerror=alert(1)>',
      },
      richText(
        '<p><strong>Kept bold</strong> and <a href="/shop" target="_blank">a kept link</a></p>',
      ),
      {
        type: 'text',
        version: 2,
        doc: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                {
                  type: 'text',
                  text: 'doc link',
                  marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
                },
              ],
            },
          ],
        },
        html: '<p>doc link</p>',
      },
      {
        type: 'embed',
        version: 1,
        html: '<iframe src="https://www.youtube-nocookie.com/embed/kept"></iframe>',
        title: 'Kept video',
      },
    ]);
    // Attacks live in markup; text is escaped by the renderer (the quote below shows its
    // payload as text, which is right). So the check reads the markup with the text left out.
    const markup = main.replace(/>[^<]*</g, '><').toLowerCase();
    for (const forbidden of FORBIDDEN) expect(markup).not.toContain(forbidden);
    // The document the editor reloads is cleaned too.
    expect(JSON.stringify(saved.draftBlocks[0].doc)).toBe(JSON.stringify(doc));
    expect(JSON.stringify(saved.draftBlocks).toLowerCase()).not.toContain('javascript:');
    // The draft the editor reads back holds the sanitized HTML too.
    const storedHtml = (saved.draftBlocks as { html?: string }[])
      .map((block) => block.html ?? '')
      .join('')
      .toLowerCase();
    for (const forbidden of FORBIDDEN) expect(storedHtml).not.toContain(forbidden);

    // What is allowed still arrives, and the quote's markup is shown as text.
    expect(main).toContain('<strong>Kept bold</strong>');
    expect(main).toContain(
      '<a href="/shop" target="_blank" rel="noopener noreferrer">a kept link</a>',
    );
    expect(main).toContain('src="https://www.youtube-nocookie.com/embed/kept"');
    expect(main).toContain('title="Kept video"');
    expect(main).toContain('&lt;script&gt;alert(&quot;quote&quot;)&lt;/script&gt; Made by hand');
    expect(main).toContain('— <!-- -->&lt;img src=x onerror=alert(1)&gt;');
    for (const word of ['one', 'three', 'nine', 'ten', 'nineteen']) expect(main).toContain(word);
  });

  it('refuses a button whose link is a script or data URL with the link message', async () => {
    const page = (await owner.call('POST', '/api/config/pages', { title: 'Bad Button' })).json();
    for (const href of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
    ]) {
      const response = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
        blocks: [{ type: 'button', version: 1, label: 'Go', href }],
        baseRevision: page.draftRevision,
      });
      expect(response.statusCode, href).toBe(400);
      expect(response.json().error).toBe(
        'Links must be formatted as example.com or https://example.com',
      );
    }
  });

  it('renders stored version 1 text blocks as before, escaped', async () => {
    // Requests carry current versions only; a version 1 block exists only as stored data.
    const page = (await owner.call('POST', '/api/config/pages', { title: 'Old Text' })).json();
    const published = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: page.draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    await t.database.db
      .updateTable('pages')
      .set({
        blocks: JSON.stringify([
          { type: 'text', version: 1, paragraphs: ['<b>not bold</b>', 'Second'] },
        ]),
      })
      .where('page_id', '=', page.id)
      .execute();
    const visit = await t.app.inject({
      method: 'GET',
      url: `/${page.urlSlug}`,
      headers: { accept: 'text/html' },
    });
    expect(mainOf(visit.body)).toContain('<p>&lt;b&gt;not bold&lt;/b&gt;</p><p>Second</p>');
  });
});
