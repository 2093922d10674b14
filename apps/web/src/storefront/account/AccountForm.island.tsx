import {
  accountMessages,
  formMessages,
  accountPageText as text,
  twoFactorMessages,
} from '@atelier/core/messages';
import { isSameSitePath } from '@atelier/core/text/same-site-path';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../ui/api-client.ts';
import { accountApi } from './account-client.ts';
import { twoFactorClient } from './two-factor-client.ts';

// The account pages' forms (issue 23), one island for all of them. Each form labels every
// field, ties its error to the field with aria-describedby and aria-invalid, and after a
// refused submit moves focus to the first field in error (or to the form's message when
// no single field is at fault), so a screen-reader user hears what to fix.

export type AccountFormKind =
  | 'sign-in'
  | 'sign-up'
  | 'forgot-password'
  | 'reset-password'
  | 'verify-email'
  | 'settings'
  | 'sign-out';

export type AccountFormProps = {
  kind: AccountFormKind;
  /** The emailed link's token (reset-password, verify-email). */
  token?: string;
  /** settings: whether the account's email is confirmed (offers a new link if not). */
  isEmailVerified?: boolean;
  /** sign-up: the site's language, kept as the account's. */
  language?: string;
  /** sign-in, sign-up: the page to come back to (a member area's lock screen sent them). */
  returnTo?: string;
};

/** A link between the sign-in and sign-up forms that keeps where to come back to. */
const keepingReturn = (path: string, returnTo: string | undefined) =>
  returnTo ? `${path}?return=${encodeURIComponent(returnTo)}` : path;

export type FieldSpec = {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  hint?: string;
};

type Outcome = { ok: true; message?: string; after?: ReactNode } | { ok: false };

type Values = Record<string, string>;

function Field(props: {
  idPrefix: string;
  spec: FieldSpec;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { idPrefix, spec, value, error, onChange } = props;
  const id = `${idPrefix}-${spec.name}`;
  const described = [spec.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{spec.label}</label>
      {spec.hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {spec.hint}
        </p>
      ) : null}
      <input
        id={id}
        name={spec.name}
        type={spec.type}
        autoComplete={spec.autoComplete}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One form: fields, an optional checkbox row, a submit button, the form's own message.
 * `submit` returns the API's answer mapped to an outcome; field errors come back keyed by
 * the API's field names (`fieldFor` maps them onto this form's inputs).
 */
export function AccountFormView(props: {
  /** Ids of the form's elements start with it: stable between server and browser. */
  id: string;
  title: string;
  headingLevel?: 'h1' | 'h2' | 'h3';
  intro?: string;
  fields: FieldSpec[];
  submitLabel: string;
  isDanger?: boolean;
  /** A checkbox row; `check` carries the id and error wiring for its input. */
  extra?: (state: {
    values: Values;
    set: (name: string, value: string) => void;
    check: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };
  }) => ReactNode;
  validate?: (values: Values) => Record<string, string>;
  submit: (values: Values) => Promise<{ result: ApiResult<unknown>; onOk: () => Outcome }>;
  footer?: ReactNode;
}) {
  const idPrefix = `account-${props.id}`;
  const Heading = props.headingLevel ?? 'h1';
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message?: string; after?: ReactNode } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const headingId = `${idPrefix}-title`;
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  // After a refused submit: focus the first field in error, else the form's message.
  useEffect(() => {
    if (attempt === 0) return;
    const first = props.fields.find((f) => errors[f.name]);
    const target = first
      ? document.getElementById(`${idPrefix}-${first.name}`)
      : errors.confirm
        ? document.getElementById(`${idPrefix}-confirm`)
        : formErrorRef.current;
    target?.focus();
  }, [attempt, errors, idPrefix, props.fields]);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    setDone(null);
    const local: Record<string, string> = {};
    for (const field of props.fields) {
      if (!(values[field.name] ?? '').trim()) {
        local[field.name] =
          field.type === 'email' ? accountMessages.enterValidEmail : formMessages.required;
      }
    }
    Object.assign(local, props.validate?.(values) ?? {});
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFormError(text.fixErrors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setIsBusy(true);
    const { result, onOk } = await props.submit(values);
    setIsBusy(false);
    if (result.ok) {
      const outcome = onOk();
      if (outcome.ok) {
        setDone({ message: outcome.message, after: outcome.after });
        setValues({});
      }
      return;
    }
    const fields = result.failure.fields ?? {};
    const known = Object.fromEntries(
      Object.entries(fields).filter(([name]) => props.fields.some((f) => f.name === name)),
    );
    setErrors(known);
    setFormError(Object.keys(known).length > 0 ? text.fixErrors : result.failure.message);
    setAttempt((n) => n + 1);
  }

  return (
    <form className="account-form" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <Heading id={headingId} className="account-form__title">
        {props.title}
      </Heading>
      {props.intro ? <p className="account-form__intro">{props.intro}</p> : null}
      <p className="form-error" role="alert" tabIndex={-1} ref={formErrorRef}>
        {formError}
      </p>
      {props.fields.map((spec) => (
        <Field
          key={spec.name}
          idPrefix={idPrefix}
          spec={spec}
          value={values[spec.name] ?? ''}
          error={errors[spec.name]}
          onChange={(value) => set(spec.name, value)}
        />
      ))}
      {props.extra ? (
        <div className="account-form__extra">
          {props.extra({
            values,
            set,
            check: {
              id: `${idPrefix}-confirm`,
              ...(errors.confirm && {
                'aria-describedby': `${idPrefix}-confirm-error`,
                'aria-invalid': true as const,
              }),
            },
          })}
          {errors.confirm ? (
            <p className="form-field__error" id={`${idPrefix}-confirm-error`}>
              {errors.confirm}
            </p>
          ) : null}
        </div>
      ) : null}
      <button
        type="submit"
        className={props.isDanger ? 'button button--danger' : 'button'}
        disabled={isBusy}
      >
        {isBusy ? text.working : props.submitLabel}
      </button>
      <div role="status" className="account-form__done">
        {done?.message ? <p className="account-form__done-text">{done.message}</p> : null}
        {done?.after ?? null}
      </div>
      {props.footer ? <div className="account-form__links">{props.footer}</div> : null}
    </form>
  );
}

const emailField: FieldSpec = {
  name: 'email',
  label: text.email,
  type: 'email',
  autoComplete: 'email',
};
const newPasswordField = (name: string, label: string): FieldSpec => ({
  name,
  label,
  type: 'password',
  autoComplete: 'new-password',
  hint: text.passwordHint,
});
const currentPasswordField: FieldSpec = {
  name: 'currentPassword',
  label: text.currentPassword,
  type: 'password',
  autoComplete: 'current-password',
};

/** Where a sign-in goes next: a same-site path from ?return=, else the account page. */
function afterSignIn(): string {
  const target = new URLSearchParams(window.location.search).get('return') ?? '';
  return isSameSitePath(target) ? target : '/account';
}

export default function AccountForm({
  kind,
  token,
  isEmailVerified,
  language,
  returnTo,
}: AccountFormProps) {
  if (kind === 'sign-in') return <SignIn returnTo={returnTo} />;
  if (kind === 'sign-up') {
    return (
      <AccountFormView
        id="sign-up"
        title={text.signUpTitle}
        intro={text.signUpIntro}
        fields={[emailField, newPasswordField('password', text.password)]}
        submitLabel={text.submitSignUp}
        submit={async (values) => {
          const result = await accountApi.signUp({
            email: values.email ?? '',
            password: values.password ?? '',
            ...(language && { language }),
          });
          return {
            result,
            onOk: () => ({ ok: true, message: result.ok ? result.value.message : '' }),
          };
        }}
        footer={<a href={keepingReturn('/account/sign-in', returnTo)}>{text.signInLink}</a>}
      />
    );
  }
  if (kind === 'forgot-password') {
    return (
      <AccountFormView
        id="forgot-password"
        title={text.forgotTitle}
        intro={text.forgotIntro}
        fields={[emailField]}
        submitLabel={text.submitForgot}
        submit={async (values) => {
          const result = await accountApi.requestReset({ email: values.email ?? '' });
          return {
            result,
            onOk: () => ({ ok: true, message: result.ok ? result.value.message : '' }),
          };
        }}
        footer={<a href="/account/sign-in">{text.signInLink}</a>}
      />
    );
  }
  if (kind === 'reset-password') {
    return (
      <AccountFormView
        id="reset-password"
        title={text.resetTitle}
        fields={[newPasswordField('password', text.newPassword)]}
        submitLabel={text.submitReset}
        submit={async (values) => {
          const result = await accountApi.completeReset({
            token: token ?? '',
            password: values.password ?? '',
          });
          return {
            result,
            onOk: () => ({
              ok: true,
              message: result.ok ? result.value.message : '',
              after: <a href="/account/sign-in">{text.submitSignIn}</a>,
            }),
          };
        }}
      />
    );
  }
  if (kind === 'verify-email') {
    return (
      <AccountFormView
        id="verify-email"
        title={text.verifyTitle}
        intro={text.verifyIntro}
        fields={[]}
        submitLabel={text.submitVerify}
        submit={async () => ({
          result: await accountApi.verifyEmail({ token: token ?? '' }),
          onOk: () => ({
            ok: true,
            message: accountMessages.emailVerified,
            after: <a href="/account">{text.goToAccount}</a>,
          }),
        })}
      />
    );
  }
  if (kind === 'sign-out') return <SignOut />;
  return <AccountSettings isEmailVerified={isEmailVerified ?? false} />;
}

/**
 * Email and password; with two-step verification on, the password's answer asks for the
 * code and the same place shows a second form (the session starts after it).
 */
function SignIn({ returnTo }: { returnTo: string | undefined }) {
  const [isAskingForCode, setIsAskingForCode] = useState(false);
  // Each step's form starts empty, and the code field takes the focus when it appears.
  useEffect(() => {
    if (isAskingForCode) document.getElementById('account-sign-in-code-code')?.focus();
  }, [isAskingForCode]);
  if (isAskingForCode) {
    return (
      <AccountFormView
        key="code"
        id="sign-in-code"
        title={twoFactorMessages.signInTitle}
        intro={twoFactorMessages.signInIntro}
        fields={[
          {
            name: 'code',
            label: twoFactorMessages.signInCodeLabel,
            type: 'text',
            autoComplete: 'one-time-code',
            hint: twoFactorMessages.signInCodeHint,
          },
        ]}
        submitLabel={twoFactorMessages.verify}
        submit={async (values) => {
          const result = await twoFactorClient.completeSignIn(values.code ?? '');
          // The wait for the code ended: back to the password.
          if (!result.ok && result.failure.code === 'TWO_FACTOR_EXPIRED') {
            setIsAskingForCode(false);
          }
          return {
            result,
            onOk: () => {
              window.location.assign(afterSignIn());
              return { ok: false };
            },
          };
        }}
        footer={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setIsAskingForCode(false)}
          >
            {twoFactorMessages.startOver}
          </button>
        }
      />
    );
  }
  return (
    <AccountFormView
      key="password"
      id="sign-in"
      title={text.signInTitle}
      intro={text.signInIntro}
      fields={[
        emailField,
        {
          name: 'password',
          label: text.password,
          type: 'password',
          autoComplete: 'current-password',
        },
      ]}
      extra={({ values, set }) => (
        <label className="account-form__check">
          <input
            type="checkbox"
            checked={values.rememberMe === 'true'}
            onChange={(event) => set('rememberMe', String(event.target.checked))}
          />{' '}
          {text.rememberMe}
        </label>
      )}
      submitLabel={text.submitSignIn}
      submit={async (values) => {
        const result = await accountApi.signIn({
          email: values.email ?? '',
          password: values.password ?? '',
          rememberMe: values.rememberMe === 'true',
        });
        return {
          result,
          onOk: () => {
            if (result.ok && 'secondFactor' in result.value) setIsAskingForCode(true);
            else window.location.assign(afterSignIn());
            return { ok: false };
          },
        };
      }}
      footer={
        <>
          <a href="/account/forgot-password">{text.forgotLink}</a>
          <a href={keepingReturn('/account/sign-up', returnTo)}>{text.signUpLink}</a>
        </>
      }
    />
  );
}

/** SPEC §7's sign-out; the browser keeps a copy of the cart (cloneCart). */
function SignOut() {
  const [signOutError, setSignOutError] = useState<string | null>(null);
  return (
    <div className="account-settings__sign-out">
      <button
        type="button"
        className="button button--secondary"
        onClick={async () => {
          setSignOutError(null);
          const result = await accountApi.signOut(true);
          if (result.ok) window.location.assign('/');
          else setSignOutError(result.failure.message);
        }}
      >
        {text.signOut}
      </button>
      <p className="form-error" role="alert">
        {signOutError}
      </p>
    </div>
  );
}

/** The account page's forms: confirm link, email, password, delete. */
function AccountSettings({ isEmailVerified }: { isEmailVerified: boolean }) {
  return (
    <div className="account-settings">
      {isEmailVerified ? null : (
        <AccountFormView
          id="resend"
          headingLevel="h2"
          title={text.resend}
          intro={text.unverified}
          fields={[]}
          submitLabel={text.resend}
          submit={async () => {
            const result = await accountApi.resendVerification();
            return {
              result,
              onOk: () => ({ ok: true, message: result.ok ? result.value.message : '' }),
            };
          }}
        />
      )}
      <AccountFormView
        id="change-email"
        headingLevel="h2"
        title={text.changeEmailTitle}
        fields={[{ ...emailField, label: text.newEmail }, currentPasswordField]}
        submitLabel={text.submitEmail}
        submit={async (values) => {
          const result = await accountApi.changeEmail({
            email: values.email ?? '',
            currentPassword: values.currentPassword ?? '',
          });
          return {
            result,
            onOk: () => ({ ok: true, message: result.ok ? result.value.message : '' }),
          };
        }}
      />
      <AccountFormView
        id="change-password"
        headingLevel="h2"
        title={text.changePasswordTitle}
        fields={[currentPasswordField, newPasswordField('newPassword', text.newPassword)]}
        submitLabel={text.submitPassword}
        submit={async (values) => ({
          result: await accountApi.changePassword({
            currentPassword: values.currentPassword ?? '',
            newPassword: values.newPassword ?? '',
          }),
          onOk: () => ({ ok: true, message: accountMessages.passwordChanged }),
        })}
      />
      <AccountFormView
        id="delete"
        headingLevel="h2"
        title={text.deleteTitle}
        intro={text.deleteIntro}
        fields={[currentPasswordField]}
        isDanger
        extra={({ values, set, check }) => (
          <label className="account-form__check">
            <input
              type="checkbox"
              {...check}
              checked={values.confirm === 'true'}
              onChange={(event) => set('confirm', String(event.target.checked))}
            />{' '}
            {text.deleteConfirm}
          </label>
        )}
        validate={(values): Record<string, string> =>
          values.confirm === 'true' ? {} : { confirm: text.deleteConfirmRequired }
        }
        submitLabel={text.submitDelete}
        submit={async (values) => ({
          result: await accountApi.deleteAccount({ currentPassword: values.currentPassword ?? '' }),
          onOk: () => {
            window.location.assign('/');
            return { ok: true, message: accountMessages.accountDeleted };
          },
        })}
      />
    </div>
  );
}
