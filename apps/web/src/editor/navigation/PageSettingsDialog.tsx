import {
  type EditorPage,
  FOLDER_BEHAVIORS,
  type FolderBehavior,
  type MediaFile,
  type PageSettings,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { FileManager } from '../files/FileManager.tsx';
import { memberAreasApi } from '../member-areas/member-areas-client.ts';
import '../member-areas/member-areas.css';
import { Button, Dialog, Select, Skeleton, TextArea, TextField } from '../ui/index.ts';
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
 * A page's settings in the admin Dialog (focus kept inside, Escape closes): title, URL
 * slug, SEO title and description, the social image (from the file manager), and a
 * folder's behaviour. Saved with one PATCH; the server checks the slug.
 */
export function PageSettingsDialog({
  pageId,
  onClose,
}: {
  pageId: string;
  onClose: (didSave: boolean) => void;
}) {
  const id = useId();
  const [page, setPage] = useState<EditorPage | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [socialImage, setSocialImage] = useState<{ src: string; name: string } | null>(null);
  const [isPicking, setIsPicking] = useState(false);
  const [error, setError] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  // The page's password (issue 23): only whether one is set comes back, never the password.
  const [hasPassword, setHasPassword] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const [isRemovingPassword, setIsRemovingPassword] = useState(false);

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
      .then(() => memberAreasApi.pageAccess(pageId))
      .then((access) => setHasPassword(access.hasPassword))
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
      if (page.kind === 'page' && (newPassword || isRemovingPassword)) {
        await memberAreasApi.setPageAccess(pageId, { password: newPassword || null });
      }
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
    <TextField
      label={label}
      value={form?.[key] ?? ''}
      maxLength={200}
      hint={hint}
      error={error?.fields[key]}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );

  return (
    <Dialog
      open
      size="wide"
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
      title={page ? `Settings of ${page.title}` : 'Page settings'}
    >
      {error ? (
        <p role="alert" className="notice notice--error">
          {error.text}
        </p>
      ) : null}
      {form && page ? (
        <form onSubmit={save} noValidate id={`${id}-form`}>
          {field('title', page.kind === 'folder' ? 'Folder title' : 'Page title')}
          {page.urlSlug === ''
            ? null
            : field('urlSlug', 'URL slug', 'Lower-case words joined by hyphens, e.g. our-story')}
          {field('seoTitle', 'SEO title', 'Shown in search results; the page title when empty')}
          <TextArea
            label="SEO description"
            value={form.description}
            maxLength={320}
            rows={3}
            onChange={(e) => set({ description: e.target.value })}
          />
          {page.kind === 'folder' ? (
            <Select
              label="Folder link"
              value={form.folderBehavior}
              onChange={(e) => set({ folderBehavior: e.target.value as FolderBehavior })}
            >
              {FOLDER_BEHAVIORS.map((value) => (
                <option key={value} value={value}>
                  {FOLDER_BEHAVIOR_LABELS[value]}
                </option>
              ))}
            </Select>
          ) : null}
          <fieldset className="fieldset page-settings-dialog__image">
            <legend>Social image</legend>
            {form.socialImageId && socialImage ? (
              <p className="page-settings-dialog__chosen">
                {socialImage.src ? (
                  <img src={socialImage.src} alt="" width={120} height={80} />
                ) : null}
                {socialImage.name}
              </p>
            ) : (
              <p className="field__hint">No image: shared links show the site’s default.</p>
            )}
            <div className="page-settings-dialog__image-actions">
              <Button size="sm" aria-expanded={isPicking} onClick={() => setIsPicking((on) => !on)}>
                {isPicking ? 'Close files' : 'Choose image'}
              </Button>
              {form.socialImageId ? (
                <Button
                  size="sm"
                  variant="quiet"
                  onClick={() => {
                    set({ socialImageId: null });
                    setSocialImage(null);
                  }}
                >
                  Remove image
                </Button>
              ) : null}
            </div>
            {isPicking ? <FileManager onChoose={chose} chooseLabel="Choose File" /> : null}
          </fieldset>
          {page.kind === 'page' ? (
            <fieldset className="fieldset page-access">
              <legend>Password</legend>
              {hasPassword && isRemovingPassword ? (
                <p className="field__hint" role="status">
                  The password is removed when you save: everyone can see the page.{' '}
                  <Button size="sm" variant="quiet" onClick={() => setIsRemovingPassword(false)}>
                    Keep the password
                  </Button>
                </p>
              ) : (
                <>
                  <TextField
                    label={hasPassword ? 'New password' : 'Page password'}
                    type="password"
                    autoComplete="new-password"
                    value={newPassword}
                    maxLength={200}
                    hint={
                      hasPassword
                        ? 'This page has a password. Type a new one to change it.'
                        : 'Leave empty for no password. Visitors type it once per browser session.'
                    }
                    error={error?.fields.password || undefined}
                    onChange={(e) => {
                      setNewPassword(e.target.value);
                      // A message about the old text would be wrong about the new one.
                      setError((current) =>
                        current?.fields.password
                          ? { ...current, fields: { ...current.fields, password: '' } }
                          : current,
                      );
                    }}
                  />
                  {hasPassword ? (
                    <Button
                      size="sm"
                      variant="quiet"
                      onClick={() => {
                        setNewPassword('');
                        setIsRemovingPassword(true);
                      }}
                    >
                      Remove password
                    </Button>
                  ) : null}
                </>
              )}
            </fieldset>
          ) : null}
          <div className="ui-dialog__footer">
            <Button onClick={() => onClose(false)}>Cancel</Button>
            <Button type="submit" variant="primary">
              Save settings
            </Button>
          </div>
        </form>
      ) : (
        <Skeleton lines={4} label="Loading settings…" />
      )}
    </Dialog>
  );
}
