import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_SIGN_IN_LOCK, type SignInLockPolicy } from '@atelier/core';
import { z } from 'zod';

/**
 * Which proxies may name the client in `X-Forwarded-For`: `false` trusts none (the socket's
 * address is the client), a number trusts that many hops nearest the server, a list trusts
 * those addresses, CIDR ranges and proxy-addr's names. Fastify's option also takes `true`;
 * that lets any client choose its own address, so it is refused here. A hop count is only
 * safe when nothing can reach the server except through the proxies (README says so).
 */
export type TrustProxy = false | number | readonly string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    if (!raw) return false;
    if (/^\d+$/.test(raw)) {
      const hops = Number(raw);
      if (hops <= 32) return hops;
    }
    const entries = raw.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY takes a hop count (0-32) or a comma-separated list of proxy addresses, ' +
        `CIDR ranges, loopback, linklocal or uniquelocal; not ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    });
    return z.NEVER;
  });

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
  // Where shoppers reach the shop, for links in emails (order status, downloads, the
  // admin). A website's own domain (a host that is not localhost) wins over it.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  // Add-to-cart calls per visitor address per 10 s. A benchmark or a shop behind one NAT
  // may need more; the limit stays on, only its size changes.
  CART_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // Orders placed per visitor address per minute: card testing is the abuse it slows down.
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  // Site form submissions per visitor address per form, and per form from everyone, per minute.
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  FORM_RATE_LIMIT_PER_FORM: z.coerce.number().int().min(1).max(1_000_000).default(300),
  // The captcha's difficulty: the largest secret number a browser searches for (half of it
  // on average). Raise it to slow scripted submissions; the bench lowers it only to solve
  // thousands of challenges quickly, as checking one costs the server the same either way.
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  TRUST_PROXY: trustProxySchema,
  // Development and tests only: webhooks may target loopback and private networks.
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  // Rehearsals and end-to-end tests only: POST /api/testing/clock moves the clock that
  // subscription renewals run by. Refused in production.
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
  // Failed sign-ins for one email on one website before it is locked, and for how long.
  // Delays grow from the fourth failure on; see core's sign-in-lock.ts.
  SIGN_IN_LOCK_AFTER: z.coerce.number().int().min(1).max(1000).default(10),
  // Raw analytics events are kept this many days (whole day partitions are dropped);
  // the hourly rollups the dashboards read are kept for ever.
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SIGN_IN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
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
  /** Orders placed per visitor address in a one-minute window. */
  orderRateLimit: number;
  formRateLimits: { perVisitor: number; perForm: number };
  /** The captcha's difficulty: the largest secret number (ALTCHA's `maxnumber`). */
  captchaMaxNumber: number;
  /** Proxies whose `X-Forwarded-For` names the client; see TrustProxy. */
  trustProxy: TrustProxy;
  /** Per-account sign-in delays and lock, whatever address the attempts come from. */
  signInLock: SignInLockPolicy;
  /** Outbox mail is sent through this server when set; otherwise it waits in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin (no trailing slash) for links in emails when a website has no domain of its own. */
  publicUrl: string | undefined;
  /** Webhook targets on loopback and private networks are allowed (never in production). */
  isWebhookPrivateAllowed: boolean;
  /** POST /api/testing/clock moves the renewal clock forward (TEST_CLOCK; never in production). */
  isTestClockEnabled: boolean;
  /** Days raw analytics events are kept; rollups are kept for ever. */
  analyticsRetentionDays: number;
}>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.TEST_CLOCK === 'on' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK: a movable clock is for rehearsals and tests, not production',
    );
  }
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    isPageCacheEnabled: e.PAGE_CACHE === 'on',
    cartRateLimit: e.CART_RATE_LIMIT,
    orderRateLimit: e.ORDER_RATE_LIMIT,
    formRateLimits: { perVisitor: e.FORM_RATE_LIMIT, perForm: e.FORM_RATE_LIMIT_PER_FORM },
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    trustProxy: e.TRUST_PROXY,
    signInLock: Object.freeze({
      ...DEFAULT_SIGN_IN_LOCK,
      lockAfter: e.SIGN_IN_LOCK_AFTER,
      lockMs: e.SIGN_IN_LOCK_MINUTES * 60_000,
    }),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Atelier <no-reply@localhost>',
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    isWebhookPrivateAllowed: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
    isTestClockEnabled: e.TEST_CLOCK === 'on',
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
  });
}
