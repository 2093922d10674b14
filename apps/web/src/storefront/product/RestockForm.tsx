import type { Product } from '@atelier/contract';
import { RESTOCK_EMAIL_MAX, RESTOCK_EMAIL_MIN } from '@atelier/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useIslandId } from '../../islands/island-id.ts';
import { CaptchaWidget } from '../captcha/CaptchaWidget.tsx';
import {
  initialRestockFormState,
  needsNewCaptcha,
  restockFormReducer,
  restockFormTexts,
  signUpForRestockNotification,
} from './restock-form.ts';

// The back-in-stock sign-up under a sold-out variant (SPEC §4; issue 21). Part of the
// product form island; its state lives in restock-form.ts. The product page keys it by
// variant, so choosing another variant starts a fresh form.

export type RestockFormProps = {
  productId: string;
  variantId: string;
  settings: NonNullable<Product['restock']>;
};

export function RestockForm({ productId, variantId, settings }: RestockFormProps) {
  const id = useIslandId('restock');
  const [state, dispatch] = useReducer(restockFormReducer, initialRestockFormState);
  const [email, setEmail] = useState('');
  const [isJoinMailingList, setIsJoinMailingList] = useState(settings.mailingListOptInByDefault);
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);
  const [hasFocusWithin, setHasFocusWithin] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);

  // Sent once the email passed and the captcha is solved (it may finish after the click).
  useEffect(() => {
    if (state.status !== 'submitting' || !state.email || !captchaPayload) return;
    let isCurrent = true;
    void signUpForRestockNotification(
      {
        productId,
        variantId,
        siteVisitorEmail: state.email,
        isJoinMailingList: settings.mailingListSignUpEnabled && isJoinMailingList,
        recaptchaEnterpriseV3Token: captchaPayload,
        ...(typeof document !== 'undefined' && document.documentElement.lang
          ? { language: document.documentElement.lang }
          : {}),
      },
      { successText: settings.successText },
    ).then((result) => {
      if (!isCurrent) return;
      if (result.ok) {
        dispatch({ type: 'succeeded', message: result.message });
        return;
      }
      if (needsNewCaptcha(result.code)) {
        setCaptchaPayload(null);
        setCaptchaResets((count) => count + 1);
      }
      dispatch({ type: 'failed', message: result.message });
      emailRef.current?.focus();
    });
    return () => {
      isCurrent = false;
    };
  }, [
    state.status,
    state.email,
    captchaPayload,
    productId,
    variantId,
    settings,
    isJoinMailingList,
  ]);

  useEffect(() => {
    if (state.status === 'done') successRef.current?.focus();
  }, [state.status]);

  const errorId = `${id}-error`;
  const isBusy = state.status === 'submitting' || state.status === 'waiting-for-captcha';
  return (
    <section className="restock" aria-labelledby={`${id}-cta`}>
      <p id={`${id}-cta`} className="restock__cta">
        {restockFormTexts.callToAction}
      </p>
      {state.status === 'done' ? (
        <p ref={successRef} className="restock__success" role="status" tabIndex={-1}>
          {state.message}
        </p>
      ) : (
        <form
          className="restock__form"
          noValidate
          aria-labelledby={`${id}-cta`}
          aria-busy={isBusy}
          onFocus={() => setHasFocusWithin(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
              setHasFocusWithin(false);
            }
          }}
          onSubmit={(event) => {
            event.preventDefault();
            // The badge shows (and solving starts) on submit too, for a keyboard-less submit.
            setHasFocusWithin(true);
            dispatch({ type: 'submit', email, isCaptchaSolved: captchaPayload !== null });
          }}
        >
          <div className="field restock__email">
            <label htmlFor={`${id}-email`}>{restockFormTexts.emailLabel}</label>
            <input
              ref={emailRef}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              minLength={RESTOCK_EMAIL_MIN}
              maxLength={RESTOCK_EMAIL_MAX}
              value={email}
              aria-invalid={state.error !== null}
              aria-describedby={state.error ? errorId : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          {settings.mailingListSignUpEnabled ? (
            <label className="restock__join">
              <input
                type="checkbox"
                name="isJoinMailingList"
                checked={isJoinMailingList}
                onChange={(event) => setIsJoinMailingList(event.target.checked)}
              />{' '}
              {restockFormTexts.joinMailingList}
            </label>
          ) : null}
          {/* Before the captcha: the captcha's box unfolds when the form takes focus, and
              must not move the button from under a click. */}
          <button type="submit" className="button restock__submit" disabled={isBusy}>
            {isBusy ? restockFormTexts.submitting : restockFormTexts.submit}
          </button>
          <CaptchaWidget
            scope="PRODUCT_WAITLIST_SUBMISSION"
            resetKey={captchaResets}
            isBadgeVisible={hasFocusWithin}
            onSolved={(payload) => {
              setCaptchaPayload(payload);
              dispatch({ type: 'captcha-solved' });
            }}
            onReset={() => setCaptchaPayload(null)}
          />
          <p id={errorId} className="restock__error" role="alert">
            {state.error}
          </p>
        </form>
      )}
    </section>
  );
}
