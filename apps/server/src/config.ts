import { resolve } from 'node:path';
import { z } from 'zod';

// Configuration is read from the environment once, validated, and frozen. Everything
// optional has an embedded default so `npm start` works on a bare laptop.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  // Add-to-cart calls per visitor address per 10 s. A benchmark or a shop behind one NAT
  // may need more; the limit stays on, only its size changes.
  CART_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path; the embedded database and uploaded files live below it. */
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database. */
  databaseUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Keep rendered public pages in memory (ssr/page-cache.ts); off for a cold benchmark. */
  isPageCacheEnabled: boolean;
  /** Add-to-cart requests allowed per visitor address in a 10-second window. */
  cartRateLimit: number;
  /** Outbox mail is sent through this server when set; otherwise it waits in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
}>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    isPageCacheEnabled: e.PAGE_CACHE === 'on',
    cartRateLimit: e.CART_RATE_LIMIT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Atelier <no-reply@localhost>',
  });
}
