import { describe, expect, it } from 'vitest';
import { checkTarget, classifyAddress, parseTargetUrl } from './webhook-targets.ts';

describe('webhook targets (SSRF)', () => {
  it('sorts addresses into public, private and never allowed', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1']) {
      expect(classifyAddress(address), address).toBe('public');
    }
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.1.2.3',
    ]) {
      expect(classifyAddress(address), address).toBe('private');
    }
    for (const address of [
      '0.0.0.0',
      '169.254.169.254',
      'fe80::1',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      'not an ip',
    ]) {
      expect(classifyAddress(address), address).toBe('refused');
    }
  });

  it('takes only http(s) URLs without credentials', () => {
    expect(parseTargetUrl('https://hooks.example.com/a?b=1')?.hostname).toBe('hooks.example.com');
    expect(parseTargetUrl('ftp://example.com/')).toBeUndefined();
    expect(parseTargetUrl('https://user:pass@example.com/')).toBeUndefined();
    expect(parseTargetUrl('file:///etc/passwd')).toBeUndefined();
    expect(parseTargetUrl('not a url')).toBeUndefined();
  });

  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({
        address,
        family: address.includes(':') ? (6 as const) : (4 as const),
      }));

  it('refuses a host name that resolves to loopback unless private targets are allowed', async () => {
    const url = new URL('http://innocent.example/hook');
    expect(
      await checkTarget(url, { resolveHost: resolveTo('127.0.0.1'), isPrivateAllowed: false }),
    ).toEqual({
      problem: 'private',
    });
    expect(
      await checkTarget(url, { resolveHost: resolveTo('127.0.0.1'), isPrivateAllowed: true }),
    ).toEqual({
      address: { address: '127.0.0.1', family: 4 },
    });
    // One private answer among public ones refuses the host: the connection could take any.
    expect(
      await checkTarget(url, {
        resolveHost: resolveTo('93.184.216.34', '10.0.0.5'),
        isPrivateAllowed: false,
      }),
    ).toEqual({ problem: 'private' });
    // The metadata service stays refused whatever the setting.
    expect(
      await checkTarget(url, { resolveHost: resolveTo('169.254.169.254'), isPrivateAllowed: true }),
    ).toEqual({
      problem: 'private',
    });
  });

  it('checks IP literals without resolving, and refuses a host that does not resolve', async () => {
    const never = async () => {
      throw new Error('no lookup expected');
    };
    expect(
      await checkTarget(new URL('http://[::1]:8080/'), {
        resolveHost: never,
        isPrivateAllowed: false,
      }),
    ).toEqual({
      problem: 'private',
    });
    expect(
      await checkTarget(new URL('http://0.0.0.0/'), { resolveHost: never, isPrivateAllowed: true }),
    ).toEqual({
      problem: 'private',
    });
    expect(
      await checkTarget(new URL('https://nowhere.example/'), {
        resolveHost: never,
        isPrivateAllowed: false,
      }),
    ).toEqual({
      problem: 'unresolvable',
    });
  });

  it('refuses localhost through the real resolver', async () => {
    const { resolveWithDns } = await import('./webhook-targets.ts');
    expect(
      await checkTarget(new URL('http://localhost:9/'), {
        resolveHost: resolveWithDns,
        isPrivateAllowed: false,
      }),
    ).toEqual({
      problem: 'private',
    });
  });
});
