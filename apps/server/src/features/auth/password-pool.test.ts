import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPasswordPool, PasswordPoolBusyError } from './password-pool.ts';

const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 };

/** The nice value of each thread of this process (Linux). */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; nice is field 19 of stat.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

describe('password worker pool', () => {
  it('hashes and verifies in a worker thread at the lowest CPU priority', async () => {
    const pool = createPasswordPool({ size: 1 });
    const stored = await pool.hash('correct horse battery', PARAMS);
    expect(await pool.verify(stored, 'correct horse battery')).toBe(true);
    expect(await pool.verify(stored, 'wrong horse battery')).toBe(false);
    if (process.platform === 'linux') expect(threadNices()).toContain(19);
  });

  it('refuses work past its queue bound instead of growing without limit', async () => {
    const pool = createPasswordPool({ size: 1, maxQueued: 2 });
    const accepted = [pool.hash('one password', PARAMS), pool.hash('two password', PARAMS)];
    await expect(pool.hash('three password', PARAMS)).rejects.toBeInstanceOf(PasswordPoolBusyError);
    await Promise.all(accepted);
    // Room again once the queue drains.
    await expect(pool.hash('four password', PARAMS)).resolves.toMatch(/^\$argon2id\$/);
  });

  it('fails a malformed stored hash without losing the worker', async () => {
    const pool = createPasswordPool({ size: 1 });
    await expect(pool.verify('not a hash', 'anything')).rejects.toThrow();
    expect(await pool.verify(await pool.hash('still works', PARAMS), 'still works')).toBe(true);
  });
});
