import { randomBytes } from 'node:crypto';
import {
  type CaptchaChallenge,
  type CaptchaFailure,
  type CaptchaScope,
  captchaSolutionSchema,
} from '@atelier/contract';
import { createChallenge, isGenuine, paramsOf } from './altcha.ts';
import type { CaptchaRepo } from './captcha.repo.ts';

// Issues and checks the proof-of-work captcha. Nothing here knows about HTTP: the
// challenge route calls `issue`, and a submission flow calls `verify` with the payload
// its form sent (the lead wires it into site forms, newsletter, waitlist, promo pop-up).

export type CaptchaOptions = {
  /** The clock challenges expire by; tests move it. */
  now?: () => Date;
  /** How long a challenge may be solved and then used (default 10 minutes). */
  ttlMs?: number;
  /**
   * The largest secret number: the browser tries half of them on average. Web Crypto in a
   * worker does roughly 60–250k SHA-256 a second (a loaded 2-core box to a desktop; a
   * mid-range phone sits low in that range), so 50 000 is ~0.1–0.5 s, at worst ~1 s.
   */
  maxNumber?: number;
  /** How often spent solutions past their expiry are deleted (default once a minute). */
  purgeEveryMs?: number;
};

export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaFailure };

/** What spending a genuine solution writes: its signature, kept until it expires. */
export type CaptchaSpend = { signature: string; expiresAt: Date };

type CaptchaInput = { websiteId: string; scope: CaptchaScope; payload: string | null | undefined };

export type CaptchaService = {
  issue: (websiteId: string, scope: CaptchaScope) => Promise<CaptchaChallenge>;
  /** Checks and spends a solution: the second use of one is `replayed`. */
  verify: (input: CaptchaInput) => Promise<CaptchaVerdict>;
  /**
   * Every check but the spend, for a caller that spends the solution in its own write
   * (a site form's submission, one statement): it must insert `spend` into
   * `captcha_spent` with `on conflict do nothing` and treat no row as a replay.
   */
  check: (
    input: CaptchaInput,
  ) => Promise<{ ok: true; spend: CaptchaSpend } | { ok: false; reason: CaptchaFailure }>;
};

/** Longest payload read: a real one is about 400 characters. */
const MAX_PAYLOAD_LENGTH = 2000;

export function createCaptchaService(deps: {
  captchaRepo: CaptchaRepo;
  options?: CaptchaOptions;
}): CaptchaService {
  const { captchaRepo } = deps;
  const now = deps.options?.now ?? (() => new Date());
  const ttlMs = deps.options?.ttlMs ?? 10 * 60_000;
  const maxNumber = deps.options?.maxNumber ?? 50_000;
  const purgeEveryMs = deps.options?.purgeEveryMs ?? 60_000;
  // A key never changes once stored, so each process reads it once per website.
  const secrets = new Map<string, Promise<string>>();
  let lastPurge = 0;

  const secretOf = (websiteId: string) => {
    let secret = secrets.get(websiteId);
    if (!secret) {
      secret = captchaRepo.secretOf(websiteId, randomBytes(32).toString('base64url'));
      secrets.set(websiteId, secret);
      secret.catch(() => secrets.delete(websiteId));
    }
    return secret;
  };

  const check: CaptchaService['check'] = async ({ websiteId, scope, payload }) => {
    if (!payload) return { ok: false, reason: 'missing' };
    const solution = decode(payload);
    if (!solution || !isGenuine(solution, await secretOf(websiteId))) {
      return { ok: false, reason: 'invalid' };
    }
    // Signed parameters from here on: only this server could have written them.
    const params = paramsOf(solution.salt);
    if (params.get('scope') !== scope) return { ok: false, reason: 'wrong-scope' };
    const expiresAt = new Date(Number(params.get('expires')) * 1000);
    if (Number.isNaN(expiresAt.getTime())) return { ok: false, reason: 'invalid' };
    const at = now();
    if (expiresAt.getTime() <= at.getTime()) return { ok: false, reason: 'expired' };
    if (at.getTime() - lastPurge >= purgeEveryMs) {
      lastPurge = at.getTime();
      await captchaRepo.purgeSpent(at);
    }
    return { ok: true, spend: { signature: solution.signature, expiresAt } };
  };

  return {
    async issue(websiteId, scope) {
      const expires = Math.floor((now().getTime() + ttlMs) / 1000);
      return createChallenge({
        hmacKey: await secretOf(websiteId),
        maxNumber,
        params: { expires: String(expires), scope },
      });
    },

    check,

    async verify(input) {
      const checked = await check(input);
      if (!checked.ok) return checked;
      const { signature, expiresAt } = checked.spend;
      const isFirstUse = await captchaRepo.spend(input.websiteId, signature, expiresAt);
      return isFirstUse ? { ok: true } : { ok: false, reason: 'replayed' };
    },
  };
}

function decode(payload: string) {
  if (payload.length > MAX_PAYLOAD_LENGTH) return undefined;
  try {
    const parsed = captchaSolutionSchema.safeParse(
      JSON.parse(Buffer.from(payload, 'base64').toString('utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
