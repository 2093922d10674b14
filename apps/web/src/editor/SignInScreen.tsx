import { PASSWORD_MIN_LENGTH, type SessionState } from '@atelier/contract';
import { editorMessages, twoFactorMessages } from '@atelier/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from './api/client.ts';
import { PRODUCT_NAME } from './product-name.ts';
import { Button, TextField } from './ui/index.ts';

/**
 * The first visit creates the owner (no default password exists); later visits sign in.
 * Errors are announced and focus moves to them so a keyboard or screen reader user hears.
 */
export function SignInScreen({
  isFirstVisit,
  onSignedIn,
}: {
  isFirstVisit: boolean;
  onSignedIn: (state: SessionState) => void;
}) {
  const ids = { remember: useId(), error: useId() };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isRemembered, setIsRemembered] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // The password was right and two-step verification is on: the code comes next.
  const [isAskingForCode, setIsAskingForCode] = useState(false);
  const [code, setCode] = useState('');
  const errorRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the heading changes with the step.
  useEffect(() => headingRef.current?.focus(), [isAskingForCode]);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const state = isAskingForCode
        ? await api.completeSignIn(code)
        : isFirstVisit
          ? await api.createOwner({ email, password })
          : await api.signIn({ email, password, rememberMe: isRemembered });
      if (state.state === 'second-factor') {
        setIsAskingForCode(true);
        setPassword('');
        setIsBusy(false);
        return;
      }
      onSignedIn(state);
    } catch (caught) {
      // The wait for the code ended (five minutes): back to the password.
      if (caught instanceof ApiError && caught.code === 'TWO_FACTOR_EXPIRED') {
        setIsAskingForCode(false);
        setCode('');
      }
      setError(caught instanceof ApiError ? caught.message : editorMessages.somethingWentWrong);
      setIsBusy(false);
    }
  }

  function startOver() {
    setIsAskingForCode(false);
    setCode('');
    setError(null);
  }

  const title = isAskingForCode
    ? twoFactorMessages.signInTitle
    : isFirstVisit
      ? 'Create the owner of this website'
      : 'Sign in to the editor';
  return (
    <div className="sign-in-page">
      <main className="sign-in">
        <p className="sign-in__brand">
          <span className="app-shell__logo" aria-hidden="true">
            {PRODUCT_NAME.slice(0, 1)}
          </span>
          {PRODUCT_NAME}
        </p>
        <div className="ui-card">
          <h1 ref={headingRef} tabIndex={-1}>
            {title}
          </h1>
          <p className="sign-in__lead">
            {isAskingForCode
              ? twoFactorMessages.signInIntro
              : isFirstVisit
                ? 'This website has no members yet. The email and password you choose here make you its owner, with every permission.'
                : 'Welcome back. Sign in to edit your website.'}
          </p>
          <form onSubmit={submit} aria-describedby={error ? ids.error : undefined} noValidate>
            {error ? (
              <p
                className="notice notice--error"
                id={ids.error}
                role="alert"
                tabIndex={-1}
                ref={errorRef}
              >
                {error}
              </p>
            ) : null}
            {isAskingForCode ? (
              <>
                <TextField
                  key="code"
                  label={twoFactorMessages.signInCodeLabel}
                  autoComplete="one-time-code"
                  required
                  maxLength={64}
                  hint={twoFactorMessages.signInCodeHint}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
                <div className="form-row">
                  <Button type="submit" variant="primary" disabled={isBusy}>
                    {twoFactorMessages.verify}
                  </Button>
                  <Button variant="quiet" onClick={startOver}>
                    {twoFactorMessages.startOver}
                  </Button>
                </div>
              </>
            ) : (
              <>
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete={isFirstVisit ? 'new-password' : 'current-password'}
                  required
                  minLength={isFirstVisit ? PASSWORD_MIN_LENGTH : undefined}
                  hint={isFirstVisit ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                {isFirstVisit ? null : (
                  <div className="field field--check">
                    <input
                      id={ids.remember}
                      type="checkbox"
                      checked={isRemembered}
                      onChange={(e) => setIsRemembered(e.target.checked)}
                    />
                    <label htmlFor={ids.remember}>Keep me signed in for 30 days</label>
                  </div>
                )}
                <Button type="submit" variant="primary" disabled={isBusy}>
                  {isFirstVisit ? 'Create owner' : 'Sign in'}
                </Button>
              </>
            )}
          </form>
        </div>
      </main>
    </div>
  );
}
