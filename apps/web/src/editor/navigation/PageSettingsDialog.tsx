import {
  type EditorPage,
  FOLDER_BEHAVIORS,
  type FolderBehavior,
  type MediaFile,
  type PageSettings,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { FileManager } from '../files/FileManager.tsx';
import { FOLDER_BEHAVIOR_LABELS } from './navigation-tree.ts';

type Form = {
  title: string;
  urlSlug: string;
  seoTitle: string;
  description: string;
  socialImageId: string | null;
  folderBehavior: FolderBehavior;
};

/**
 * A page's settings in a modal <dialog> (the browser keeps focus inside and Escape closes
 * it): title, URL slug, SEO title and description, the social image (from the file
 * manager), and a folder's behaviour. Saved with one PATCH; the server checks the slug.
 */
export function PageSettingsDialog({
  pageId,
  onClose,
}: {
  pageId: string;
  onClose: (didSave: boolean) => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState<EditorPage | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [socialImage, setSocialImage] = useState<{ src: string; name: string } | null>(null);
  const [isPicking, setIsPicking] = useState(false);
  const [error, setError] = useState<{ text: string; fields: Record<string, string> } | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    api
      .page(pageId)
      .then((loaded) => {
        setPage(loaded);
        setForm({
          title: loaded.title,
          urlSlug: loaded.urlSlug,
          seoTitle: loaded.seoTitle,
          description: loaded.description,
          socialImageId: loaded.socialImageId,
          folderBehavior: loaded.folderBehavior ?? 'index',
        });
        if (loaded.socialImageId) {
          setSocialImage({ src: '', name: 'The chosen image' });
        }
      })
      .catch(() => setError({ text: editorMessages.unableToLocateContent, fields: {} }));
  }, [pageId]);

  const set = (patch: Partial<Form>) =>
    setForm((current) => (current ? { ...current, ...patch } : current));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form || !page) return;
    const settings: PageSettings = {
      title: form.title,
      seoTitle: form.seoTitle,
      description: form.description,
      socialImageId: form.socialImageId,
      ...(page.urlSlug !== '' && { urlSlug: form.urlSlug }),
      ...(page.kind === 'folder' && { folderBehavior: form.folderBehavior }),
    };
    try {
      await api.updatePage(pageId, settings);
      dialog.current?.close();
      onClose(true);
    } catch (caught) {
      setError({
        text: caught instanceof ApiError ? caught.message : editorMessages.somethingWentWrong,
        fields: caught instanceof ApiError ? caught.fields : {},
      });
    }
  }

  function chose(media: MediaFile) {
    set({ socialImageId: media.id });
    setSocialImage({ src: media.src, name: media.filename });
    setIsPicking(false);
  }

  const field = (key: 'title' | 'urlSlug' | 'seoTitle', label: string, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={form?.[key] ?? ''}
        maxLength={200}
        aria-invalid={error?.fields[key] ? true : undefined}
        aria-describedby={hint || error?.fields[key] ? `${id}-${key}-hint` : undefined}
        onChange={(e) => set({ [key]: e.target.value })}
      />
      {hint || error?.fields[key] ? (
        <p id={`${id}-${key}-hint`} className="field__hint">
          {error?.fields[key] ?? hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <dialog
      ref={dialog}
      className="page-settings-dialog"
      aria-labelledby={`${id}-title`}
      onClose={() => onClose(false)}
    >
      <h2 id={`${id}-title`}>{page ? `Settings of ${page.title}` : 'Page settings'}</h2>
      {error ? (
        <p role="alert" className="notice notice--error">
          {error.text}
        </p>
      ) : null}
      {form && page ? (
        <form onSubmit={save} noValidate>
          {field('title', page.kind === 'folder' ? 'Folder title' : 'Page title')}
          {page.urlSlug === ''
            ? null
            : field('urlSlug', 'URL slug', 'Lower-case words joined by hyphens, e.g. our-story')}
          {field('seoTitle', 'SEO title', 'Shown in search results; the page title when empty')}
          <div className="field">
            <label htmlFor={`${id}-description`}>SEO description</label>
            <textarea
              id={`${id}-description`}
              value={form.description}
              maxLength={320}
              rows={3}
              onChange={(e) => set({ description: e.target.value })}
            />
          </div>
          {page.kind === 'folder' ? (
            <div className="field">
              <label htmlFor={`${id}-behavior`}>Folder link</label>
              <select
                id={`${id}-behavior`}
                value={form.folderBehavior}
                onChange={(e) => set({ folderBehavior: e.target.value as FolderBehavior })}
              >
                {FOLDER_BEHAVIORS.map((value) => (
                  <option key={value} value={value}>
                    {FOLDER_BEHAVIOR_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <fieldset className="page-settings-dialog__image">
            <legend>Social image</legend>
            {form.socialImageId && socialImage ? (
              <p>
                {socialImage.src ? (
                  <img src={socialImage.src} alt="" width={120} height={80} />
                ) : null}
                {socialImage.name}
              </p>
            ) : (
              <p>No image: shared links show the site’s default.</p>
            )}
            <button
              type="button"
              className="button button--small"
              aria-expanded={isPicking}
              onClick={() => setIsPicking((on) => !on)}
            >
              {isPicking ? 'Close files' : 'Choose image'}
            </button>
            {form.socialImageId ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  set({ socialImageId: null });
                  setSocialImage(null);
                }}
              >
                Remove image
              </button>
            ) : null}
            {isPicking ? <FileManager onChoose={chose} chooseLabel="Choose File" /> : null}
          </fieldset>
          <div className="page-settings-dialog__actions">
            <button type="submit" className="button button--primary">
              Save settings
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                dialog.current?.close();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <p>Loading…</p>
      )}
    </dialog>
  );
}
