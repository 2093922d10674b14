import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      env: 'development',
    });
    expect(config.dataDir).toBe(resolve('./data'));
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads PostgreSQL and a data folder from the environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/atelier',
      DATA_DIR: '/srv/atelier',
      PORT: '8080',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://app@db:5432/atelier',
      dataDir: '/srv/atelier',
      port: 8080,
    });
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('is silent in tests unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('trusts no proxy unless TRUST_PROXY names one, by hop count or address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '2001:db8::/32' }).trustProxy).toEqual(['2001:db8::/32']);
  });

  it('refuses a TRUST_PROXY that would trust any client, or is not an address', () => {
    for (const value of ['true', '*', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/1', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });

  it('sizes the order-placement limit like the cart one', () => {
    expect(loadConfig({}).orderRateLimit).toBe(10);
    expect(loadConfig({ ORDER_RATE_LIMIT: '200' }).orderRateLimit).toBe(200);
    expect(() => loadConfig({ ORDER_RATE_LIMIT: '0' })).toThrow(/ORDER_RATE_LIMIT/);
  });

  it("reads the captcha's difficulty, 50 000 unless set", () => {
    expect(loadConfig({}).captchaMaxNumber).toBe(50_000);
    expect(loadConfig({ CAPTCHA_MAX_NUMBER: '200000' }).captchaMaxNumber).toBe(200_000);
    for (const value of ['0', '1.5', 'many', '10000001']) {
      expect(() => loadConfig({ CAPTCHA_MAX_NUMBER: value })).toThrow(/CAPTCHA_MAX_NUMBER/);
    }
  });

  it('reads the sign-in lock a merchant may tune', () => {
    expect(loadConfig({}).signInLock).toMatchObject({ lockAfter: 10, lockMs: 15 * 60_000 });
    const tuned = loadConfig({ SIGN_IN_LOCK_AFTER: '5', SIGN_IN_LOCK_MINUTES: '60' });
    expect(tuned.signInLock).toMatchObject({ lockAfter: 5, lockMs: 60 * 60_000 });
    expect(() => loadConfig({ SIGN_IN_LOCK_AFTER: '0' })).toThrow(/SIGN_IN_LOCK_AFTER/);
  });
});
