import { describe, expect, it } from 'vitest';
import { hmacSha1, sha1 } from './sha1';
import {
  base32Decode,
  base32Encode,
  checkTotp,
  formatRecoveryCode,
  groupedKey,
  hotp,
  isTotpCodeShape,
  otpauthUri,
  RECOVERY_CODE_BYTES,
  recoveryCodeKey,
  totpCode,
  totpStep,
} from './totp';

const ascii = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

// RFC 6238 appendix B and RFC 4226 appendix D share this 20-byte ASCII secret.
const RFC_SECRET = ascii('12345678901234567890');

describe('sha1 and hmacSha1', () => {
  it('match FIPS 180 and RFC 2202 test vectors', () => {
    expect(hex(sha1(ascii('')))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hex(sha1(ascii('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(sha1(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    );
    expect(hex(sha1(ascii('a'.repeat(1000))))).toBe('291e9a6c66994949b57ba5e650361e98fc36b1ba');
    expect(hex(hmacSha1(new Uint8Array(20).fill(0x0b), ascii('Hi There')))).toBe(
      'b617318655057264e28bc0b6fb378c8ef146be00',
    );
    expect(
      hex(
        hmacSha1(
          new Uint8Array(80).fill(0xaa),
          ascii('Test Using Larger Than Block-Size Key - Hash Key First'),
        ),
      ),
    ).toBe('aa4ae5e15272d00e95705637ce8a3b55ed402112');
  });
});

describe('hotp and totp', () => {
  it('give RFC 4226 appendix D codes for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it('give RFC 6238 appendix B SHA-1 codes (8 digits) at each listed time', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors)
      expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(code);
    expect(totpStep(59_000)).toBe(1);
    expect(totpStep(20000000000_000)).toBe(666666666);
  });
});

describe('checkTotp', () => {
  const at = 1111111111_000;
  const codeAt = (ms: number) => totpCode(RFC_SECRET, ms);

  it('accepts the current code and one step either side, not two', () => {
    const step = totpStep(at);
    expect(
      checkTotp({ secret: RFC_SECRET, code: codeAt(at), nowMs: at, lastUsedStep: null }),
    ).toEqual({ ok: true, step });
    expect(
      checkTotp({ secret: RFC_SECRET, code: codeAt(at - 30_000), nowMs: at, lastUsedStep: null }),
    ).toEqual({ ok: true, step: step - 1 });
    expect(
      checkTotp({ secret: RFC_SECRET, code: codeAt(at + 30_000), nowMs: at, lastUsedStep: null }),
    ).toEqual({ ok: true, step: step + 1 });
    expect(
      checkTotp({ secret: RFC_SECRET, code: codeAt(at - 60_000), nowMs: at, lastUsedStep: null }),
    ).toEqual({ ok: false, reason: 'wrong' });
    expect(
      checkTotp({ secret: RFC_SECRET, code: codeAt(at + 60_000), nowMs: at, lastUsedStep: null }),
    ).toEqual({ ok: false, reason: 'wrong' });
  });

  it('refuses a code replayed at or before the last accepted step', () => {
    const step = totpStep(at);
    const first = checkTotp({
      secret: RFC_SECRET,
      code: codeAt(at),
      nowMs: at,
      lastUsedStep: null,
    });
    expect(first).toEqual({ ok: true, step });
    expect(
      checkTotp({ secret: RFC_SECRET, code: codeAt(at), nowMs: at + 10_000, lastUsedStep: step }),
    ).toEqual({ ok: false, reason: 'used' });
    // An older code still inside the window is refused too once a later one was used.
    expect(
      checkTotp({ secret: RFC_SECRET, code: codeAt(at - 30_000), nowMs: at, lastUsedStep: step }),
    ).toEqual({ ok: false, reason: 'used' });
    expect(
      checkTotp({
        secret: RFC_SECRET,
        code: codeAt(at + 30_000),
        nowMs: at + 30_000,
        lastUsedStep: step,
      }),
    ).toEqual({ ok: true, step: step + 1 });
  });

  it('takes spaces in a typed code and refuses what is not six digits', () => {
    const code = codeAt(at);
    expect(
      checkTotp({
        secret: RFC_SECRET,
        code: `${code.slice(0, 3)} ${code.slice(3)}`,
        nowMs: at,
        lastUsedStep: null,
      }).ok,
    ).toBe(true);
    expect(
      checkTotp({ secret: RFC_SECRET, code: `${code}0`, nowMs: at, lastUsedStep: null }),
    ).toEqual({ ok: false, reason: 'wrong' });
    expect(isTotpCodeShape('123 456')).toBe(true);
    expect(isTotpCodeShape('12345a')).toBe(false);
  });
});

describe('keys, URIs and recovery codes', () => {
  it('round-trips base32 (RFC 4648 vectors, unpadded)', () => {
    expect(base32Encode(ascii('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('mzxw 6ytb oi')).toEqual(ascii('foobar'));
    expect(base32Decode('MZXW6YTBOI======')).toEqual(ascii('foobar'));
    expect(base32Decode('MZXW1')).toBeUndefined();
  });

  it('writes the otpauth URI apps read, naming the issuer twice', () => {
    expect(otpauthUri({ issuer: 'Cake & Co', account: 'ada@example.com', secret: 'ABCD' })).toBe(
      'otpauth://totp/Cake%20%26%20Co:ada%40example.com?secret=ABCD&issuer=Cake%20%26%20Co&algorithm=SHA1&digits=6&period=30',
    );
    expect(groupedKey('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toBe(
      'GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ',
    );
  });

  it('formats recovery codes in four groups and reads them back however typed', () => {
    const code = formatRecoveryCode(new Uint8Array(RECOVERY_CODE_BYTES).fill(7));
    expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    const key = code.replaceAll('-', '');
    expect(recoveryCodeKey(code)).toBe(key);
    expect(recoveryCodeKey(` ${code.toUpperCase().replaceAll('-', ' ')} `)).toBe(key);
    expect(recoveryCodeKey('123456')).toBeUndefined();
  });
});
