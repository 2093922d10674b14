import {
  type FontList,
  type SiteDesign,
  type StyleGuide,
  THEMES,
  type Theme,
} from '@atelier/contract';
import { contrastFindings, editorMessages, isLightByLuminance } from '@atelier/core';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError, errorText } from '../api/client.ts';
import { designApi } from '../api/design-client.ts';
import { useUnsavedChangesGuard } from '../UnsavedChanges.tsx';
import {
  Button,
  Card,
  ConfirmDialog,
  Select,
  Skeleton,
  Tabs,
  TextField,
  useToast,
} from '../ui/index.ts';
import { ColourField } from './ColourPicker.tsx';
import { DesignPreview, type PreviewDevice } from './DesignPreview.tsx';
import {
  type DesignTab,
  type FieldErrors,
  guideErrors,
  ratioText,
  rgbOfHex,
  sameGuide,
  tabOfField,
  withValue,
} from './design-draft.ts';
import { adoptPreviewFaces, FontField, type FontRole } from './FontPicker.tsx';
import { ThemeCards } from './ThemeCards.tsx';
import './design.css';

// The owner's Design screen (issue 25): the themes to start from, the palette and page
// colours, the three fonts, type and layout, all one unsaved draft previewed live on the
// home page, then saved whole (Save restyles every public page at once).

const PREVIEW_DELAY_MS = 350;

const TAB_LABELS: Record<DesignTab, string> = {
  themes: 'Themes',
  colours: 'Colours',
  fonts: 'Fonts',
  layout: 'Type & layout',
};

type Notice = { text: string; isConflict?: boolean };

export default function DesignScreen() {
  const [design, setDesign] = useState<SiteDesign | null>(null);
  const [themes, setThemes] = useState<Theme[]>([]);
  const [fonts, setFonts] = useState<FontList | null>(null);
  const [fontsError, setFontsError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<StyleGuide | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [tab, setTab] = useState<DesignTab>('themes');
  const [isSaving, setIsSaving] = useState(false);
  const [pendingTheme, setPendingTheme] = useState<Theme | null>(null);
  const [previewCss, setPreviewCss] = useState<string | null>(null);
  const [isPreviewing, setIsPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  // On a phone, the preview a phone's visitors see.
  const [device, setDevice] = useState<PreviewDevice>(() =>
    typeof window !== 'undefined' && window.innerWidth < 700 ? 'phone' : 'desktop',
  );
  const toast = useToast();

  function load() {
    setLoadError(null);
    designApi
      .get()
      .then((loaded) => {
        setDesign(loaded);
        setDraft(loaded.styleGuide);
        setServerErrors({});
        setNotice(null);
      })
      .catch((error: unknown) => setLoadError(errorText(error)));
  }
  function loadFonts() {
    setFontsError(null);
    designApi
      .fonts()
      .then((list) => {
        adoptPreviewFaces(list);
        setFonts(list);
      })
      .catch(() => setFontsError(editorMessages.unableToLoadFonts));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when the screen opens
  useEffect(() => {
    load();
    loadFonts();
    designApi
      .themes()
      .then((list) => setThemes(list.themes))
      .catch(() => setThemes(Object.values(THEMES)));
  }, []);

  const isDirty = design !== null && draft !== null && !sameGuide(design.styleGuide, draft);
  useUnsavedChangesGuard(isDirty, 'Your design changes will be lost.');

  // The preview follows the draft a moment after the owner stops changing it.
  const draftJson = draft ? JSON.stringify(draft) : '';
  const lastSent = useRef<string | null>(null);
  useEffect(() => {
    if (!draft || !design) return;
    if (lastSent.current === null) {
      // The page as loaded already shows the saved guide.
      lastSent.current = JSON.stringify(design.styleGuide);
    }
    if (draftJson === lastSent.current || Object.keys(guideErrors(draft)).length > 0) return;
    const timer = window.setTimeout(() => {
      lastSent.current = draftJson;
      setIsPreviewing(true);
      designApi
        .preview(draft)
        .then(({ css }) => {
          setPreviewCss(css);
          setPreviewError(null);
        })
        .catch((error: unknown) => setPreviewError(errorText(error)))
        .finally(() => setIsPreviewing(false));
    }, PREVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, draftJson, design]);

  const liveErrors = useMemo(() => (draft ? guideErrors(draft) : {}), [draft]);
  const errors: FieldErrors = { ...serverErrors, ...liveErrors };
  // The saved guide's warnings are the server's; a draft's are worked out here as it changes
  // (the same core function, so they agree).
  const findings = useMemo(() => {
    if (!draft || !design) return [];
    if (sameGuide(draft, design.styleGuide)) return design.contrastWarnings;
    return Object.keys(liveErrors).length === 0 ? contrastFindings(draft) : [];
  }, [draft, design, liveErrors]);

  if (loadError) {
    return (
      <div className="screen">
        <p role="alert" className="notice notice--error">
          {loadError}
        </p>
        <Button onClick={load}>{editorMessages.tryAgain}</Button>
      </div>
    );
  }
  if (!design || !draft) return <Skeleton lines={6} label="Loading the design…" />;

  const set = (path: string, value: unknown) => {
    setDraft((current) => (current ? withValue(current, path, value) : current));
    setServerErrors((current) => {
      const { [`styleGuide.${path}`]: _cleared, ...rest } = current;
      return rest;
    });
  };
  const err = (path: string) => errors[`styleGuide.${path}`];

  function showErrors(found: FieldErrors, message: string) {
    setServerErrors(found);
    const keys = Object.keys(found);
    const first = keys[0];
    if (first) setTab(tabOfField(first));
    setNotice({
      text:
        keys.length > 0
          ? `Fix ${keys.length === 1 ? 'the field' : `the ${keys.length} fields`} marked, then save again.`
          : message,
    });
  }

  async function save() {
    if (!draft || !design) return;
    const found = guideErrors(draft);
    if (Object.keys(found).length > 0) {
      showErrors(found, '');
      return;
    }
    setIsSaving(true);
    try {
      const saved = await designApi.save(draft, design.version);
      setDesign(saved);
      setDraft(saved.styleGuide);
      setServerErrors({});
      setNotice(null);
      toast('Design saved. Every page shows it now.');
    } catch (error) {
      failed(error);
    } finally {
      setIsSaving(false);
    }
  }

  function failed(error: unknown) {
    if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') {
      setNotice({ text: error.message, isConflict: true });
    } else if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      showErrors(error.fields, error.message);
    } else {
      setNotice({ text: errorText(error) });
    }
  }

  async function applyTheme(theme: Theme) {
    if (!design) return;
    setIsSaving(true);
    try {
      const saved = await designApi.applyTheme(theme.id, design.version);
      setDesign(saved);
      setDraft(saved.styleGuide);
      setServerErrors({});
      setNotice(null);
      toast(`${theme.name} is your site’s design now. Your content is unchanged.`);
    } catch (error) {
      failed(error);
    } finally {
      setIsSaving(false);
    }
  }

  const familiesInGuide = [
    ...new Set([draft.fonts.heading.family, draft.fonts.body.family, draft.fonts.button.family]),
  ];
  const swatches = Object.values(draft.palette);
  const themeName = THEMES[design.themeId].name;

  const panels: Record<DesignTab, ReactNode> = {
    themes: (
      <Card
        title="Themes"
        description="A theme is a starting design: colours, fonts and layout. Switching keeps every page, product and block as it is."
      >
        <ThemeCards
          themes={themes}
          fonts={fonts}
          currentId={design.themeId}
          isChanged={!design.isThemeUnchanged || isDirty}
          isBusy={isSaving}
          onUse={setPendingTheme}
        />
      </Card>
    ),
    colours: (
      <div className="screen__stack">
        <Card
          title="Palette"
          description="Six colours that sections are painted with. Text on each is set light or dark to read on it."
        >
          <ol className="palette-list">
            {(Object.keys(draft.palette) as (keyof StyleGuide['palette'])[]).map((slot, index) => {
              const colour = draft.palette[slot];
              const isLight = isLightByLuminance(rgbOfHex(colour.value));
              return (
                <li key={slot} className="palette-row">
                  <TextField
                    label={`Colour ${index + 1} name`}
                    value={colour.label}
                    maxLength={40}
                    error={err(`palette.${slot}.label`)}
                    onChange={(event) => set(`palette.${slot}.label`, event.target.value)}
                  />
                  <ColourField
                    label={`${colour.label || `Colour ${index + 1}`} colour`}
                    value={colour.value}
                    error={err(`palette.${slot}.value`)}
                    swatches={swatches}
                    onChange={(hex) => set(`palette.${slot}.value`, hex)}
                  />
                  <p className="palette-row__role">
                    <span className={`role-chip role-chip--${isLight ? 'light' : 'dark'}`}>
                      {isLight ? 'Light' : 'Dark'}
                    </span>
                    {isLight ? 'Dark text on it' : 'Light text on it'}
                  </p>
                </li>
              );
            })}
          </ol>
        </Card>
        <Card
          title="Page colours"
          description="The page behind every section, its text, and the colours that stand out."
        >
          <div className="page-colours">
            {(
              [
                ['background', 'Background', 'Behind every section without a colour of its own.'],
                ['text', 'Text', 'Body text and headings on the page.'],
                ['accent', 'Accent', 'Links, buttons and the cart badge.'],
                ['sale', 'Sale', 'Sale prices, badges and error messages.'],
                ['header', 'Header', 'The band at the top of every page.'],
              ] as const
            ).map(([key, label, hint]) => (
              <ColourField
                key={key}
                label={label}
                hint={hint}
                warning={warningFor(draft.colours[key], findings)}
                value={draft.colours[key]}
                error={err(`colours.${key}`)}
                swatches={swatches}
                onChange={(hex) => set(`colours.${key}`, hex)}
              />
            ))}
          </div>
        </Card>
        <ContrastCard findings={findings} />
      </div>
    ),
    fonts: (
      <Card
        title="Fonts"
        description="Every font is served by your site itself, never by a font service."
      >
        {fontsError ? (
          <div className="notice notice--error" role="alert">
            {fontsError}{' '}
            <Button size="sm" onClick={loadFonts}>
              {editorMessages.tryAgain}
            </Button>
          </div>
        ) : !fonts ? (
          <Skeleton lines={3} label="Loading fonts…" />
        ) : (
          <div className="font-fields">
            {(
              [
                ['heading', 'Headings', 'The quick brown fox'],
                ['body', 'Body text', 'Handmade in small batches, shipped in recycled paper.'],
                ['button', 'Buttons', 'Add to cart'],
              ] as [FontRole, string, string][]
            ).map(([role, label, sample]) => (
              <FontField
                key={role}
                label={label}
                sample={sample}
                choice={draft.fonts[role]}
                list={fonts}
                inGuide={familiesInGuide}
                errors={{
                  family: err(`fonts.${role}.family`),
                  weight: err(`fonts.${role}.weight`),
                }}
                onChange={(choice) => set(`fonts.${role}`, choice)}
              />
            ))}
          </div>
        )}
      </Card>
    ),
    layout: <LayoutPanel draft={draft} set={set} err={err} />,
  };

  return (
    <div className="screen design-screen">
      <div className="screen-header design-screen__header">
        <div>
          <h1>Design</h1>
          <p className="screen-header__lead">
            Started from {themeName}
            {design.isThemeUnchanged ? '' : ', with your changes'}. Changes show in the preview
            until you save them.
          </p>
        </div>
      </div>
      <div className="design-screen__layout">
        <div className="design-screen__controls">
          <Tabs
            label="Design"
            value={tab}
            onValueChange={setTab}
            items={(Object.keys(TAB_LABELS) as DesignTab[]).map((value) => ({
              value,
              label: TAB_LABELS[value],
              content: panels[value],
            }))}
          />
        </div>
        <section className="design-screen__preview" aria-labelledby="design-preview-title">
          <div className="design-screen__preview-bar">
            <h2 id="design-preview-title">Preview</h2>
            <fieldset className="design-screen__devices">
              <legend className="visually-hidden">Preview width</legend>
              {(['desktop', 'phone'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className="button button--small button--segment"
                  aria-pressed={device === option}
                  onClick={() => setDevice(option)}
                >
                  {option === 'desktop' ? 'Desktop' : 'Phone'}
                </button>
              ))}
            </fieldset>
          </div>
          <p className="design-screen__preview-state" aria-live="polite">
            {previewError
              ? `The preview could not be updated: ${previewError}`
              : isPreviewing
                ? 'Updating the preview…'
                : isDirty
                  ? 'Showing your unsaved changes.'
                  : 'Showing your saved design.'}
          </p>
          <DesignPreview css={previewCss} device={device} isUpdating={isPreviewing} />
        </section>
      </div>
      {/* Save where the owner is, however far down the colours they scrolled. */}
      <div className="design-savebar">
        {notice ? (
          <div role="alert" className="notice notice--error design-screen__notice">
            {notice.text}
            {notice.isConflict ? (
              <Button size="sm" onClick={load}>
                Reload the design
              </Button>
            ) : null}
          </div>
        ) : null}
        <div className="design-savebar__row">
          <p className="design-savebar__state" aria-live="polite">
            {isDirty ? 'Unsaved changes' : 'Your site shows this design.'}
          </p>
          <Button
            variant="quiet"
            disabled={!isDirty || isSaving}
            onClick={() => {
              setDraft(design.styleGuide);
              setServerErrors({});
              setNotice(null);
            }}
          >
            Discard changes
          </Button>
          <Button variant="primary" disabled={!isDirty || isSaving} onClick={() => void save()}>
            {isSaving ? 'Saving…' : 'Save design'}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={pendingTheme !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPendingTheme(null);
        }}
        title={pendingTheme ? `Use the ${pendingTheme.name} theme?` : ''}
        description={`Its colours, fonts and layout replace your site’s design${isDirty ? ', and your unsaved changes are discarded' : ''}. Your pages, products and other content are kept.`}
        confirmLabel={pendingTheme ? `Use ${pendingTheme.name}` : 'Use theme'}
        onConfirm={() => {
          const theme = pendingTheme;
          setPendingTheme(null);
          if (theme) void applyTheme(theme);
        }}
      />
    </div>
  );
}

/** The findings a page colour is part of, in a sentence for its field. */
function warningFor(
  hex: string,
  findings: ReturnType<typeof contrastFindings>,
): string | undefined {
  const own = findings.filter((f) => f.foreground === hex || f.background === hex);
  if (own.length === 0) return undefined;
  return `Hard to read: ${own
    .map((f) => `${f.pairing.toLowerCase()} ${ratioText(f.ratio)}, needs ${ratioText(f.required)}`)
    .join('; ')}.`;
}

/** What fails WCAG AA, in words: the pairing, its ratio and the ratio asked for. */
function ContrastCard({ findings }: { findings: ReturnType<typeof contrastFindings> }) {
  return (
    <Card title="Contrast">
      {findings.length === 0 ? (
        <p className="contrast-ok">All text colours meet WCAG AA on their backgrounds.</p>
      ) : (
        <>
          <p className="contrast-intro">
            {findings.length === 1 ? 'One pairing falls' : `${findings.length} pairings fall`} below
            WCAG AA contrast. You can still save; where it can, your site shows a readable colour
            instead of the one chosen.
          </p>
          <ul className="contrast-list">
            {findings.map((finding) => (
              <li key={finding.pairing} className="contrast-warning">
                {/* The failing pair itself, drawn (SVG text: a sample meant to read badly,
                    which the words beside it describe). */}
                <svg
                  className="contrast-warning__sample"
                  viewBox="0 0 36 36"
                  aria-hidden="true"
                  style={{ background: finding.background }}
                >
                  <text x="18" y="23" textAnchor="middle" fill={finding.foreground}>
                    Aa
                  </text>
                </svg>
                <span>
                  <strong>{finding.pairing}</strong>: contrast {ratioText(finding.ratio)}, needs at
                  least {ratioText(finding.required)}.{' '}
                  <span className="contrast-warning__colours">
                    {finding.foreground} on {finding.background}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

const SCALES: [number, string][] = [
  [1.125, 'Major second (1.125)'],
  [1.2, 'Minor third (1.2)'],
  [1.25, 'Major third (1.25)'],
  [1.333, 'Perfect fourth (1.333)'],
  [1.4, 'Augmented fourth (1.4)'],
  [1.5, 'Perfect fifth (1.5)'],
  [1.6, 'Golden (1.6)'],
];

function LayoutPanel({
  draft,
  set,
  err,
}: {
  draft: StyleGuide;
  set: (path: string, value: unknown) => void;
  err: (path: string) => string | undefined;
}) {
  const scales = SCALES.some(([value]) => value === draft.type.scale)
    ? SCALES
    : [...SCALES, [draft.type.scale, `Custom (${draft.type.scale})`] as [number, string]];
  return (
    <div className="screen__stack">
      <Card title="Type">
        <div className="form-row">
          <NumberField
            label="Base text size (px)"
            hint="From 14 to 22. Phones keep at least 16."
            value={draft.type.baseSize}
            step={1}
            error={err('type.baseSize')}
            onChange={(value) => set('type.baseSize', value)}
          />
          <Select
            label="Heading scale"
            hint="How much larger each heading level is."
            value={String(draft.type.scale)}
            error={err('type.scale')}
            onChange={(event) => set('type.scale', Number(event.target.value))}
          >
            {scales.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </Select>
        </div>
        <div className="form-row">
          <Select
            label="Heading case"
            value={draft.type.headingCase}
            onChange={(event) => set('type.headingCase', event.target.value)}
          >
            <option value="none">As typed</option>
            <option value="uppercase">UPPERCASE</option>
          </Select>
          <NumberField
            label="Letter spacing (em)"
            hint="Of headings: from −0.05 (tighter) to 0.2 (wider)."
            value={draft.type.headingTracking}
            step={0.005}
            error={err('type.headingTracking')}
            onChange={(value) => set('type.headingTracking', value)}
          />
        </div>
      </Card>
      <Card title="Layout">
        <div className="form-row">
          <NumberField
            label="Spacing"
            hint="Space between blocks, times the usual: 0.6 to 1.6."
            value={draft.spacing}
            step={0.05}
            error={err('spacing')}
            onChange={(value) => set('spacing', value)}
          />
          <NumberField
            label="Corner radius (px)"
            hint="Images, cards and fields: 0 to 32."
            value={draft.radius}
            step={1}
            error={err('radius')}
            onChange={(value) => set('radius', value)}
          />
          <NumberField
            label="Content width (px)"
            hint="The column pages sit in: 880 to 1440."
            value={draft.contentWidth}
            step={10}
            error={err('contentWidth')}
            onChange={(value) => set('contentWidth', value)}
          />
        </div>
      </Card>
      <Card title="Buttons and links">
        <div className="form-row">
          <Select
            label="Button shape"
            value={draft.buttons.shape}
            onChange={(event) => set('buttons.shape', event.target.value)}
          >
            <option value="square">Square</option>
            <option value="rounded">Rounded (the corner radius)</option>
            <option value="pill">Pill</option>
          </Select>
          <Select
            label="Button fill"
            value={draft.buttons.fill}
            onChange={(event) => set('buttons.fill', event.target.value)}
          >
            <option value="solid">Solid</option>
            <option value="outline">Outline</option>
          </Select>
          <Select
            label="Button text"
            value={draft.buttons.textCase}
            onChange={(event) => set('buttons.textCase', event.target.value)}
          >
            <option value="none">As typed</option>
            <option value="uppercase">UPPERCASE</option>
          </Select>
        </div>
        <Select
          label="Underline links"
          value={draft.links.underline}
          onChange={(event) => set('links.underline', event.target.value)}
        >
          <option value="always">Always</option>
          <option value="hover">On hover</option>
          <option value="never">Never</option>
        </Select>
      </Card>
    </div>
  );
}

/** A number typed freely: the text stays as typed, the guide gets its number (NaN if none). */
function NumberField({
  label,
  hint,
  value,
  step,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: number;
  step: number;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  // Discard, a theme or a reload changed the value: show it.
  useEffect(() => {
    setText((current) =>
      Number.isNaN(value) || (Number(current) === value && current.trim() !== '')
        ? current
        : String(value),
    );
  }, [value]);
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      error={error}
      type="number"
      inputMode="decimal"
      step={step}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.trim() === '' ? Number.NaN : Number(event.target.value));
      }}
    />
  );
}
