import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';

const heading = (text: string) => ({ type: 'heading', version: 1, text, level: 2 });
const SECTION = { type: 'section', version: 1 };

describe(`page sections on the server (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  it('stores section breaks, does not count them toward 60, and renders each section', async () => {
    const page = (await owner.call('POST', '/api/config/pages', { title: 'Sections' })).json();
    const sixty = Array.from({ length: 60 }, (_, i) => heading(`Part ${i + 1}`));
    const blocks = [
      ...sixty.slice(0, 20),
      SECTION,
      ...sixty.slice(20, 40),
      SECTION,
      ...sixty.slice(40),
    ];
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks,
      baseRevision: page.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draftBlocks).toEqual(blocks);

    const tooMany = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [...blocks, heading('Part 61')],
      baseRevision: saved.json().draftRevision,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(
      'A page can hold at most 60 blocks. Remove one before adding another.',
    );

    const published = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = await t.app.inject({
      method: 'GET',
      url: '/sections',
      headers: { accept: 'text/html' },
    });
    expect(live.statusCode).toBe(200);
    const main = live.body.slice(live.body.indexOf('<main'), live.body.indexOf('</main>'));
    expect(main.match(/class="page-section"/g)).toHaveLength(3);
    expect(main.match(/<h2 class="block block--heading">/g)).toHaveLength(60);
  });
});
