import { isDatabaseError } from './errors.ts';

/**
 * Many callers, one statement: calls that arrive while a statement is running wait and go
 * together in the next one, the way a database groups commits. Alone, a call waits only
 * for the end of the event loop's current turn, so an idle server answers as fast as
 * before; under load each statement carries every call that came in meanwhile, and the
 * database does one round trip, one plan execution and one commit for all of them
 * (docs/PERFORMANCE.md, add to cart). `maxRunning` statements run at once, so one that
 * waits on a lock does not hold up every caller.
 *
 * `run` answers each input at its index. When a statement fails inside the database (an
 * SQLSTATE error: it rolled back, nothing was written), its inputs are run again one after
 * another, so a single bad input fails only its own caller. Any other failure (the
 * connection lost, perhaps after the commit) is every caller's: running the inputs again
 * could write them twice.
 */
export function batched<I, O>(
  run: (inputs: readonly I[]) => Promise<readonly O[]>,
  options: { maxBatch?: number; maxRunning?: number } = {},
): (input: I) => Promise<O> {
  const maxBatch = atLeastOne('maxBatch', options.maxBatch ?? 64);
  const maxRunning = atLeastOne('maxRunning', options.maxRunning ?? 1);
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
      // After the statement: whatever it wrote is written, so this is never run again.
      throw new AnswerCountError(outputs.length, inputs.length);
    }
    return outputs;
  }

  async function runBatch(batch: Waiting[]) {
    let outputs: readonly O[];
    try {
      outputs = await answered(batch.map((w) => w.input));
    } catch (error) {
      if (batch.length === 1 || !isDatabaseError(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      // One after another: a batch's worth at once would take every pooled connection.
      for (const w of batch) {
        await answered([w.input]).then((one) => w.resolve(one[0] as O), w.reject);
      }
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

class AnswerCountError extends Error {
  constructor(answers: number, inputs: number) {
    super(`batched: ${answers} answers for ${inputs} inputs`);
  }
}

function atLeastOne(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`batched: ${name} must be a whole number of at least 1`);
  }
  return value;
}
