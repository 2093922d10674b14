import type { CaptchaChallenge, CaptchaScope } from '@atelier/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIslandId } from '../../islands/island-id.ts';
import { solveInBackground } from './solve-in-background.ts';
import { expiresAtOf, payloadOf } from './solver.ts';

// The storefront's proof-of-work captcha (issue 20): a checkbox-like control that fetches
// a challenge for its form's action, solves it off the main thread and hands the form the
// payload to send as its captcha key. Solving starts when the visitor first works in the
// form (the badge becomes visible) or ticks the box, so it is usually done before they
// submit. A form imports this only where it shows a captcha; the solver's worker is its
// own file, fetched when solving starts.

export type CaptchaWidgetProps = {
  scope: CaptchaScope;
  /** A solution: send `payload` as the submission's captcha key. */
  onSolved: (payload: string) => void;
  /** The solution given by onSolved is gone (expired); the widget is solving again. */
  onReset?: () => void;
  /** Change it (after a failed submit) to drop the solution and solve a fresh challenge. */
  resetKey: number;
  /** True while a field of the widget's form has focus (SPEC §4 badge); hidden otherwise. */
  isBadgeVisible: boolean;
};

type CaptchaState = 'idle' | 'verifying' | 'verified' | 'error' | 'expired';

export const captchaTexts = {
  idle: "I'm not a robot",
  verifying: 'Verifying…',
  verified: 'Verified',
  error: 'Verification failed.',
  expired: 'Verification expired. Verifying again…',
  retry: 'Try again',
  about: 'Private check by this site, no tracking',
} as const;

/** Margin before the server's expiry at which a solution is replaced (a submit takes time). */
const EXPIRY_MARGIN_MS = 30_000;

export function CaptchaWidget({
  scope,
  onSolved,
  onReset,
  resetKey,
  isBadgeVisible,
}: CaptchaWidgetProps) {
  const id = useIslandId('captcha');
  const [state, setState] = useState<CaptchaState>('idle');
  const run = useRef<AbortController | undefined>(undefined);
  const expiryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Latest callbacks, so a solve under way reports to the current ones.
  const callbacks = useRef({ onSolved, onReset });
  callbacks.current = { onSolved, onReset };

  const stop = useCallback(() => {
    run.current?.abort();
    run.current = undefined;
    clearTimeout(expiryTimer.current);
  }, []);

  const start = useCallback(
    (after: CaptchaState = 'verifying') => {
      stop();
      const controller = new AbortController();
      run.current = controller;
      setState(after);
      solveOnce(scope, controller.signal).then(
        (solved) => {
          if (controller.signal.aborted) return;
          if (!solved) {
            setState('error');
            return;
          }
          callbacks.current.onSolved(solved.payload);
          setState('verified');
          if (solved.expiresAt !== undefined) {
            expiryTimer.current = setTimeout(
              () => {
                callbacks.current.onReset?.();
                start('expired');
              },
              Math.max(0, solved.expiresAt - Date.now() - EXPIRY_MARGIN_MS),
            );
          }
        },
        () => {
          if (!controller.signal.aborted) setState('error');
        },
      );
    },
    [scope, stop],
  );

  // The visitor is working in the form: solve now, so the answer is ready by submit.
  useEffect(() => {
    if (isBadgeVisible && state === 'idle') start();
  }, [isBadgeVisible, state, start]);

  // A failed submit spent or doubted the solution: solve a fresh challenge.
  const lastResetKey = useRef(resetKey);
  useEffect(() => {
    if (lastResetKey.current === resetKey) return;
    lastResetKey.current = resetKey;
    start();
  }, [resetKey, start]);

  useEffect(() => stop, [stop]);

  const isBusy = state === 'verifying' || state === 'expired';
  // Shown while the form has focus, and whenever the visitor must act on it.
  const isShown = isBadgeVisible || state === 'error';
  return (
    <div className="captcha">
      <div
        className={`captcha__box${isShown ? '' : ' captcha__box--tucked'}`}
        data-state={state}
        aria-busy={isBusy}
      >
        <input
          id={`${id}-check`}
          className="captcha__check"
          type="checkbox"
          checked={state === 'verified'}
          aria-describedby={`${id}-status`}
          onChange={() => {
            if (state === 'idle' || state === 'error') start();
          }}
        />
        <label className="captcha__label" htmlFor={`${id}-check`}>
          {captchaTexts.idle}
        </label>
        {isBusy && <span className="captcha__spinner" aria-hidden="true" />}
        <span id={`${id}-status`} className="captcha__status" role="status" aria-live="polite">
          {state === 'idle' ? '' : captchaTexts[state]}
        </span>
        {state === 'error' && (
          <button type="button" className="captcha__retry" onClick={() => start()}>
            {captchaTexts.retry}
          </button>
        )}
        <span className="captcha__about">{captchaTexts.about}</span>
      </div>
    </div>
  );
}

export default CaptchaWidget;

/** Fetches a challenge for the action and solves it; undefined when that failed. */
async function solveOnce(
  scope: CaptchaScope,
  signal: AbortSignal,
): Promise<{ payload: string; expiresAt: number | undefined } | undefined> {
  const response = await fetch(`/api/captcha/challenge?scope=${encodeURIComponent(scope)}`, {
    cache: 'no-store',
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) return undefined;
  const challenge = (await response.json()) as CaptchaChallenge;
  const solution = await solveInBackground(challenge, signal);
  if (!solution) return undefined;
  return { payload: payloadOf(challenge, solution), expiresAt: expiresAtOf(challenge) };
}
