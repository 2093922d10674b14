import { MOBILE_MAX_WIDTH_PX } from '@atelier/core';
import { type ReactNode, useId, useState } from 'react';

// The preview at the widths visitors' screens have: the phone width stays inside SPEC's
// mobile range (≤ 432 px), so the storefront's mobile rules apply in the preview too.
export const DEVICE_WIDTHS = {
  desktop: null,
  tablet: 768,
  phone: Math.min(390, MOBILE_MAX_WIDTH_PX),
} as const;
export type Device = keyof typeof DEVICE_WIDTHS;

const DEVICE_LABELS: Record<Device, string> = {
  desktop: 'Desktop',
  tablet: 'Tablet',
  phone: 'Phone',
};

export function DevicePreview({ title, children }: { title: string; children: ReactNode }) {
  const [device, setDevice] = useState<Device>('desktop');
  const headingId = useId();
  const width = DEVICE_WIDTHS[device];
  return (
    <section className="device-preview" aria-labelledby={headingId}>
      <div className="device-preview__bar">
        <h2 id={headingId}>{title}</h2>
        <fieldset className="device-preview__devices">
          <legend className="visually-hidden">Preview width</legend>
          {(Object.keys(DEVICE_LABELS) as Device[]).map((option) => (
            <button
              key={option}
              type="button"
              className="button button--small"
              aria-pressed={device === option}
              onClick={() => setDevice(option)}
            >
              {DEVICE_LABELS[option]}
            </button>
          ))}
        </fieldset>
      </div>
      <div
        className="preview-frame page-content"
        data-device={device}
        style={{ maxWidth: width === null ? undefined : `${width}px` }}
      >
        {children}
      </div>
    </section>
  );
}
