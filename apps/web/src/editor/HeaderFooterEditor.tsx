import { type HeaderFooter, isReadable, type MediaFile } from '@atelier/contract';
import { formWidgetButtonText, formWidgetReducer } from '@atelier/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { LayoutView } from '../blocks/render.tsx';
import { errorText } from './api/client.ts';
import { headerFooterApi } from './api/header-footer-client.ts';
import { type Device, DeviceSwitch } from './canvas/CanvasFrame.tsx';
import { LayoutCanvas } from './canvas/LayoutCanvas.tsx';
import { UndoRedo } from './canvas/UndoRedo.tsx';
import { FileManager } from './files/FileManager.tsx';
import { initialDevice } from './PageEditor.tsx';
import { blocksOf, draftReducer, emptyDraft } from './page-draft.ts';
import { Button, Card, TextField } from './ui/index.ts';

type Message = { text: string; isError: boolean };

/**
 * The site's header and footer on the same canvas as pages. They are live when saved
 * (ARCHITECTURE "Editor and sign-in"), so there is no autosave here: Save is the publish.
 */
export function HeaderFooterEditor() {
  const [stored, setStored] = useState<HeaderFooter | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [header, dispatchHeader] = useReducer(draftReducer, emptyDraft);
  const [footer, dispatchFooter] = useReducer(draftReducer, emptyDraft);
  const [part, setPart] = useState<'header' | 'footer'>('header');
  const [saveStatus, dispatchSave] = useReducer(formWidgetReducer, 'editing');
  const [message, setMessage] = useState<Message | null>(null);
  const [device, setDevice] = useState<Device>(() => initialDevice());
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The logo and copyright line: saved with the blocks, by the same Save.
  const [logoMediaId, setLogoMediaId] = useState<string | null>(null);
  const [copyright, setCopyright] = useState('');

  useEffect(() => {
    headerFooterApi
      .get()
      .then((loaded) => {
        setStored(loaded);
        setLogoMediaId(loaded.logoMediaId);
        setCopyright(loaded.copyright);
        dispatchHeader({ type: 'load', blocks: loaded.header });
        dispatchFooter({ type: 'load', blocks: loaded.footer });
        headingRef.current?.focus();
      })
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, []);

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!stored) return <p>Loading…</p>;

  async function save() {
    if (!stored) return;
    const sent = { header: header.sections, footer: footer.sections };
    dispatchSave({ type: 'save' });
    try {
      const saved = await headerFooterApi.save({
        header: blocksOf(header),
        footer: blocksOf(footer),
        baseRevision: stored.revision,
        logoMediaId,
        copyright,
      });
      setStored(saved);
      dispatchHeader({ type: 'saved', sections: sent.header });
      dispatchFooter({ type: 'saved', sections: sent.footer });
      dispatchSave({ type: 'saved' });
      setMessage({ text: 'Header and footer saved. Every page shows them now.', isError: false });
    } catch (error) {
      dispatchSave({ type: 'save-failed' });
      setMessage({ text: errorText(error), isError: true });
    }
  }

  const draft = part === 'header' ? header : footer;
  const dispatch = part === 'header' ? dispatchHeader : dispatchFooter;
  const isDirty =
    header.isDirty ||
    footer.isDirty ||
    logoMediaId !== stored.logoMediaId ||
    copyright.trim() !== stored.copyright;
  const other = (blocks: ReturnType<typeof blocksOf>) => (
    <LayoutView blocks={blocks.filter(isReadable)} data={stored.data} useCLDRMoneyFormat={false} />
  );
  return (
    <div className="page-editor page-editor--embedded page-editor--with-identity">
      <header className="editor-topbar">
        <div className="editor-topbar__title">
          <h1 ref={headingRef} tabIndex={-1}>
            Header &amp; footer
          </h1>
          <span className="status-badge">Live when saved</span>
        </div>
        <fieldset className="editor-topbar__devices">
          <legend className="visually-hidden">Part of the page</legend>
          {(['header', 'footer'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="button button--small button--segment"
              aria-pressed={part === option}
              onClick={() => setPart(option)}
            >
              {option === 'header' ? 'Header' : 'Footer'}
            </button>
          ))}
        </fieldset>
        <DeviceSwitch device={device} onChange={setDevice} />
        <UndoRedo draft={draft} dispatch={dispatch} />
        <p className="save-state">{isDirty ? 'Unsaved changes' : 'Saved'}</p>
        <div className="editor-topbar__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={saveStatus === 'saving'}
            onClick={() => void save()}
          >
            {formWidgetButtonText(saveStatus, 'Save header & footer')}
          </button>
        </div>
      </header>
      <p className={message?.isError ? 'notice notice--error' : 'notice'} role="status">
        {message?.text ?? ''}
      </p>
      <div className="site-identity">
        <SiteIdentityFields
          part={part}
          stored={stored}
          logoMediaId={logoMediaId}
          onLogoChange={setLogoMediaId}
          copyright={copyright}
          onCopyrightChange={setCopyright}
        />
      </div>
      <LayoutCanvas
        key={part}
        draft={draft}
        dispatch={dispatch}
        data={stored.data}
        name={part === 'header' ? 'Header' : 'Footer'}
        device={device}
        language="en"
        onSaveNow={() => void save()}
        chrome={(layout) => (
          <>
            <header className="site-header">
              {part === 'header' ? (
                <div className="site-header__blocks">{layout}</div>
              ) : (
                <div className="site-header__blocks" inert>
                  {other(blocksOf(header))}
                </div>
              )}
            </header>
            <main id="main">
              <p className="canvas-placeholder">Each page's content goes here.</p>
            </main>
            <footer className="site-footer">
              {part === 'footer' ? (
                <div className="site-footer__blocks">{layout}</div>
              ) : (
                <div className="site-footer__blocks" inert>
                  {other(blocksOf(footer))}
                </div>
              )}
            </footer>
          </>
        )}
      />
    </div>
  );
}

/**
 * What frames every page besides the blocks: the header's logo (shown instead of the site
 * title, which stays its accessible name) and the footer's copyright line.
 */
function SiteIdentityFields({
  part,
  stored,
  logoMediaId,
  onLogoChange,
  copyright,
  onCopyrightChange,
}: {
  part: 'header' | 'footer';
  stored: HeaderFooter;
  logoMediaId: string | null;
  onLogoChange: (id: string | null) => void;
  copyright: string;
  onCopyrightChange: (text: string) => void;
}) {
  const [isPicking, setIsPicking] = useState(false);
  const [chosen, setChosen] = useState<MediaFile | null>(null);
  if (part === 'footer') {
    return (
      <Card title="Copyright">
        <TextField
          label="Copyright line"
          hint="Shown at the foot of every page. Leave empty for “© your site title”."
          value={copyright}
          maxLength={300}
          onChange={(event) => onCopyrightChange(event.target.value)}
        />
      </Card>
    );
  }
  const storedLogo = logoMediaId ? stored.data.media[logoMediaId] : undefined;
  const logoText = chosen
    ? `Logo: ${chosen.filename}`
    : logoMediaId
      ? storedLogo
        ? 'A logo image is shown instead of the site title.'
        : 'The chosen logo file is missing; the site title shows instead.'
      : 'No logo: the site title shows. Its name is set in Settings.';
  return (
    <Card title="Logo">
      <p className="field__hint" aria-live="polite" id="site-identity-logo">
        {logoText}
      </p>
      <div className="site-identity__actions">
        <Button
          size="sm"
          aria-expanded={isPicking}
          aria-describedby="site-identity-logo"
          onClick={() => setIsPicking((open) => !open)}
        >
          {isPicking ? 'Close files' : logoMediaId ? 'Change logo' : 'Choose logo'}
        </Button>
        {logoMediaId ? (
          <Button
            size="sm"
            variant="quiet"
            onClick={() => {
              setChosen(null);
              onLogoChange(null);
            }}
          >
            Use the site title instead
          </Button>
        ) : null}
      </div>
      {isPicking ? (
        <FileManager
          chooseLabel="Use as logo"
          onChoose={(media) => {
            setChosen(media);
            setIsPicking(false);
            onLogoChange(media.id);
          }}
        />
      ) : null}
    </Card>
  );
}
