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
});
