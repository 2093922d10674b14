/**
 * The analytics ingestion buffer (issue 24). A page's request never waits for an event to
 * be written: the route pushes into this bounded in-memory queue and answers, and one
 * writer drains it in batches (one INSERT per batch). When the queue is full the event is
 * dropped and counted: back-pressure costs some analytics, never a page or the process.
 * A batch that fails is tried again once on the next tick, then dropped and counted.
 */
export type EventQueueStats = {
  queued: number;
  dropped: number;
  written: number;
  failedBatches: number;
};

export type EventQueue<T> = {
  /** false: the queue is full and the item was dropped (and counted). */
  push(item: T): boolean;
  /** Writes everything queued now; resolves when it is written (or given up). */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
  stats(): EventQueueStats;
};

export function createEventQueue<T>(options: {
  write: (batch: T[]) => Promise<void>;
  capacity?: number;
  batchSize?: number;
  flushEveryMs?: number;
  onError?: (error: unknown) => void;
}): EventQueue<T> {
  const capacity = options.capacity ?? 50_000;
  const batchSize = options.batchSize ?? 500;
  const flushEveryMs = options.flushEveryMs ?? 1_000;
  let items: T[] = [];
  let retry: T[] | null = null;
  let draining: Promise<void> | null = null;
  let isScheduled = false;
  const stats = { dropped: 0, written: 0, failedBatches: 0 };

  const writeBatch = async (batch: T[], isRetry: boolean) => {
    try {
      await options.write(batch);
      stats.written += batch.length;
    } catch (error) {
      options.onError?.(error);
      if (isRetry) {
        stats.failedBatches += 1;
        stats.dropped += batch.length;
      } else {
        retry = [...(retry ?? []), ...batch];
      }
    }
  };

  async function drainOnce(): Promise<void> {
    if (retry) {
      const again = retry;
      retry = null;
      await writeBatch(again, true);
    }
    while (items.length > 0) {
      const batch = items.slice(0, batchSize);
      items = items.slice(batch.length);
      await writeBatch(batch, false);
    }
  }

  function drain(): Promise<void> {
    draining ??= drainOnce().finally(() => {
      draining = null;
    });
    return draining;
  }

  const timer = setInterval(() => {
    if (items.length > 0 || retry) void drain();
  }, flushEveryMs);
  timer.unref();

  return {
    push(item) {
      if (items.length >= capacity) {
        stats.dropped += 1;
        return false;
      }
      items.push(item);
      if (items.length >= batchSize && !isScheduled) {
        isScheduled = true;
        queueMicrotask(() => {
          isScheduled = false;
          void drain();
        });
      }
      return true;
    },
    async flush() {
      // A drain in progress may have started before the latest pushes: wait, then drain again.
      if (draining) await draining;
      await drain();
    },
    async close() {
      clearInterval(timer);
      await this.flush();
    },
    stats: () => ({ queued: items.length + (retry?.length ?? 0), ...stats }),
  };
}
