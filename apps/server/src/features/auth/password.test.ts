import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('are argon2id with their parameters and a random salt, never the password', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correct horse battery'),
      hashPassword('correct horse battery'),
    ]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toContain('correct horse');
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse battery', second)).toBe(true);
    expect(await verifyPassword('wrong horse battery', first)).toBe(false);
  });

  it('never match a malformed stored hash or an unknown member', async () => {
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
    expect(await verifyAgainstNothing('anything')).toBe(false);
  });
});
