import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

/** What PostgreSQL and PGlite reject a statement with: a severity and an SQLSTATE. */
function databaseError(message: string) {
  return Object.assign(new Error(message), { severity: 'ERROR', code: '23503' });
}

/** A statement stand-in that records every batch it is given and doubles each input. */
function recorder(options: { failWhen?: (inputs: readonly number[]) => boolean } = {}) {
  const batches: number[][] = [];
  const held: (() => void)[] = [];
  let hold = false;
  const run = async (inputs: readonly number[]) => {
    batches.push([...inputs]);
    if (hold) await new Promise<void>((r) => held.push(r));
    if (options.failWhen?.(inputs)) throw databaseError(`refused ${inputs.join(',')}`);
    return inputs.map((n) => n * 2);
  };
  return {
    batches,
    run,
    holdNext: () => (hold = true),
    releaseHeld: () => {
      hold = false;
      for (const release of held.splice(0)) release();
    },
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('batched', () => {
  it('answers a call on its own when nothing else is waiting', async () => {
    const statement = recorder();
    const call = batched(statement.run);
    expect(await call(1)).toBe(2);
    expect(await call(2)).toBe(4);
    expect(statement.batches).toEqual([[1], [2]]);
  });

  it('sends calls made in the same turn as one batch, each answered at its place', async () => {
    const statement = recorder();
    const call = batched(statement.run);
    expect(await Promise.all([call(1), call(2), call(3)])).toEqual([2, 4, 6]);
    expect(statement.batches).toEqual([[1, 2, 3]]);
  });

  it('gathers calls made while a batch runs into the next one', async () => {
    const statement = recorder();
    const call = batched(statement.run);
    statement.holdNext();
    const first = call(1);
    await settle();
    expect(statement.batches).toEqual([[1]]);
    const later = [call(2), call(3), call(4)];
    await settle();
    // Still one statement at a time: the later calls wait for the first to finish.
    expect(statement.batches).toEqual([[1]]);
    statement.releaseHeld();
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(statement.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('never puts more than maxBatch calls in one statement', async () => {
    const statement = recorder();
    const call = batched(statement.run, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map(call));
    expect(statement.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('runs a batch the database refused again call by call, so only the bad call fails', async () => {
    const statement = recorder({ failWhen: (inputs) => inputs.includes(13) });
    const call = batched(statement.run);
    const results = await Promise.allSettled([call(1), call(13), call(3)]);
    expect(results).toMatchObject([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: { message: 'refused 13', code: '23503' } },
      { status: 'fulfilled', value: 6 },
    ]);
    expect(statement.batches).toEqual([[1, 13, 3], [1], [13], [3]]);
    // And it goes on taking calls afterwards.
    expect(await call(5)).toBe(10);
  });

  it('runs nothing again when the failure may have come after the commit', async () => {
    const batches: number[][] = [];
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {
      code: 'ECONNRESET',
    });
    const call = batched(async (inputs: readonly number[]) => {
      batches.push([...inputs]);
      throw lost;
    });
    const results = await Promise.allSettled([call(1), call(2)]);
    expect(results).toEqual([
      { status: 'rejected', reason: lost },
      { status: 'rejected', reason: lost },
    ]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('fails every caller when the statement answers the wrong number of rows', async () => {
    const batches: number[][] = [];
    const call = batched(async (inputs: readonly number[]) => {
      batches.push([...inputs]);
      return inputs.slice(1);
    });
    const results = await Promise.allSettled([call(1), call(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(call(1)).rejects.toThrow('batched: 0 answers for 1 inputs');
    // Whatever it wrote is written: the inputs are not sent again.
    expect(batches).toEqual([[1, 2], [1]]);
  });

  it('runs up to maxRunning statements at once, so one stuck statement leaves a lane', async () => {
    const statement = recorder();
    const call = batched(statement.run, { maxRunning: 2 });
    statement.holdNext();
    const stuck = call(1);
    await settle();
    const other = call(2);
    await settle();
    expect(statement.batches).toEqual([[1], [2]]);
    statement.releaseHeld();
    expect(await Promise.all([stuck, other])).toEqual([2, 4]);
  });

  it('refuses limits that would never send anything', () => {
    const run = async (inputs: readonly number[]) => inputs;
    expect(() => batched(run, { maxBatch: 0 })).toThrow(RangeError);
    expect(() => batched(run, { maxRunning: 0.5 })).toThrow(RangeError);
  });
});
