import { type HeaderFooter, isReadable } from '@atelier/contract';
import { editorMessages, formWidgetButtonText, formWidgetReducer } from '@atelier/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { LayoutView } from '../blocks/render.tsx';
import { ApiError } from './api/client.ts';
import { headerFooterApi } from './api/header-footer-client.ts';
import { DevicePreview } from './canvas/DevicePreview.tsx';
import { LayoutCanvas } from './canvas/LayoutCanvas.tsx';
import { UndoRedo } from './canvas/UndoRedo.tsx';
import { blocksOf, draftReducer, emptyDraft } from './page-draft.ts';

type Message = { text: string; isError: boolean };

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;

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
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headerFooterApi
      .get()
      .then((loaded) => {
        setStored(loaded);
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
  const isDirty = header.isDirty || footer.isDirty;
  return (
    <div className="page-editor">
      <h1 ref={headingRef} tabIndex={-1}>
        Header &amp; footer
      </h1>
      <p className="page-editor__status">
        Shown on every page of the site. Saving makes changes live.
        {isDirty ? ' · unsaved edits' : ''}
      </p>
      <p className={message?.isError ? 'notice notice--error' : 'notice'} role="status">
        {message?.text ?? ''}
      </p>
      <fieldset className="device-preview__devices">
        <legend className="visually-hidden">Part of the page</legend>
        {(['header', 'footer'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="button button--small"
            aria-pressed={part === option}
            onClick={() => setPart(option)}
          >
            {option === 'header' ? 'Header' : 'Footer'}
          </button>
        ))}
      </fieldset>
      <section className="page-editor__blocks" aria-labelledby="header-footer-blocks">
        <div className="page-editor__toolbar">
          <h2 id="header-footer-blocks">{part === 'header' ? 'Header blocks' : 'Footer blocks'}</h2>
          {/* Keyed so the keyboard shortcuts follow the part on screen. */}
          <UndoRedo key={part} draft={draft} dispatch={dispatch} />
          <div className="page-editor__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={saveStatus === 'saving'}
              onClick={() => void save()}
            >
              {formWidgetButtonText(saveStatus, 'Save header & footer')}
            </button>
          </div>
        </div>
        <LayoutCanvas key={part} draft={draft} dispatch={dispatch} data={stored.data} name={part} />
      </section>
      <DevicePreview title="Preview">
        <div className="site-header__blocks">
          <LayoutView
            blocks={blocksOf(header).filter(isReadable)}
            data={stored.data}
            useCLDRMoneyFormat={false}
          />
        </div>
        <p className="field__hint">Each page's content goes here.</p>
        <div className="site-footer__blocks">
          <LayoutView
            blocks={blocksOf(footer).filter(isReadable)}
            data={stored.data}
            useCLDRMoneyFormat={false}
          />
        </div>
      </DevicePreview>
    </div>
  );
}
