import { randomBytes } from 'node:crypto';
import { argon2id } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('are argon2id with their parameters and a random salt, never the password', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correct horse battery'),
      hashPassword('correct horse battery'),
    ]);
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(first).not.toContain('correct horse');
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse battery', second)).toBe(true);
    expect(await verifyPassword('wrong horse battery', first)).toBe(false);
  });

  it('never match a malformed stored hash or an unknown member', async () => {
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
    expect(await verifyPassword('anything', '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB')).toBe(
      false,
    );
    expect(await verifyAgainstNothing('anything')).toBe(false);
  });

  it('still verify the PHC strings hash-wasm stored before the native library', async () => {
    // Written by the hash-wasm code this replaced; members created then must still sign in.
    const stored =
      '$argon2id$v=19$m=19456,t=2,p=1$gpCuQHj8Nb7SWCh7F0le5A$AAEc7I6WpEWCKgdKxi6an8GcPAVKH8zWjOFY9hdmnic';
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    const fresh = await argon2id({
      parallelism: 1,
      iterations: 2,
      memorySize: 19_456,
      hashLength: 32,
      password: 'ünïcode pässword ✓',
      salt: randomBytes(16),
      outputType: 'encoded',
    });
    expect(await verifyPassword('ünïcode pässword ✓', fresh)).toBe(true);
  });

  it('hash off the event loop: a timer keeps firing while ten hashes run', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const startedAt = performance.now();
    await Promise.all(Array.from({ length: 10 }, () => hashPassword('correct horse battery')));
    const elapsed = performance.now() - startedAt;
    clearInterval(timer);
    // On the main thread the timer could not fire until every hash was done.
    expect(ticks).toBeGreaterThan(Math.min(5, elapsed / 10));
  });
});
