import type { TwoFactorEnrolment, TwoFactorStatus } from '@atelier/contract';
import { accountPageText, twoFactorMessages as text } from '@atelier/core/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { QrCode } from '../../ui/QrCode.tsx';
import { AccountFormView, type FieldSpec } from './AccountForm.island.tsx';
import { twoFactorClient } from './two-factor-client.ts';

// The account page's two-step verification (issue 23): off → set up (password, then the
// QR code and key, then the app's first code) → recovery codes, shown once → on; turning
// it off takes the password and a code. Its state is asked for once the island starts.

type Step =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  /** `notice`: just turned off here (every other device was signed out). */
  | { kind: 'off'; notice?: string }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'recovery'; codes: string[] }
  | { kind: 'on'; status: TwoFactorStatus };

const passwordField: FieldSpec = {
  name: 'currentPassword',
  label: accountPageText.currentPassword,
  type: 'password',
  autoComplete: 'current-password',
};
const codeField = (label: string, hint?: string): FieldSpec => ({
  name: 'code',
  label,
  type: 'text',
  autoComplete: 'one-time-code',
  ...(hint && { hint }),
});

export default function TwoFactor() {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    const result = await twoFactorClient.status();
    if (!result.ok) setStep({ kind: 'failed', message: result.failure.message });
    else setStep(result.value.isOn ? { kind: 'on', status: result.value } : { kind: 'off' });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="account-two-factor" aria-labelledby="account-two-factor-title">
      <h2 id="account-two-factor-title" ref={headingRef} tabIndex={-1}>
        {text.title}
      </h2>
      {step.kind === 'loading' ? (
        <p>{accountPageText.working}</p>
      ) : step.kind === 'failed' ? (
        <p className="form-error" role="alert">
          {step.message}
        </p>
      ) : step.kind === 'off' ? (
        <>
          {step.notice ? <p role="status">{step.notice}</p> : null}
          <AccountFormView
            id="two-factor-start"
            headingLevel="h3"
            title={text.start}
            intro={`${text.offIntro} ${text.startIntro}`}
            fields={[passwordField]}
            submitLabel={text.start}
            submit={async (values) => {
              const result = await twoFactorClient.begin(values.currentPassword ?? '');
              return {
                result,
                onOk: () => {
                  if (result.ok) setStep({ kind: 'enrolling', enrolment: result.value });
                  return { ok: false };
                },
              };
            }}
          />
        </>
      ) : step.kind === 'enrolling' ? (
        <Enrol
          enrolment={step.enrolment}
          onCancel={() => setStep({ kind: 'off' })}
          onConfirmed={(codes) => setStep({ kind: 'recovery', codes })}
        />
      ) : step.kind === 'recovery' ? (
        <RecoveryCodes
          codes={step.codes}
          onDone={() => {
            headingRef.current?.focus();
            void load();
          }}
        />
      ) : (
        <>
          <p>
            {text.onIntro} {text.recoveryLeft(step.status.recoveryCodesLeft)}
          </p>
          <AccountFormView
            id="two-factor-off"
            headingLevel="h3"
            title={text.turnOff}
            intro={text.turnOffIntro}
            fields={[passwordField, codeField(text.signInCodeLabel)]}
            isDanger
            submitLabel={text.turnOff}
            submit={async (values) => {
              const result = await twoFactorClient.turnOff({
                password: values.currentPassword ?? '',
                code: values.code ?? '',
              });
              return {
                result,
                onOk: () => {
                  setStep({
                    kind: 'off',
                    notice: `${text.turnedOff} ${text.otherDevicesSignedOut}`,
                  });
                  headingRef.current?.focus();
                  return { ok: false };
                },
              };
            }}
          />
        </>
      )}
    </section>
  );
}

function Enrol(props: {
  enrolment: TwoFactorEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const { enrolment } = props;
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="account-two-factor__enrol">
      <p ref={ref} tabIndex={-1}>
        {text.scan}
      </p>
      <QrCode rows={enrolment.qrRows} label={text.qrLabel} />
      <p>
        {text.manualKey} <code className="account-two-factor__key">{enrolment.key}</code>
      </p>
      <p>
        <a href={enrolment.otpauthUri}>Open in an authenticator app on this device</a>
      </p>
      <AccountFormView
        id="two-factor-confirm"
        headingLevel="h3"
        title={text.confirmIntro}
        fields={[codeField(text.codeLabel)]}
        submitLabel={text.confirm}
        submit={async (values) => {
          const result = await twoFactorClient.confirm(values.code ?? '');
          return {
            result,
            onOk: () => {
              if (result.ok) props.onConfirmed(result.value.recoveryCodes);
              return { ok: false };
            },
          };
        }}
        footer={
          <button type="button" className="button button--secondary" onClick={props.onCancel}>
            {text.cancel}
          </button>
        }
      />
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="account-two-factor__recovery">
      <p role="status">
        {text.turnedOn} {text.otherDevicesSignedOut}
      </p>
      <h3 ref={ref} tabIndex={-1}>
        {text.recoveryTitle}
      </h3>
      <p>{text.recoveryIntro}</p>
      <ol className="account-two-factor__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={onDone}>
        {text.recoverySaved}
      </button>
    </div>
  );
}
