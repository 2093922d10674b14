import type { CaptchaScope } from '@atelier/contract';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CaptchaWidget } from '../../../apps/web/src/storefront/captcha/CaptchaWidget.tsx';
import '../../../apps/web/src/styles/site.css';

// A page for captcha.e2e.ts: the widget in small forms as a form block would hold it
// (the form blocks are built elsewhere), built by Vite the way the storefront is, so the
// solver runs in its bundled worker against the real server.

declare global {
  interface Window {
    captchaPayloads: Record<string, string[]>;
    captchaResets: Record<string, number>;
  }
}
window.captchaPayloads = {};
window.captchaResets = {};

function DemoForm({ name, scope, width }: { name: string; scope: CaptchaScope; width?: number }) {
  const [hasFocus, setHasFocus] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  return (
    <form
      data-testid={name}
      style={{ width, display: 'grid', gap: '0.8rem', padding: '1rem', border: '1px dashed #ccc' }}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false);
      }}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="form-field">
        <label htmlFor={`${name}-email`}>Email</label>
        <input id={`${name}-email`} type="email" />
      </div>
      <CaptchaWidget
        scope={scope}
        resetKey={resetKey}
        isBadgeVisible={hasFocus}
        onSolved={(payload) => {
          window.captchaPayloads[name] = [...(window.captchaPayloads[name] ?? []), payload];
        }}
        onReset={() => {
          window.captchaResets[name] = (window.captchaResets[name] ?? 0) + 1;
        }}
      />
      <button type="button" className="button" onClick={() => setResetKey((k) => k + 1)}>
        Reset captcha
      </button>
    </form>
  );
}

const params = new URLSearchParams(location.search);
const scope = (params.get('scope') ?? 'FORM_BLOCK_SUBMISSION') as CaptchaScope;
const width = params.get('width');
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <div style={{ padding: '1rem', display: 'grid', gap: '1.5rem' }}>
      <DemoForm name="form" scope={scope} {...(width && { width: Number(width) })} />
    </div>,
  );
}
