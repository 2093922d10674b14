import { hslToRgb, type Rgb, rgbToHsl, toHex } from '@atelier/core';
import { type ReactNode, useId, useState } from 'react';
import { fieldDescription, Popover } from '../ui/index.ts';
import {
  type ColourFormat,
  colourFromFields,
  fieldsOf,
  hexOf,
  percentText,
  rgbOfHex,
} from './design-draft.ts';

// The colour picker (SPEC §2: Hex, RGB, HSL, alpha; §5's messages). Our own control: a
// swatch button opening a panel of native sliders (keyboard and screen readers know
// them), the typed fields of one format at a time, and the browser's eyedropper where
// it has one. Only a valid colour reaches the style guide; a bad field shows core's words.

type EyeDropperResult = { sRGBHex: string };
type EyeDropperConstructor = new () => { open: () => Promise<EyeDropperResult> };
const eyeDropper = (): EyeDropperConstructor | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as { EyeDropper?: EyeDropperConstructor }).EyeDropper;

const FORMAT_LABELS: Record<ColourFormat, string> = { hex: 'Hex', rgb: 'RGB', hsl: 'HSL' };
const FIELD_LABELS: Record<ColourFormat, string[]> = {
  hex: ['Hex'],
  rgb: ['Red', 'Green', 'Blue'],
  hsl: ['Hue', 'Saturation %', 'Lightness %'],
};

/** A labelled colour: the swatch button and its picker panel. */
export function ColourField({
  label,
  value,
  onChange,
  hint,
  error,
  warning,
  swatches,
}: {
  label: string;
  /** '#rrggbb' or '#rrggbbaa'. */
  value: string;
  onChange: (hex: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  /** A contrast problem this colour is part of (shown by it, never refusing it). */
  warning?: string | undefined;
  /** The palette, offered as one-click choices. */
  swatches?: { label: string; value: string }[];
}) {
  const id = useId();
  const { hintId, errorId, controlProps } = fieldDescription(id, { hint, error });
  const warningId = `${id}-warning`;
  const describedBy =
    [controlProps['aria-describedby'], warning ? warningId : undefined].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="field colour-field">
      <span className="ui-label" id={`${id}-label`}>
        {label}
      </span>
      <Popover
        label={`${label}: colour picker`}
        trigger={
          <button
            type="button"
            className="colour-field__button"
            aria-labelledby={`${id}-label ${id}-value`}
            {...controlProps}
            aria-describedby={describedBy}
          >
            <span className="colour-swatch" aria-hidden="true">
              <span style={{ background: cssOf(value) }} />
            </span>
            <span id={`${id}-value`} className="colour-field__value">
              {value}
            </span>
          </button>
        }
      >
        <ColourPanel label={label} value={value} onChange={onChange} swatches={swatches ?? []} />
      </Popover>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {warning ? (
        <p className="field__warning" id={warningId}>
          {warning}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const cssOf = (hex: string) => {
  const rgb = rgbOfHex(hex);
  return rgb.a < 1 ? `rgb(${rgb.r} ${rgb.g} ${rgb.b} / ${rgb.a})` : toHex(rgb);
};

/** The picker itself: sliders in HSL (hue survives a grey), fields in the chosen format. */
export function ColourPanel({
  label,
  value,
  onChange,
  swatches,
}: {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  swatches: { label: string; value: string }[];
}) {
  const id = useId();
  const [hsl, setHsl] = useState(() => rgbToHsl(rgbOfHex(value)));
  const [format, setFormat] = useState<ColourFormat>('hex');
  const [fields, setFields] = useState(() => fieldsOf(rgbOfHex(value), 'hex'));
  const [alphaText, setAlphaText] = useState(() => percentText(rgbOfHex(value).a));
  const [message, setMessage] = useState<string | null>(null);
  const [dropperError, setDropperError] = useState<string | null>(null);
  const rgb = hslToRgb(hsl);

  /** A colour from a slider, a swatch or the eyedropper: every field shows it. */
  function take(next: Rgb, nextHsl = rgbToHsl(next)) {
    setHsl(nextHsl);
    setFields(fieldsOf(next, format));
    setAlphaText(percentText(next.a));
    setMessage(null);
    onChange(hexOf(next));
  }

  function typed(nextFields: string[], nextAlpha: string) {
    setFields(nextFields);
    setAlphaText(nextAlpha);
    const result = colourFromFields(format, nextFields, nextAlpha);
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    setMessage(null);
    // Typed HSL keeps its hue and saturation as typed (a grey has none of its own).
    setHsl(
      format === 'hsl'
        ? {
            h: Number(nextFields[0]),
            s: Number(nextFields[1]) / 100,
            l: Number(nextFields[2]) / 100,
            a: result.rgb.a,
          }
        : rgbToHsl(result.rgb),
    );
    onChange(hexOf(result.rgb));
  }

  const slider = (
    name: string,
    key: 'h' | 's' | 'l' | 'a',
    max: number,
    track: string,
    valueText: string,
  ) => {
    const scaled = key === 'h' ? hsl.h : hsl[key] * 100;
    return (
      <div className="colour-panel__slider">
        <label htmlFor={`${id}-${key}`}>{name}</label>
        <input
          id={`${id}-${key}`}
          type="range"
          min={0}
          max={max}
          step={1}
          value={Math.round(scaled)}
          aria-valuetext={valueText}
          style={{ background: track }}
          onChange={(event) => {
            const n = Number(event.target.value);
            const next = { ...hsl, [key]: key === 'h' ? n : n / 100 };
            take(hslToRgb(next), next);
          }}
        />
      </div>
    );
  };

  const { h, s, l } = hsl;
  const hueTrack =
    'linear-gradient(to right, #f00, #ff0 17%, #0f0 33%, #0ff 50%, #00f 67%, #f0f 83%, #f00)';
  const satTrack = `linear-gradient(to right, hsl(${h} 0% ${l * 100}%), hsl(${h} 100% ${l * 100}%))`;
  const lightTrack = `linear-gradient(to right, #000, hsl(${h} ${s * 100}% 50%), #fff)`;
  const alphaTrack = `linear-gradient(to right, rgb(${rgb.r} ${rgb.g} ${rgb.b} / 0), rgb(${rgb.r} ${rgb.g} ${rgb.b})), repeating-conic-gradient(#d4d4d8 0 25%, #fff 0 50%) 0 0 / 12px 12px`;
  const messageId = `${id}-message`;
  const EyeDropper = eyeDropper();

  return (
    <div className="colour-panel">
      <div className="colour-panel__top">
        <span className="colour-swatch colour-swatch--large" aria-hidden="true">
          <span style={{ background: cssOf(hexOf(rgb)) }} />
        </span>
        <p className="colour-panel__now" aria-live="polite">
          {label}: {hexOf(rgb)}
        </p>
        {EyeDropper ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setDropperError(null);
              new EyeDropper()
                .open()
                .then((picked) => {
                  const parsed = colourFromFields('hex', [picked.sRGBHex], alphaText);
                  if (parsed.ok) take(parsed.rgb);
                })
                // Escape closes the eyedropper without a colour: nothing to say then.
                .catch((error: unknown) => {
                  if ((error as { name?: string })?.name !== 'AbortError')
                    setDropperError('The eyedropper could not read a colour.');
                });
            }}
          >
            Pick from screen
          </button>
        ) : null}
      </div>
      {dropperError ? <p className="field__error">{dropperError}</p> : null}
      {slider('Hue', 'h', 360, hueTrack, `${Math.round(h)} degrees`)}
      {slider('Saturation', 's', 100, satTrack, `${Math.round(s * 100)}%`)}
      {slider('Lightness', 'l', 100, lightTrack, `${Math.round(l * 100)}%`)}
      {slider('Alpha', 'a', 100, alphaTrack, `${Math.round(hsl.a * 100)}% opaque`)}
      <fieldset className="colour-panel__formats">
        <legend className="visually-hidden">Colour format</legend>
        {(Object.keys(FORMAT_LABELS) as ColourFormat[]).map((option) => (
          <button
            key={option}
            type="button"
            className="button button--small button--segment"
            aria-pressed={format === option}
            onClick={() => {
              setFormat(option);
              setFields(fieldsOf(rgb, option));
              setMessage(null);
            }}
          >
            {FORMAT_LABELS[option]}
          </button>
        ))}
      </fieldset>
      <div className={`colour-panel__fields colour-panel__fields--${format}`}>
        {FIELD_LABELS[format].map((fieldLabel, index) => (
          <div className="field" key={`${format}-${fieldLabel}`}>
            <label htmlFor={`${id}-f${index}`}>{fieldLabel}</label>
            <input
              id={`${id}-f${index}`}
              inputMode={format === 'hex' ? 'text' : 'decimal'}
              spellCheck={false}
              autoComplete="off"
              value={fields[index] ?? ''}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? messageId : undefined}
              onChange={(event) => {
                const next = [...fields];
                next[index] = event.target.value;
                typed(next, alphaText);
              }}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor={`${id}-alpha`}>Alpha %</label>
          <input
            id={`${id}-alpha`}
            inputMode="decimal"
            autoComplete="off"
            value={alphaText}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => typed(fields, event.target.value)}
          />
        </div>
      </div>
      <p className="field__error colour-panel__message" id={messageId} role="alert">
        {message ?? ''}
      </p>
      {swatches.length > 0 ? (
        <fieldset className="colour-panel__swatches">
          <legend>Palette</legend>
          {swatches.map((swatch) => (
            <button
              key={swatch.label}
              type="button"
              className="colour-panel__swatch"
              aria-label={`${swatch.label} ${swatch.value}`}
              title={`${swatch.label} ${swatch.value}`}
              aria-pressed={swatch.value === hexOf(rgb)}
              onClick={() => take(rgbOfHex(swatch.value))}
            >
              <span className="colour-swatch" aria-hidden="true">
                <span style={{ background: cssOf(swatch.value) }} />
              </span>
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
