import type { CaptchaChallenge, CaptchaScope } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createCaptchaRepo } from './captcha.repo.ts';
import { type CaptchaService, createCaptchaService } from './captcha.service.ts';
import { solve } from './captcha-test-kit.ts';

// Issue 20's proof-of-work captcha against a real database: challenges come from the
// public route, are solved here by brute force as a browser would, and are verified by
// the service the submission flows call.

const decoded = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe(`the proof-of-work captcha (${testDialect})`, () => {
  let t: TestApp;
  let siteId: string;
  let otherSiteId: string;
  let clock = new Date('2026-11-26T12:00:00Z');
  let captcha: CaptchaService;

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    siteId = (await t.app.services.websites.create({ title: 'Shop', hosts: ['localhost'] })).id;
    otherSiteId = (
      await t.app.services.websites.create({ title: 'Other', hosts: ['other.example'] })
    ).id;
    // The app's own service on a clock this test moves, over the same tables.
    captcha = createCaptchaService({
      captchaRepo: createCaptchaRepo(t.database.db),
      options: { now: () => clock },
    });
  });
  afterAll(() => t.close());

  let address = 0;
  async function challengeOf(scope: string, host = 'localhost') {
    address += 1;
    return t.app.inject({
      url: `/api/captcha/challenge?scope=${scope}`,
      headers: { host },
      remoteAddress: `192.0.2.${address}`,
    });
  }

  async function solvedFor(scope: CaptchaScope, host = 'localhost') {
    const response = await challengeOf(scope, host);
    expect(response.statusCode).toBe(200);
    return solve(response.json());
  }

  const verify = (payload: string | undefined, scope: CaptchaScope = 'FORM_BLOCK_SUBMISSION') =>
    t.app.services.captcha.verify({ websiteId: siteId, scope, payload });

  it('issues an uncached ALTCHA challenge with its scope and expiry signed into the salt', async () => {
    const before = Date.now();
    const response = await challengeOf('NEWSLETTER_BLOCK_SUBMISSION');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge: CaptchaChallenge = response.json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 50_000 });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const params = new URLSearchParams(challenge.salt.split('?')[1]);
    expect(params.get('scope')).toBe('NEWSLETTER_BLOCK_SUBMISSION');
    const expiresMs = Number(params.get('expires')) * 1000;
    expect(expiresMs).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(expiresMs).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(challenge.salt.endsWith('&')).toBe(true);
  });

  it('verifies a solved challenge once; the same payload again is a replay', async () => {
    const payload = await solvedFor('FORM_BLOCK_SUBMISSION');
    expect(await verify(payload)).toEqual({ ok: true });
    expect(await verify(payload)).toEqual({ ok: false, reason: 'replayed' });
    // A second server process (its own memory) still refuses it: the spend is stored.
    const elsewhere = createCaptchaService({ captchaRepo: createCaptchaRepo(t.database.db) });
    expect(
      await elsewhere.verify({ websiteId: siteId, scope: 'FORM_BLOCK_SUBMISSION', payload }),
    ).toEqual({ ok: false, reason: 'replayed' });
  });

  it('lets exactly one of several simultaneous uses through', async () => {
    const payload = await solvedFor('FORM_BLOCK_SUBMISSION');
    const verdicts = await Promise.all(Array.from({ length: 6 }, () => verify(payload)));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(1);
    expect(verdicts.filter((v) => !v.ok)).toEqual(
      Array.from({ length: 5 }, () => ({ ok: false, reason: 'replayed' })),
    );
  });

  it('keeps one secret per site, shared by every process', async () => {
    const payload = await solvedFor('PROMO_POPUP_SUBMISSION');
    const elsewhere = createCaptchaService({ captchaRepo: createCaptchaRepo(t.database.db) });
    expect(
      await elsewhere.verify({ websiteId: siteId, scope: 'PROMO_POPUP_SUBMISSION', payload }),
    ).toEqual({ ok: true });
  });

  it('agrees on one new secret when two processes make it at once', async () => {
    const third = (
      await t.app.services.websites.create({ title: 'Third', hosts: ['third.example'] })
    ).id;
    const [a, b] = [0, 1].map(() =>
      createCaptchaService({ captchaRepo: createCaptchaRepo(t.database.db) }),
    );
    if (!a || !b) throw new Error('two services');
    const [fromA, fromB] = await Promise.all([
      a.issue(third, 'FORM_BLOCK_SUBMISSION'),
      b.issue(third, 'FORM_BLOCK_SUBMISSION'),
    ]);
    const scope = 'FORM_BLOCK_SUBMISSION';
    expect(await b.verify({ websiteId: third, scope, payload: solve(fromA) })).toEqual({
      ok: true,
    });
    expect(await a.verify({ websiteId: third, scope, payload: solve(fromB) })).toEqual({
      ok: true,
    });
  });

  it('refuses a solution for another action', async () => {
    const payload = await solvedFor('PRODUCT_WAITLIST_SUBMISSION');
    expect(await verify(payload, 'FORM_BLOCK_SUBMISSION')).toEqual({
      ok: false,
      reason: 'wrong-scope',
    });
    // Refusing it did not spend it: the right action still takes it.
    expect(await verify(payload, 'PRODUCT_WAITLIST_SUBMISSION')).toEqual({ ok: true });
  });

  it("refuses a solution issued by another site's address", async () => {
    const payload = await solvedFor('FORM_BLOCK_SUBMISSION', 'other.example');
    expect(await verify(payload)).toEqual({ ok: false, reason: 'invalid' });
    expect(
      await t.app.services.captcha.verify({
        websiteId: otherSiteId,
        scope: 'FORM_BLOCK_SUBMISSION',
        payload,
      }),
    ).toEqual({ ok: true });
  });

  it('refuses a solution after its challenge expired', async () => {
    clock = new Date();
    const payload = solve(await captcha.issue(siteId, 'FORM_BLOCK_SUBMISSION'));
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    expect(
      await captcha.verify({ websiteId: siteId, scope: 'FORM_BLOCK_SUBMISSION', payload }),
    ).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('deletes spent solutions once they have expired, and only those', async () => {
    clock = new Date();
    const early = solve(await captcha.issue(siteId, 'FORM_BLOCK_SUBMISSION'));
    expect(
      await captcha.verify({ websiteId: siteId, scope: 'FORM_BLOCK_SUBMISSION', payload: early }),
    ).toEqual({ ok: true });
    clock = new Date(clock.getTime() + 9 * 60_000);
    const late = solve(await captcha.issue(siteId, 'FORM_BLOCK_SUBMISSION'));
    clock = new Date(clock.getTime() + 2 * 60_000);
    // This verify purges: the early spend is past its expiry, the late one is not.
    const third = solve(await captcha.issue(siteId, 'FORM_BLOCK_SUBMISSION'));
    expect(
      await captcha.verify({ websiteId: siteId, scope: 'FORM_BLOCK_SUBMISSION', payload: third }),
    ).toEqual({ ok: true });
    const signatures = (
      await t.database.db.selectFrom('captcha_spent').select('signature').execute()
    ).map((row) => row.signature);
    expect(signatures).not.toContain(decoded(early).signature);
    expect(signatures).toContain(decoded(third).signature);
    expect(
      await captcha.verify({ websiteId: siteId, scope: 'FORM_BLOCK_SUBMISSION', payload: late }),
    ).toEqual({ ok: true });
  });

  it('refuses tampered, malformed and missing payloads', async () => {
    const payload = await solvedFor('FORM_BLOCK_SUBMISSION');
    const solution = decoded(payload);
    const wrongNumber = encoded({ ...solution, number: solution.number + 1 });
    const otherScope = encoded({
      ...solution,
      salt: solution.salt.replace('FORM_BLOCK_SUBMISSION', 'PROMO_POPUP_SUBMISSION'),
    });
    const laterExpiry = encoded({
      ...solution,
      salt: solution.salt.replace(/expires=\d+/, 'expires=9999999999'),
    });
    const forgedSignature = encoded({ ...solution, signature: 'a'.repeat(64) });
    const weakerAlgorithm = encoded({ ...solution, algorithm: 'SHA-1' });
    for (const tampered of [
      wrongNumber,
      otherScope,
      laterExpiry,
      forgedSignature,
      weakerAlgorithm,
    ]) {
      expect(await verify(tampered)).toEqual({ ok: false, reason: 'invalid' });
    }
    for (const junk of [
      'not base64 !!',
      encoded('a string'),
      encoded({}),
      'e30',
      'x'.repeat(5000),
    ]) {
      expect(await verify(junk)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(await verify(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(await verify('')).toEqual({ ok: false, reason: 'missing' });
    // None of that spent the genuine solution.
    expect(await verify(payload)).toEqual({ ok: true });
  });

  it('answers a missing or unknown scope with 400, never 500', async () => {
    for (const query of [
      '',
      '?scope=',
      '?scope=LOGIN',
      '?scope[]=x',
      '?scope=FORM_BLOCK_SUBMISSION&scope=x',
    ]) {
      const response = await t.app.inject({
        url: `/api/captcha/challenge${query}`,
        remoteAddress: '198.51.100.77',
      });
      expect([query, response.statusCode, response.json().code]).toEqual([
        query,
        400,
        'REQUEST_INVALID',
      ]);
    }
  });

  it('limits challenges per visitor address, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) {
      const response = await t.app.inject({
        url: '/api/captcha/challenge?scope=FORM_BLOCK_SUBMISSION',
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error).toBe(
          'Unable to submit form. Submission rate limit exceeded. Please try again later.',
        );
      }
    }
    expect(statuses.indexOf(429)).toBe(30);
    const other = await challengeOf('FORM_BLOCK_SUBMISSION');
    expect(other.statusCode).toBe(200);
  });

  it('issues challenges at the difficulty CAPTCHA_MAX_NUMBER sets, and verifies them', async () => {
    const easy = await createTestApp({ seedDemo: false, env: { CAPTCHA_MAX_NUMBER: '1000' } });
    try {
      const site = await easy.app.services.websites.create({ title: 'Shop', hosts: ['localhost'] });
      const response = await easy.app.inject({
        url: '/api/captcha/challenge?scope=FORM_BLOCK_SUBMISSION',
        remoteAddress: '192.0.2.200',
      });
      const challenge: CaptchaChallenge = response.json();
      expect(challenge.maxnumber).toBe(1000);
      const verdict = await easy.app.services.captcha.verify({
        websiteId: site.id,
        scope: 'FORM_BLOCK_SUBMISSION',
        payload: solve(challenge),
      });
      expect(verdict).toEqual({ ok: true });
    } finally {
      await easy.close();
    }
  });
});
