import { editorApiMessages, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, memberClient, ownerClient } from '../auth/editor-client.ts';

describe(`settings are the administrator's (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let editor: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    editor = await memberClient(t, owner, { email: 'editor@example.com', role: Role.editor });
  });
  afterAll(() => t.close());

  it('lets an administrator change the site title, and the public pages show it at once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    const changed = await owner.call('PATCH', '/api/config/settings', {
      title: 'Harbour Studio',
      description: 'Hand-made in small batches.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      title: 'Harbour Studio',
      description: 'Hand-made in small batches.',
    });
    expect((await owner.call('GET', '/api/config/settings')).json().title).toBe('Harbour Studio');
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.body).toContain('Harbour Studio');

    const empty = await owner.call('PATCH', '/api/config/settings', { title: '  ' });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 403 to an editor on every settings and members call, whatever the screen shows', async () => {
    const calls: [Parameters<EditorClient['call']>[0], string, unknown?][] = [
      ['GET', '/api/config/settings'],
      ['PATCH', '/api/config/settings', { title: 'Taken over' }],
      ['GET', '/api/config/members'],
      [
        'POST',
        '/api/config/members',
        { email: 'x@example.com', password: 'long enough pw', role: 1 },
      ],
    ];
    for (const [method, url, body] of calls) {
      const response = await editor.call(method, url, body as never);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe(editorApiMessages.adminOnly);
    }
    expect((await owner.call('GET', '/api/config/settings')).json().title).toBe('Harbour Studio');
    // The same editor may still edit content.
    expect((await editor.call('GET', '/api/config/pages')).statusCode).toBe(200);
  });
});
