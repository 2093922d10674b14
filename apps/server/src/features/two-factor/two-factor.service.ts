import { createHash, randomBytes } from 'node:crypto';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@atelier/contract';
import {
  base32Decode,
  base32Encode,
  checkTotp,
  formatRecoveryCode,
  groupedKey,
  isTotpCodeShape,
  otpauthUri,
  RECOVERY_CODE_BYTES,
  RECOVERY_CODE_COUNT,
  recoveryCodeKey,
  TOTP_SECRET_BYTES,
  twoFactorMessages,
} from '@atelier/core';
import encodeQR from 'qr';
import { fail } from '../../http/errors.ts';
import type { TwoFactorRepo } from './two-factor.repo.ts';

// Two-step verification (TOTP) for one kind of person, members or customers: set it up,
// check a code, turn it off. Core's totp.ts is the rule; this keeps the keys and the
// recovery codes. Who the person is, and whether their password was right, is the
// caller's business: nothing here knows about sessions, HTTP or the sign-in lock.

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** Why a code was refused: wrong, already used (replay), or a recovery code not on file. */
export type CodeRefusal = 'wrong' | 'used' | 'recovery-wrong';

const REFUSAL_MESSAGES: Record<CodeRefusal, string> = {
  wrong: twoFactorMessages.codeWrong,
  used: twoFactorMessages.codeUsed,
  'recovery-wrong': twoFactorMessages.recoveryWrong,
};

/** A refused code: 401, the message under the `code` field. */
export function codeRefused(reason: CodeRefusal): never {
  const message = REFUSAL_MESSAGES[reason];
  throw fail('TWO_FACTOR_FAILED', message, { code: message });
}

const hashRecoveryCode = (key: string) => createHash('sha256').update(key).digest('base64url');

export function createTwoFactorService(deps: { repo: TwoFactorRepo; now: () => Date }) {
  const { repo, now } = deps;

  function secretOf(stored: string): Uint8Array {
    const secret = base32Decode(stored);
    if (!secret) throw new Error('a stored two-factor key is not base32');
    return secret;
  }

  return {
    async status(websiteId: string, subjectId: string): Promise<TwoFactorStatus> {
      const row = await repo.find(websiteId, subjectId);
      return row?.isOn
        ? { isOn: true, recoveryCodesLeft: row.recoveryCodesLeft }
        : { isOn: false, recoveryCodesLeft: 0 };
    },

    async isOn(websiteId: string, subjectId: string): Promise<boolean> {
      return (await repo.find(websiteId, subjectId))?.isOn ?? false;
    },

    /**
     * Refuses to set up again while it is on, before any password is checked: a password
     * check that succeeds forgives the sign-in lock's failures, and a set-up call between
     * code guesses at turning off would otherwise reset the lock for ever.
     */
    async assertOff(websiteId: string, subjectId: string): Promise<void> {
      if ((await repo.find(websiteId, subjectId))?.isOn) {
        throw fail('TWO_FACTOR_STATE', twoFactorMessages.alreadyOn);
      }
    },

    /**
     * A new 160-bit key, waiting for its first code; starting again replaces a key not yet
     * confirmed. The only time the key leaves the server.
     */
    async begin(input: {
      websiteId: string;
      subjectId: string;
      issuer: string;
      account: string;
    }): Promise<TwoFactorEnrolment> {
      const secret = base32Encode(randomBytes(TOTP_SECRET_BYTES));
      const isSaved = await repo.savePending({
        websiteId: input.websiteId,
        subjectId: input.subjectId,
        secret,
      });
      if (!isSaved) throw fail('TWO_FACTOR_STATE', twoFactorMessages.alreadyOn);
      const uri = otpauthUri({ issuer: input.issuer, account: input.account, secret });
      // The library insists on a quiet zone; one module of it is sliced off here, and the
      // drawing adds the four the standard asks for.
      const modules = encodeQR(uri, 'raw', { ecc: 'medium', border: 1 }).slice(1, -1);
      return {
        otpauthUri: uri,
        key: groupedKey(secret),
        qrRows: modules.map((row) =>
          row
            .slice(1, -1)
            .map((isDark) => (isDark ? '1' : '0'))
            .join(''),
        ),
      };
    },

    /** The first code turns it on; the answer is the recovery codes, shown this once. */
    async confirm(input: { websiteId: string; subjectId: string; code: string }) {
      const row = await repo.find(input.websiteId, input.subjectId);
      if (!row) throw fail('TWO_FACTOR_STATE', twoFactorMessages.notStarted);
      if (row.isOn) throw fail('TWO_FACTOR_STATE', twoFactorMessages.alreadyOn);
      const check = checkTotp({
        secret: secretOf(row.secret),
        code: input.code,
        nowMs: now().getTime(),
        lastUsedStep: null,
      });
      if (!check.ok) codeRefused(check.reason);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
        formatRecoveryCode(randomBytes(RECOVERY_CODE_BYTES)),
      );
      const isOn = await repo.turnOn({
        websiteId: input.websiteId,
        subjectId: input.subjectId,
        secret: row.secret,
        step: check.step,
        recoveryCodeHashes: recoveryCodes.map((code) =>
          hashRecoveryCode(recoveryCodeKey(code) ?? code),
        ),
        now: now(),
      });
      // Set up again in another window meanwhile: that key is the one waiting now.
      if (!isOn) throw fail('TWO_FACTOR_STATE', twoFactorMessages.notStarted);
      return recoveryCodes;
    },

    /**
     * Checks a code from the app (six digits) or a recovery code, and spends it: a code's
     * step or a recovery code is accepted once. Throws TWO_FACTOR_FAILED when refused.
     */
    async spendCode(input: { websiteId: string; subjectId: string; code: string }) {
      const row = await repo.find(input.websiteId, input.subjectId);
      if (!row?.isOn) throw fail('TWO_FACTOR_STATE', twoFactorMessages.notOn);
      if (isTotpCodeShape(input.code)) {
        const check = checkTotp({
          secret: secretOf(row.secret),
          code: input.code,
          nowMs: now().getTime(),
          lastUsedStep: row.lastUsedStep,
        });
        if (!check.ok) codeRefused(check.reason);
        const isAccepted = await repo.acceptStep({ ...input, step: check.step });
        if (!isAccepted) codeRefused('used');
        return;
      }
      const key = recoveryCodeKey(input.code);
      if (!key) codeRefused('wrong');
      const isSpent = await repo.spendRecoveryCode({ ...input, hash: hashRecoveryCode(key) });
      if (!isSpent) codeRefused('recovery-wrong');
    },

    /** Removes the key and recovery codes; the caller has checked password and code. */
    turnOff(websiteId: string, subjectId: string): Promise<void> {
      return repo.remove(websiteId, subjectId);
    },
  };
}
