/**
 * Many callers, one statement: calls that arrive while a statement is running wait and go
 * together in the next one, the way a database groups commits. Alone, a call waits only
 * for the end of the event loop's current turn, so an idle server answers as fast as
 * before; under load each statement carries every call that came in meanwhile, and the
 * database does one round trip, one plan execution and one commit for all of them
 * (docs/PERFORMANCE.md, add to cart).
 *
 * `run` answers each input at its index. When a statement fails, its inputs are run again
 * one by one, so a single bad input fails only its own caller.
 */
export function batched<I, O>(
  run: (inputs: readonly I[]) => Promise<readonly O[]>,
  options: { maxBatch?: number; maxRunning?: number } = {},
): (input: I) => Promise<O> {
  const maxBatch = options.maxBatch ?? 64;
  const maxRunning = options.maxRunning ?? 1;
  type Waiting = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let running = 0;
  let flushScheduled = false;

  function scheduleFlush() {
    if (flushScheduled || running >= maxRunning || waiting.length === 0) return;
    flushScheduled = true;
    // setImmediate, not a microtask: requests read in this turn of the loop join first.
    setImmediate(flush);
  }

  function flush() {
    flushScheduled = false;
    while (running < maxRunning && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      running++;
      void runBatch(batch).finally(() => {
        running--;
        scheduleFlush();
      });
    }
  }

  async function answered(inputs: readonly I[]): Promise<readonly O[]> {
    const outputs = await run(inputs);
    if (outputs.length !== inputs.length) {
      throw new Error(`batched: ${outputs.length} answers for ${inputs.length} inputs`);
    }
    return outputs;
  }

  async function runBatch(batch: Waiting[]) {
    let outputs: readonly O[];
    try {
      outputs = await answered(batch.map((w) => w.input));
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only) {
        only.reject(error);
        return;
      }
      await Promise.all(
        batch.map((w) => answered([w.input]).then((one) => w.resolve(one[0] as O), w.reject)),
      );
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(outputs[i] as O);
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      scheduleFlush();
    });
}
