import { type InvitationPreview, PASSWORD_MIN_LENGTH, type SessionState } from '@atelier/contract';
import { editorMessages, ROLE_LABELS, ROLE_SUMMARIES, type Role } from '@atelier/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from './api/client.ts';
import { PRODUCT_NAME } from './product-name.ts';
import { Button, Skeleton, TextField } from './ui/index.ts';

// The page an invitation email links to: /config/invitation#<secret>. The secret rides in
// the fragment, which browsers never send to a server nor put in a Referer, and goes to
// the API in a POST body. Looking at the page spends nothing; choosing a password accepts
// the invitation and signs in.

export const INVITATION_PATH = '/config/invitation';
export const isInvitationLocation = () => window.location.pathname === INVITATION_PATH;
const tokenInLocation = () => window.location.hash.slice(1);

export function AcceptInvitationScreen({
  onAccepted,
}: {
  onAccepted: (state: SessionState) => void;
}) {
  const errorId = useId();
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const token = tokenInLocation();
    // The session call hands out the crumb every write (these POSTs too) must echo.
    api
      .session()
      .then(() => api.invitation(token))
      .then(setPreview)
      .catch((caught: unknown) =>
        setLoadError(
          caught instanceof ApiError ? caught.message : editorMessages.somethingWentWrong,
        ),
      )
      .finally(() => headingRef.current?.focus());
  }, []);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      onAccepted(await api.acceptInvitation({ token: tokenInLocation(), password }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : editorMessages.somethingWentWrong);
      setIsBusy(false);
    }
  }

  const role = preview ? (ROLE_LABELS[preview.role as Role] ?? 'Member') : '';
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
            {preview ? `Join ${preview.siteTitle || 'this website'}` : 'Your invitation'}
          </h1>
          {loadError ? (
            <>
              <p className="notice notice--error" role="alert">
                {loadError}
              </p>
              <a className="button" href="/config">
                Go to sign in
              </a>
            </>
          ) : preview === null ? (
            <Skeleton lines={3} label="Opening your invitation…" />
          ) : (
            <>
              <p className="sign-in__lead">
                You are invited as <strong>{role}</strong>:{' '}
                {ROLE_SUMMARIES[preview.role as Role] ?? ''}. Choose a password to accept.
              </p>
              <form onSubmit={submit} aria-describedby={error ? errorId : undefined} noValidate>
                {error ? (
                  <p
                    className="notice notice--error"
                    id={errorId}
                    role="alert"
                    tabIndex={-1}
                    ref={errorRef}
                  >
                    {error}
                  </p>
                ) : null}
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="username"
                  value={preview.email}
                  readOnly
                />
                <TextField
                  label="Choose a password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={PASSWORD_MIN_LENGTH}
                  hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <Button type="submit" variant="primary" disabled={isBusy}>
                  Accept and sign in
                </Button>
              </form>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
