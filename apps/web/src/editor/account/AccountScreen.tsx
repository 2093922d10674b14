import type { Member, TwoFactorEnrolment, TwoFactorStatus } from '@atelier/contract';
import { twoFactorMessages as text } from '@atelier/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { QrCode } from '../../ui/QrCode.tsx';
import { ApiError, errorText } from '../api/client.ts';
import { Badge, Button, Card, Skeleton, TextField, useToast } from '../ui/index.ts';
import { twoFactorApi } from './two-factor-api.ts';

// "Your account": the signed-in member's own sign-in security, whatever their role. Two-step
// verification goes off → setting up (password, then QR code and key, then the first code)
// → recovery codes shown once → on; turning it off asks for the password and a code.

type Step =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'recovery'; codes: string[] }
  | { kind: 'on'; status: TwoFactorStatus };

/** A refusal's words under its field when the server named one, else above the form. */
function splitError(caught: unknown, field: string) {
  const message = errorText(caught);
  const fieldError = caught instanceof ApiError ? caught.fields[field] : undefined;
  return fieldError ? { field: fieldError, form: null } : { field: null, form: message };
}

export function AccountScreen({ member }: { member: Member }) {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [loadError, setLoadError] = useState<string | null>(null);

  function load() {
    setLoadError(null);
    twoFactorApi
      .status()
      .then((status) => setStep(status.isOn ? { kind: 'on', status } : { kind: 'off' }))
      .catch((caught) => setLoadError(errorText(caught)));
  }
  useEffect(load, []);

  return (
    <div className="screen screen--narrow account-screen">
      <div className="screen-header">
        <div>
          <h1>Your account</h1>
          <p className="screen-header__lead">
            Signed in as <strong>{member.email}</strong>. How you sign in to this editor.
          </p>
        </div>
      </div>
      <p role="status" className={loadError ? 'notice notice--error' : 'notice'}>
        {loadError ?? ''}
      </p>
      <div className="screen__stack">
        <Card
          title={
            <>
              {text.title} {step.kind === 'on' ? <Badge tone="success">On</Badge> : null}
              {step.kind === 'off' ? <Badge tone="neutral">Off</Badge> : null}
            </>
          }
          description={step.kind === 'on' ? text.onIntro : text.offIntro}
        >
          {step.kind === 'loading' ? (
            <Skeleton lines={2} label="Loading…" />
          ) : step.kind === 'off' ? (
            <StartForm onStarted={(enrolment) => setStep({ kind: 'enrolling', enrolment })} />
          ) : step.kind === 'enrolling' ? (
            <EnrolForm
              enrolment={step.enrolment}
              onCancel={() => setStep({ kind: 'off' })}
              onConfirmed={(codes) => setStep({ kind: 'recovery', codes })}
            />
          ) : step.kind === 'recovery' ? (
            <RecoveryCodes codes={step.codes} onDone={load} />
          ) : (
            <TurnOffForm status={step.status} onTurnedOff={() => setStep({ kind: 'off' })} />
          )}
        </Card>
      </div>
    </div>
  );
}

function StartForm({ onStarted }: { onStarted: (enrolment: TwoFactorEnrolment) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: string | null; form: string | null }>({
    field: null,
    form: null,
  });
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    try {
      onStarted(await twoFactorApi.begin(password));
    } catch (caught) {
      setError(splitError(caught, 'password'));
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="two-factor__form">
      <p className="notice notice--error" role="alert">
        {error.form ?? ''}
      </p>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        hint={text.startIntro}
        error={error.field ?? undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" variant="primary" disabled={isBusy}>
        {text.start}
      </Button>
    </form>
  );
}

function EnrolForm(props: {
  enrolment: TwoFactorEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const { enrolment } = props;
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: string | null; form: string | null }>({
    field: null,
    form: null,
  });
  const [isBusy, setIsBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError({ field: text.codeRequired, form: null });
      return;
    }
    setIsBusy(true);
    try {
      props.onConfirmed((await twoFactorApi.confirm(code)).recoveryCodes);
    } catch (caught) {
      setError(splitError(caught, 'code'));
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="two-factor__form">
      <h3 ref={headingRef} tabIndex={-1}>
        {text.start}
      </h3>
      <ol className="two-factor__steps">
        <li>
          <p>{text.scan}</p>
          <QrCode rows={enrolment.qrRows} label={text.qrLabel} />
          <p>
            {text.manualKey} <code className="two-factor__key">{enrolment.key}</code>
          </p>
          <p>
            <a href={enrolment.otpauthUri}>Open in an authenticator app on this device</a>
          </p>
        </li>
        <li>
          <p>{text.confirmIntro}</p>
          <p className="notice notice--error" role="alert">
            {error.form ?? ''}
          </p>
          <TextField
            label={text.codeLabel}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            required
            error={error.field ?? undefined}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </li>
      </ol>
      <div className="form-row">
        <Button type="submit" variant="primary" disabled={isBusy}>
          {text.confirm}
        </Button>
        <Button onClick={props.onCancel}>{text.cancel}</Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast('Recovery codes copied.');
    } catch {
      toast('Select the codes and copy them yourself.');
    }
  }

  return (
    <div className="two-factor__recovery">
      <p className="notice" role="status">
        {text.turnedOn} {text.otherDevicesSignedOut}
      </p>
      <h3 ref={headingRef} tabIndex={-1}>
        {text.recoveryTitle}
      </h3>
      <p>{text.recoveryIntro}</p>
      <ol className="two-factor__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-row">
        <Button onClick={copy}>Copy codes</Button>
        <Button variant="primary" onClick={onDone}>
          {text.recoverySaved}
        </Button>
      </div>
    </div>
  );
}

function TurnOffForm(props: { status: TwoFactorStatus; onTurnedOff: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    try {
      await twoFactorApi.turnOff({ password, code });
      toast(`${text.turnedOff} ${text.otherDevicesSignedOut}`);
      props.onTurnedOff();
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fields : {};
      setErrors(
        fields.password || fields.code
          ? { password: fields.password, code: fields.code }
          : { form: errorText(caught) },
      );
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="two-factor__form">
      <p>{text.recoveryLeft(props.status.recoveryCodesLeft)}</p>
      <h3>{text.turnOff}</h3>
      <p>{text.turnOffIntro}</p>
      <p className="notice notice--error" role="alert">
        {errors.form ?? ''}
      </p>
      <div className="form-row">
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={text.signInCodeLabel}
          autoComplete="one-time-code"
          required
          error={errors.code}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <Button type="submit" variant="danger" disabled={isBusy}>
        {text.turnOff}
      </Button>
    </form>
  );
}
