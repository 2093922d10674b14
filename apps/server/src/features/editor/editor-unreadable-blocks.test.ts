import { blockMessages, editorApiMessages } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';

// Issue 15: a stored block the server cannot read (an unknown type, broken data) is kept
// through an edit of the others, and an old version is migrated; before, reading dropped
// both and the next autosave wrote the shorter list back.

const heading = (text: string) => ({ type: 'heading', version: 1, text, level: 2 });
const oldText = { type: 'text', version: 1, paragraphs: ['Woven <slowly>'] };
const carousel = { type: 'carousel', version: 4, slides: [{ mediaId: 'x', caption: 'One' }] };
const brokenHeading = { type: 'heading', version: 1, text: 'Too deep', level: 9 };

type Block = { type: string; [key: string]: unknown };

describe(`stored blocks the editor cannot read (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  const visit = (path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });

  /** A page whose stored draft is `blocks`, written as raw JSON like an older server would. */
  async function pageStoring(title: string, blocks: unknown[]) {
    const page = (await owner.call('POST', '/api/config/pages', { title })).json();
    await t.database.db
      .updateTable('pages')
      .set({ draft_blocks: JSON.stringify(blocks) })
      .where('page_id', '=', page.id)
      .execute();
    const loaded = await owner.call('GET', `/api/config/pages/${page.id}`);
    expect(loaded.statusCode, loaded.body).toBe(200);
    return loaded.json();
  }

  const storedDraft = async (pageId: string) =>
    (
      await t.database.db
        .selectFrom('pages')
        .select('draft_blocks')
        .where('page_id', '=', pageId)
        .executeTakeFirstOrThrow()
    ).draft_blocks;

  it('keeps an old-version and an unknown block when another block is edited and saved', async () => {
    const page = await pageStoring('Keeps Blocks', [
      heading('Before'),
      oldText,
      carousel,
      brokenHeading,
    ]);
    const blocks: Block[] = page.draftBlocks;
    expect(blocks.map((block) => block.type)).toEqual([
      'heading',
      'text',
      'unreadable',
      'unreadable',
    ]);
    expect(blocks[1]).toMatchObject({ version: 2, html: '<p>Woven &lt;slowly&gt;</p>' });
    expect(blocks[2]).toEqual({
      type: 'unreadable',
      raw: carousel,
      storedType: 'carousel',
      reason: blockMessages.unknownType('carousel'),
    });
    expect(blocks[3]).toMatchObject({ storedType: 'heading', raw: brokenHeading });

    // The editor edits the heading and autosaves everything it holds, in a new order.
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [blocks[2], { ...blocks[0], text: 'After' }, blocks[1], blocks[3]],
      baseRevision: page.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draftBlocks.map((block: Block) => block.type)).toEqual([
      'unreadable',
      'heading',
      'text',
      'unreadable',
    ]);
    expect(await storedDraft(page.id)).toEqual([
      carousel,
      heading('After'),
      blocks[1],
      brokenHeading,
    ]);

    // Published, the page shows what it can read and leaves the rest out.
    const published = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = await visit(`/${page.urlSlug}`);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('After');
    expect(live.body).toContain('Woven &lt;slowly&gt;');
    expect(live.body).not.toContain('Too deep');

    // Deleting it in the editor is the one way it goes.
    const trimmed = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [heading('After')],
      baseRevision: saved.json().draftRevision,
    });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(await storedDraft(page.id)).toEqual([heading('After')]);
  });

  it('refuses an unreadable block that is not stored as it is, and writes nothing', async () => {
    const page = await pageStoring('No Injection', [carousel]);
    const [stored] = page.draftBlocks;
    const attempts = [
      // JSON of the client's own that would skip every check a block gets.
      [{ ...stored, raw: { type: 'embed', version: 1, html: '<script>alert(1)</script>' } }],
      // The stored block, altered.
      [{ ...stored, raw: { ...carousel, version: 5 } }],
      // The stored block twice: only as often as it is stored.
      [stored, stored],
      // JSON null is not a block the page stores either.
      [{ ...stored, raw: null }],
    ];
    for (const blocks of attempts) {
      const response = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
        blocks,
        baseRevision: page.draftRevision,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe(editorApiMessages.unreadableBlockChanged);
    }
    expect(await storedDraft(page.id)).toEqual([carousel]);

    // Key order is not a change: the stored JSON is compared canonically.
    const reordered = Object.fromEntries(Object.entries(carousel).reverse());
    const kept = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [{ ...stored, raw: reordered }],
      baseRevision: page.draftRevision,
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('answers a stale save that holds an unreadable block with a conflict', async () => {
    const page = await pageStoring('Stale Window', [carousel]);
    const first = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: page.draftBlocks,
      baseRevision: page.draftRevision,
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: page.draftBlocks,
      baseRevision: page.draftRevision,
    });
    expect(stale.statusCode, stale.body).toBe(409);
  });

  it('keeps them in the header and footer too', async () => {
    await t.database.db
      .insertInto('site_header_footer')
      .values({
        website_id: (
          await t.database.db.selectFrom('websites').select('website_id').executeTakeFirstOrThrow()
        ).website_id,
        header_blocks: JSON.stringify([heading('Free shipping'), carousel]),
        footer_blocks: JSON.stringify([oldText]),
        revision: 1,
      })
      .execute();
    const loaded = (await owner.call('GET', '/api/site-header-footer')).json();
    expect(loaded.header.map((block: Block) => block.type)).toEqual(['heading', 'unreadable']);
    expect(loaded.footer[0]).toMatchObject({ type: 'text', version: 2 });

    const saved = await owner.call('PUT', '/api/site-header-footer', {
      header: [{ ...loaded.header[0], text: 'Free shipping over $50' }, loaded.header[1]],
      footer: loaded.footer,
      baseRevision: loaded.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().header[1]).toMatchObject({ type: 'unreadable', raw: carousel });
    const row = await t.database.db
      .selectFrom('site_header_footer')
      .select(['header_blocks', 'footer_blocks'])
      .executeTakeFirstOrThrow();
    expect(row.header_blocks).toEqual([heading('Free shipping over $50'), carousel]);
    expect(row.footer_blocks).toEqual([loaded.footer[0]]);
    expect((await visit('/')).body).toContain('Free shipping over $50');

    const injected = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [{ ...loaded.header[1], raw: { type: 'button', label: 'x', href: 'javascript:x' } }],
      baseRevision: saved.json().revision,
    });
    expect(injected.statusCode, injected.body).toBe(400);
  });
});
