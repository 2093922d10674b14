// Page renders under way at once. More do not finish sooner (the embedded database has one
// session, React renders on the one thread) but each holds its query results and HTML in
// memory: 50 at once peaked the server at ~430 MB. The rest wait in arrival order.

export type RenderSlots = ReturnType<typeof createRenderSlots>;

export const MAX_RENDERS = 4;

/** The response a slot is held for: it ends with 'finish', or 'close' when the visitor leaves. */
type Response = { once(event: 'finish' | 'close', listener: () => void): unknown };

export function createRenderSlots({ max = MAX_RENDERS }: { max?: number } = {}) {
  let rendering = 0;
  /** Renders waiting for a slot; each is handed the slot of a render that finished. */
  const waiting: Array<() => void> = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else rendering -= 1;
  }

  return {
    /**
     * Holds one slot until the response ends or the visitor goes away; a visitor who left
     * while waiting passes the slot straight on.
     */
    async acquire(response: Response): Promise<void> {
      let isOwner = false;
      let isDone = false;
      const done = () => {
        if (isDone) return;
        isDone = true;
        if (isOwner) release();
      };
      response.once('finish', done);
      response.once('close', done);
      if (rendering < max) {
        rendering += 1;
        isOwner = true;
        return;
      }
      await new Promise<void>((resolve) => {
        waiting.push(() => {
          isOwner = true;
          if (isDone) release();
          resolve();
        });
      });
    },

    stats: () => ({ rendering, waiting: waiting.length }),
  };
}
