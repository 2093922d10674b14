import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCOUNT_SESSION,
  isLanguageTag,
  isSessionCurrent,
  passwordProblem,
  sessionEndsAt,
  shouldTouchSession,
} from './account-rules';

const LIST = new Set(['password', 'qwertyuiop', 'iloveyou', 'sunshine']);
const check = (password: string, email = 'ana@example.com') =>
  passwordProblem({ password, email, isBreached: (p) => LIST.has(p) });

describe('a new account password', () => {
  it('is refused under ten characters, counting characters, not bytes', () => {
    expect(check('short pass')).toBeUndefined();
    expect(check('short pas')).toBe('too-short');
    expect(check('ééééééééé1')).toBeUndefined();
  });

  it('is refused when the breached list has it, in any case', () => {
    expect(check('QwertyUIOP')).toBe('too-common');
  });

  it('is refused when only digits or symbols were added to a listed one', () => {
    expect(check('password123!')).toBe('too-common');
    expect(check('Sunshine2024')).toBe('too-common');
    expect(check('sunshine on the hill')).toBeUndefined();
  });

  it('is refused when it is one character repeated', () => {
    expect(check('aaaaaaaaaaaa')).toBe('too-common');
  });

  it('is refused when it contains the email’s name part', () => {
    expect(check('maria.lopez-pass', 'maria.lopez@example.com')).toBe('contains-email');
    // A name part too short to matter is not checked.
    expect(check('ana the great shopper', 'ana@example.com')).toBeUndefined();
  });
});

describe('an account session', () => {
  const policy = DEFAULT_ACCOUNT_SESSION;
  const start = 1_000_000;

  it('ends after the idle time without use', () => {
    const session = { createdAt: start, lastSeenAt: start, isRemembered: false };
    expect(isSessionCurrent(session, start + policy.idleMs - 1, policy)).toBe(true);
    expect(isSessionCurrent(session, start + policy.idleMs, policy)).toBe(false);
  });

  it('ends at the absolute time however recently it was used', () => {
    const used = {
      createdAt: start,
      lastSeenAt: start + policy.absoluteMs - 10,
      isRemembered: false,
    };
    expect(isSessionCurrent(used, start + policy.absoluteMs, policy)).toBe(false);
    expect(sessionEndsAt(used, start + policy.absoluteMs - 10, policy)).toBe(
      start + policy.absoluteMs,
    );
  });

  it('lasts longer when remembered', () => {
    const session = { createdAt: start, lastSeenAt: start, isRemembered: true };
    expect(isSessionCurrent(session, start + policy.idleMs * 2, policy)).toBe(true);
    expect(isSessionCurrent(session, start + policy.rememberedAbsoluteMs, policy)).toBe(false);
  });

  it('writes a use back at most once a minute', () => {
    expect(shouldTouchSession(start, start + 59_999)).toBe(false);
    expect(shouldTouchSession(start, start + 60_000)).toBe(true);
  });
});

describe('a visitor language', () => {
  it('takes BCP 47 shapes and nothing else', () => {
    expect(['en', 'fr-CA', 'zh-Hant-TW'].every(isLanguageTag)).toBe(true);
    expect(['', 'english', 'en_US', 'en-', '<script>'].some(isLanguageTag)).toBe(false);
  });
});
