import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { createAnalyticsRepo, dayKeyOf } from './analytics.repo.ts';
import type { AnalyticsService } from './analytics.service.ts';

// The analytics worker (issue 24): every minute it flushes the ingestion queue, keeps day
// partitions ready (yesterday to two days ahead), drops raw days past retention, rolls up
// the hours batches have marked dirty, then rebuilds the website days those hours fall in
// (and every day of a website whose time zone changed). One instance at a time does the
// database part: a session advisory lock, tried, never waited for.

const ANALYTICS_WORKER_LOCK = 7_246_024;
const DAY_MS = 86_400_000;
/** Dirty hours per run: a backlog drains over a few runs instead of one long one. */
const HOURS_PER_RUN = 200;
/** Site days rebuilt per run: today's is marked with each of its hours and goes first. */
const DAYS_PER_RUN = 100;

export type AnalyticsWorker = ReturnType<typeof createAnalyticsWorker>;

export function createAnalyticsWorker(deps: {
  db: Kysely<DB>;
  analytics: Pick<AnalyticsService, 'flush'>;
  retentionDays: number;
  now?: () => Date;
  everyMs?: number;
  log?: (error: unknown) => void;
}) {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RunReport> | undefined;

  type RunReport = {
    partitionsCreated: string[];
    daysDropped: string[];
    hoursRolledUp: number;
    daysRolledUp: number;
  };

  async function runLocked(db: Kysely<DB>): Promise<RunReport> {
    // On the locked connection: PGlite has only the one.
    const repo = createAnalyticsRepo(db);
    const today = now();
    const days = [-1, 0, 1, 2].map((offset) =>
      dayKeyOf(new Date(today.getTime() + offset * DAY_MS)),
    );
    const partitionsCreated = await repo.ensureDayPartitions(days);
    const oldest = dayKeyOf(new Date(today.getTime() - deps.retentionDays * DAY_MS));
    const daysDropped = await repo.dropDaysBefore(oldest);
    let hoursRolledUp = 0;
    for (const dirty of await repo.listDirtyHours(HOURS_PER_RUN)) {
      await repo.rollUpHour(dirty.website_id, new Date(dirty.hour), dirty.marked_at);
      hoursRolledUp += 1;
    }
    await repo.rezoneDays();
    let daysRolledUp = 0;
    for (const dirty of await repo.listDirtyDays(DAYS_PER_RUN)) {
      await repo.rollUpDay(dirty.website_id, dirty.day);
      daysRolledUp += 1;
    }
    return { partitionsCreated, daysDropped, hoursRolledUp, daysRolledUp };
  }

  /** One pass; concurrent callers share it. Resolves with what it did (nothing: another instance holds the lock). */
  function runOnce(): Promise<RunReport> {
    running ??= (async () => {
      await deps.analytics.flush();
      return deps.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ locked: boolean }>`
          select pg_try_advisory_lock(${ANALYTICS_WORKER_LOCK}) as locked`.execute(connection);
        if (!rows[0]?.locked) {
          return { partitionsCreated: [], daysDropped: [], hoursRolledUp: 0, daysRolledUp: 0 };
        }
        try {
          return await runLocked(connection);
        } finally {
          await sql`select pg_advisory_unlock(${ANALYTICS_WORKER_LOCK})`.execute(connection);
        }
      });
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    start() {
      const tick = () => {
        runOnce().catch((error: unknown) => deps.log?.(error));
      };
      tick();
      timer = setInterval(tick, deps.everyMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
