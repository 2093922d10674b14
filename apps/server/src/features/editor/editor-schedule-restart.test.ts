import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  testDialect,
} from '../../test/test-app.ts';
import { ownerClient } from '../auth/editor-client.ts';

const visit = (t: TestApp, path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });

describe(`a scheduled page after a restart (${testDialect})`, () => {
  it('goes live at its time in a process that did not schedule it, with no other write', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-schedule-'));
    const testDatabase = await createTestDatabase({ dataDir });
    let second: TestApp | undefined;
    try {
      const first = await createTestApp({ dataDir, testDatabase });
      const owner = await ownerClient(first);
      const page = (
        await owner.call('POST', '/api/config/pages', { title: 'Autumn Launch' })
      ).json();
      const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
        blocks: [{ type: 'heading', version: 1, text: 'Autumn is here', level: 2 }],
        baseRevision: page.draftRevision,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // Far enough ahead to outlast the restart (a new app runs migrations and checks the seed).
      const at = new Date(Date.now() + 6000);
      const scheduled = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
        baseRevision: saved.json().draftRevision,
        at: at.toISOString(),
      });
      expect(scheduled.json()).toMatchObject({ status: 'scheduled' });
      await first.close();

      second = await createTestApp({ dataDir, testDatabase });
      expect(Date.now()).toBeLessThan(at.getTime());
      // The home page (its menu) and the page's own 404 are rendered and the home page cached
      // in the new process before the time comes.
      const before = await visit(second, '/');
      expect(before.statusCode).toBe(200);
      expect(before.body).not.toContain('Autumn Launch');
      expect((await visit(second, '/')).body).not.toContain('Autumn Launch');
      expect((await visit(second, '/autumn-launch')).statusCode).toBe(404);

      await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 200));
      const live = await visit(second, '/autumn-launch');
      expect(live.statusCode).toBe(200);
      expect(live.body).toContain('Autumn is here');
      // Without the go-live time the cached home page would keep its old menu until some
      // unrelated write ticked the clock.
      expect((await visit(second, '/')).body).toContain('Autumn Launch');
    } finally {
      await second?.close();
      await testDatabase.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
    // The first start seeds the demo store on disk, which is slow on a busy machine.
  }, 120_000);
});
