import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../../db/db-types.ts';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createJobRunner } from './job-runner.ts';
import { createJobStore } from './jobs.repo.ts';

// A job that keeps failing backs off, and after its last try either stays parked (no
// give-up hook: a person reads the log) or is handed to its kind's give-up hook, which
// tells the owner, and is deleted.

describe(`job runner (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const row = await t.database.db
      .selectFrom('websites')
      .select('website_id')
      .executeTakeFirstOrThrow();
    websiteId = row.website_id;
  });
  afterAll(() => t.close());

  const jobsOf = (kind: string) =>
    t.database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();
  /** Skips the back-off: the job is due again now. */
  const makeDue = (kind: string) =>
    sql`update jobs set run_at = now() - interval '1 second' where kind = ${kind}`.execute(
      t.database.db,
    );

  it('hands a job that failed its fifth try to the give-up hook, then deletes it', async () => {
    const store = createJobStore(t.database.db);
    const givenUp: { job: JobRow; error: unknown }[] = [];
    let tries = 0;
    const runner = createJobRunner({
      jobStore: store,
      handlers: {
        flaky: async () => {
          tries += 1;
          throw new Error(`mail server refused (${tries})`);
        },
        stubborn: async () => {
          throw new Error('still broken');
        },
      },
      onGiveUp: {
        flaky: async (job, error) => {
          givenUp.push({ job, error });
        },
      },
      log: t.app.log,
    });
    await store.enqueue({ websiteId, kind: 'flaky', payload: { n: 1 }, runAt: new Date() });
    await store.enqueue({ websiteId, kind: 'stubborn', payload: {}, runAt: new Date() });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await runner.runDueJobs();
      expect(givenUp).toEqual([]);
      const [job] = await jobsOf('flaky');
      expect(job?.attempts).toBe(attempt);
      // Backing off: not due again at once.
      expect(new Date(job?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now());
      await makeDue('flaky');
      await makeDue('stubborn');
    }
    await runner.runDueJobs();
    expect(tries).toBe(5);
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]?.job.payload).toEqual({ n: 1 });
    expect(String(givenUp[0]?.error)).toContain('mail server refused (5)');
    expect(await jobsOf('flaky')).toEqual([]);
    // Without a hook the job stays, parked a year ahead.
    const [parked] = await jobsOf('stubborn');
    expect(parked?.attempts).toBe(5);
    expect(new Date(parked?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });
});
