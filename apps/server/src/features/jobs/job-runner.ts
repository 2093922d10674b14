import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../../db/db-types.ts';
import type { JobStore } from './jobs.repo.ts';

// An in-process worker over the jobs table. Each poll claims a batch of due jobs with
// FOR UPDATE SKIP LOCKED and leases them (run_at moves LEASE_MS ahead) in one short
// transaction, so several server instances can poll one table without taking the same
// job; then it runs the handlers, each in its own transaction, and deletes the job. A
// process that dies mid-job leaves the lease to expire and the job runs again, so
// handlers must be idempotent. Failures back off, up to MAX_ATTEMPTS, then stay parked.

export type JobHandler = (job: JobRow) => Promise<void>;

export type JobRunner = {
  start(): void;
  stop(): Promise<void>;
  /** Runs one poll now; returns how many jobs ran. Tests call this instead of waiting. */
  runDueJobs(): Promise<number>;
};

const BATCH = 20;
const MAX_ATTEMPTS = 5;
const LEASE_MS = 5 * 60_000;

export function createJobRunner({
  jobStore,
  handlers,
  log,
  intervalMs = 5_000,
  sweeps = [],
  onGiveUp = {},
}: {
  jobStore: JobStore;
  handlers: Record<string, JobHandler>;
  /**
   * Per kind, what to do when a job fails its last try: the hook takes over (it tells a
   * person, who decides) and the job is deleted. Kinds without one stay parked.
   */
  onGiveUp?: Record<string, (job: JobRow, error: unknown) => Promise<void>>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /**
   * Work found by a table's own due dates rather than queued (subscription renewals), run
   * after the jobs of each poll; each returns how many things it did.
   */
  sweeps?: readonly (() => Promise<number>)[];
}): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function poll(): Promise<number> {
    const jobs = await jobStore.transaction((q) => q.claimDue({ limit: BATCH, leaseMs: LEASE_MS }));
    let count = 0;
    for (const job of jobs) {
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job);
        await jobStore.deleteJob(job.website_id, job.job_id);
        count += 1;
      } catch (error) {
        const attempts = job.attempts;
        log.warn({ err: error, jobId: job.job_id, kind: job.kind, attempts }, 'job failed');
        const giveUp = onGiveUp[job.kind];
        if (attempts >= MAX_ATTEMPTS && giveUp) {
          try {
            await giveUp(job, error);
            await jobStore.deleteJob(job.website_id, job.job_id);
            continue;
          } catch (hookError) {
            log.error({ err: hookError, jobId: job.job_id }, 'job give-up hook failed');
          }
        }
        const delayMs = attempts >= MAX_ATTEMPTS ? 365 * 24 * 3600_000 : 2 ** attempts * 1000;
        await jobStore.retryLater({
          websiteId: job.website_id,
          jobId: job.job_id,
          error: String(error),
          runAt: new Date(Date.now() + delayMs),
        });
      }
    }
    for (const sweep of sweeps) {
      try {
        count += await sweep();
      } catch (error) {
        log.error({ err: error }, 'sweep failed');
      }
    }
    return count;
  }

  function runDueJobs(): Promise<number> {
    // One poll at a time in this process; the next waits for the one under way.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(poll);
    running = next;
    return next;
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        runDueJobs().catch((error: unknown) => log.error({ err: error }, 'job poll failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
    runDueJobs,
  };
}
