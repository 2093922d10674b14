// The clock that keeps cached pages and remembered reads current. Every write that can
// change what a public page shows ticks it for its website AFTER it commits; something
// built from reads that started at reading T is current while no tick of its website (and
// no tick of every website) came after T. Writes are rare next to page views, so one
// tick drops a whole website's pages instead of tracking which page read what.
// Nothing here knows about HTTP: the page store, remembered reads and page cache ask it.

export type ContentClock = ReturnType<typeof createContentClock>;

/**
 * A change as servers tell each other: a website's pages (at a time, for a scheduled
 * page), or, with no website, every website's.
 */
export type ContentChange = { websiteId?: string; at?: number };

export function createContentClock({ now = Date.now }: { now?: () => number } = {}) {
  let clock = 0;
  /** When each website last changed; absent means not since this process started. */
  const changedAt = new Map<string, number>();
  /** When every website last changed at once (a new website can change host routing). */
  let allChangedAt = 0;
  /** Changes that happen by the clock (a scheduled page going live), earliest first. */
  const scheduled = new Map<string, number[]>();

  function tick(websiteId: string) {
    clock += 1;
    changedAt.set(websiteId, clock);
  }

  function tickAll() {
    clock += 1;
    allChangedAt = clock;
  }

  /** The website changes at `when` (ms since the epoch) with no write to tick then. */
  function schedule(websiteId: string, when: number) {
    const due = scheduled.get(websiteId) ?? [];
    due.push(when);
    due.sort((a, b) => a - b);
    scheduled.set(websiteId, due);
  }

  return {
    /** The reading a request notes when it starts. */
    read: () => clock,
    tick,
    tickAll,
    schedule,

    /** A change as announced between servers. */
    apply(change: ContentChange) {
      if (change.websiteId === undefined) tickAll();
      else if (change.at === undefined) tick(change.websiteId);
      else schedule(change.websiteId, change.at);
    },

    /** Whether what was built for `websiteId` from reads started at `since` is still current. */
    isFresh(websiteId: string, since: number): boolean {
      const due = scheduled.get(websiteId);
      if (due?.[0] !== undefined && due[0] <= now()) {
        while (due[0] !== undefined && due[0] <= now()) due.shift();
        if (due.length === 0) scheduled.delete(websiteId);
        // Every server reaches the time on its own: nothing to announce.
        tick(websiteId);
      }
      return (changedAt.get(websiteId) ?? 0) <= since && allChangedAt <= since;
    },
  };
}
