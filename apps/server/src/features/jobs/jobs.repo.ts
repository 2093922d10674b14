import { type Kysely, sql } from 'kysely';
import type { DB, JobRow } from '../../db/db-types.ts';

export type JobQueries = ReturnType<typeof jobQueries>;
export type JobStore = JobQueries & {
  /** Runs `work` in one transaction; a claimed job stays locked until it ends. */
  transaction<T>(work: (queries: JobQueries) => Promise<T>): Promise<T>;
};

export function createJobStore(db: Kysely<DB>): JobStore {
  return {
    ...jobQueries(db),
    transaction: (work) => db.transaction().execute((trx) => work(jobQueries(trx))),
  };
}

export function jobQueries(db: Kysely<DB>) {
  return {
    async enqueue(job: {
      websiteId: string;
      kind: string;
      payload: Record<string, unknown>;
      runAt: Date;
    }): Promise<void> {
      await db
        .insertInto('jobs')
        .values({
          website_id: job.websiteId,
          kind: job.kind,
          payload: JSON.stringify(job.payload),
          run_at: job.runAt,
        })
        .execute();
    },

    /**
     * Takes up to `limit` due jobs and leases them: their run_at moves `leaseMs` ahead
     * and attempts counts up, so no other poller takes them while they run. SKIP LOCKED
     * lets pollers in several instances pass over each other's rows without waiting.
     */
    async claimDue(input: { limit: number; leaseMs: number }): Promise<JobRow[]> {
      const due = await db
        .selectFrom('jobs')
        .select(['website_id', 'job_id'])
        .where('run_at', '<=', sql<Date>`now()`)
        .orderBy('run_at')
        .limit(input.limit)
        .forUpdate()
        .skipLocked()
        .execute();
      const claimed: JobRow[] = [];
      for (const job of due) {
        const row = await db
          .updateTable('jobs')
          .set((eb) => ({
            run_at: sql<Date>`now() + make_interval(secs => ${input.leaseMs / 1000})`,
            attempts: eb('attempts', '+', 1),
          }))
          .where('website_id', '=', job.website_id)
          .where('job_id', '=', job.job_id)
          .returningAll()
          .executeTakeFirstOrThrow();
        claimed.push(row);
      }
      return claimed;
    },

    async deleteJob(websiteId: string, jobId: string): Promise<void> {
      await db
        .deleteFrom('jobs')
        .where('website_id', '=', websiteId)
        .where('job_id', '=', jobId)
        .execute();
    },

    /** Backs off a failed job: retried later, up to the runner's attempt limit. */
    async retryLater(input: {
      websiteId: string;
      jobId: string;
      error: string;
      runAt: Date;
    }): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ last_error: input.error.slice(0, 2000), run_at: input.runAt })
        .where('website_id', '=', input.websiteId)
        .where('job_id', '=', input.jobId)
        .execute();
    },

    countJobs(kind: string): Promise<number> {
      return db
        .selectFrom('jobs')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },
  };
}
