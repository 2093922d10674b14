import type { MediaFile } from '@atelier/contract';
import { editorMessages, formatMegabytes, humanizeFileSize } from '@atelier/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import {
  acceptAttribute,
  type FileAccept,
  kindOfUpload,
  listKindOf,
  MAX_UPLOAD_BYTES,
  uploadHint,
} from './file-kinds.ts';
import './files.css';

type Alert = { title?: string; text: string; isError: boolean };

/**
 * The file manager (SPEC §2 labels): Existing Files, a paged list with Load More; Manage,
 * with Upload File; and File Detail for the chosen file, with Choose File, Rename and
 * Delete. Reusable: a block or dialog passes `onChoose`, and `accept` for the kind of file
 * it can use (images by default; the audio block 'audio'; the link editor 'any').
 */
export function FileManager({
  onChoose,
  chooseLabel = 'Choose File',
  accept = 'image',
}: {
  /** Called with the file the person chose; without it, the manager only manages. */
  onChoose?: (media: MediaFile) => void;
  chooseLabel?: string;
  accept?: FileAccept;
}) {
  const id = useId();
  const [tab, setTab] = useState<'existing' | 'manage'>('existing');
  const [files, setFiles] = useState<MediaFile[]>([]);
  const [nextOffset, setNextOffset] = useState<number | null>(0);
  const [isLoading, setIsLoading] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [alert, setAlert] = useState<Alert | null>(null);
  const tabRefs = useRef<Record<'existing' | 'manage', HTMLButtonElement | null>>({
    existing: null,
    manage: null,
  });

  const loadMore = useCallback(
    async (offset: number, replace = false) => {
      setIsLoading(true);
      try {
        const page = await api.mediaPage(offset, listKindOf(accept));
        setFiles((current) => (replace ? page.files : [...current, ...page.files]));
        setNextOffset(page.nextOffset);
      } catch {
        setAlert({ text: editorMessages.unableToLoadResults, isError: true });
      } finally {
        setIsLoading(false);
      }
    },
    [accept],
  );
  useEffect(() => {
    void loadMore(0, true);
  }, [loadMore]);

  const selected = files.find((f) => f.id === selectedId) ?? null;

  async function upload(file: File) {
    const kind = kindOfUpload(file, accept);
    if (!kind) {
      setAlert({ text: editorMessages.unsupportedFile(file.name), isError: true });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES[kind]) {
      setAlert({
        text: editorMessages.fileTooLarge(file.name, formatMegabytes(MAX_UPLOAD_BYTES[kind])),
        isError: true,
      });
      return;
    }
    setAlert({ text: `Uploading ${file.name}…`, isError: false });
    try {
      const uploaded = await api.uploadMedia(file);
      // The bytes decide: a .mp3 that is really text is a document, not for an audio picker.
      if (accept !== 'any' && uploaded.kind !== accept) {
        await loadMore(0, true);
        setAlert({ text: editorMessages.unsupportedFile(file.name), isError: true });
        return;
      }
      await loadMore(0, true);
      setSelectedId(uploaded.id);
      setAlert({ text: `Uploaded ${uploaded.filename}.`, isError: false });
      setTab('existing');
    } catch (error) {
      // The server's own sentence when it has one (unsupported, too large), else SPEC §8's.
      const isSpoken = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setAlert({
        title: editorMessages.unableToUploadFileTitle,
        text: isSpoken ? error.message : editorMessages.unableToUploadFile,
        isError: true,
      });
    }
  }

  function onTabKey(event: React.KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'existing' ? 'manage' : 'existing';
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <section className="file-manager" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="file-manager__title">
        Files
      </h2>
      <div role="tablist" aria-label="File manager" className="file-manager__tabs">
        {(
          [
            ['existing', 'Existing Files'],
            ['manage', 'Manage'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className="file-manager__tab"
            onClick={() => setTab(key)}
            onKeyDown={onTabKey}
          >
            {label}
          </button>
        ))}
      </div>
      <div role={alert?.isError ? 'alert' : 'status'} className="file-manager__alert">
        {alert ? (
          <p className={alert.isError ? 'notice notice--error' : 'notice'}>
            {alert.title ? <strong>{alert.title}: </strong> : null}
            {alert.text}
          </p>
        ) : null}
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel-existing`}
        aria-labelledby={`${id}-tab-existing`}
        hidden={tab !== 'existing'}
        className="file-manager__existing"
      >
        {files.length === 0 && !isLoading ? <p>No files yet. Upload one under Manage.</p> : null}
        <ul className="file-manager__grid">
          {files.map((file) => (
            <li key={file.id}>
              <FileTile
                file={file}
                isSelected={file.id === selectedId}
                onSelect={() => setSelectedId(file.id)}
              />
            </li>
          ))}
        </ul>
        {nextOffset !== null && files.length > 0 ? (
          <button
            type="button"
            className="button"
            disabled={isLoading}
            onClick={() => loadMore(nextOffset)}
          >
            Load More
          </button>
        ) : null}
        {selected ? (
          <FileDetail
            key={selected.id}
            file={selected}
            chooseLabel={chooseLabel}
            onChoose={onChoose}
            onRenamed={(renamed) => {
              setFiles((all) => all.map((f) => (f.id === renamed.id ? renamed : f)));
              setAlert({ text: `Renamed to ${renamed.filename}.`, isError: false });
            }}
            onDeleted={() => {
              setFiles((all) => all.filter((f) => f.id !== selected.id));
              setSelectedId(null);
              setAlert({ text: `Deleted ${selected.filename}.`, isError: false });
            }}
            onAlert={setAlert}
          />
        ) : null}
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel-manage`}
        aria-labelledby={`${id}-tab-manage`}
        hidden={tab !== 'manage'}
        className="file-manager__manage"
      >
        <div className="field">
          <label htmlFor={`${id}-upload`}>Upload File</label>
          <input
            id={`${id}-upload`}
            type="file"
            accept={acceptAttribute(accept)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <p className="field__hint">{uploadHint(accept)}</p>
        </div>
      </div>
    </section>
  );
}

/** One file of Existing Files: an image's thumbnail, or a document's or track's icon and size. */
export function FileTile({
  file,
  isSelected,
  onSelect,
}: {
  file: MediaFile;
  isSelected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      className="file-manager__file"
      aria-pressed={isSelected}
      onClick={onSelect}
    >
      {file.kind === 'image' ? (
        <img src={srcOf(file)} alt="" width={96} height={72} loading="lazy" />
      ) : (
        <FileIcon kind={file.kind} />
      )}
      <span className="file-manager__name">{file.filename}</span>
      {file.kind === 'image' ? null : (
        <span className="file-manager__size">{humanizeFileSize(file.byteSize)}</span>
      )}
    </button>
  );
}

/** A drawn symbol for a file without pixels; its name beside it says what it is. */
function FileIcon({ kind }: { kind: 'audio' | 'document' }) {
  return (
    <svg className="file-manager__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {kind === 'audio' ? (
        <path d="M9 18V5l11-2v13M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3Zm11-2a3 3 0 1 1-3-3 3 3 0 0 1 3 3Z" />
      ) : (
        <path d="M6 2h8l5 5v15H6ZM14 2v5h5M9 13h7M9 17h7" />
      )}
    </svg>
  );
}

/** The smallest rendition that still fills a thumbnail. */
function srcOf(file: MediaFile): string {
  const first = file.srcset.split(',')[0]?.trim().split(' ')[0];
  return first || file.src;
}

function FileDetail({
  file,
  chooseLabel,
  onChoose,
  onRenamed,
  onDeleted,
  onAlert,
}: {
  file: MediaFile;
  chooseLabel: string;
  onChoose: ((media: MediaFile) => void) | undefined;
  onRenamed: (file: MediaFile) => void;
  onDeleted: () => void;
  onAlert: (alert: Alert) => void;
}) {
  const id = useId();
  const [name, setName] = useState(file.filename);
  const [nameError, setNameError] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function rename() {
    if (!name.trim()) {
      setNameError(editorMessages.enterFileName);
      return;
    }
    setNameError('');
    setIsBusy(true);
    try {
      onRenamed(await api.renameMedia(file.id, name.trim()));
    } catch (error) {
      if (error instanceof ApiError && error.fields.filename) setNameError(error.fields.filename);
      else {
        onAlert({
          title: editorMessages.unableToRenameFileTitle,
          text: editorMessages.unableToRenameFile,
          isError: true,
        });
      }
    } finally {
      setIsBusy(false);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete ${file.filename}? Pages that show it will show nothing there.`)) {
      return;
    }
    setIsBusy(true);
    try {
      await api.deleteMedia(file.id);
      onDeleted();
    } catch (error) {
      onAlert({
        text: error instanceof ApiError ? error.message : editorMessages.somethingWentWrong,
        isError: true,
      });
      setIsBusy(false);
    }
  }

  return (
    <section className="file-detail" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>File Detail</h3>
      {file.kind === 'image' ? (
        <img src={file.src} alt={file.altText || ''} className="file-detail__preview" />
      ) : null}
      {file.kind === 'audio' ? (
        // biome-ignore lint/a11y/useMediaCaption: a merchant's own upload, previewed before use
        <audio controls preload="none" src={file.url} aria-label={`Play ${file.filename}`} />
      ) : null}
      <dl className="file-detail__facts">
        <dt>Name</dt>
        <dd>{file.filename}</dd>
        <dt>Size</dt>
        <dd>{humanizeFileSize(file.byteSize)}</dd>
        {file.kind === 'image' ? (
          <>
            <dt>Dimensions</dt>
            <dd>
              {file.width} × {file.height}
            </dd>
          </>
        ) : (
          <>
            <dt>Type</dt>
            <dd>{file.contentType}</dd>
          </>
        )}
      </dl>
      {onChoose ? (
        <button
          type="button"
          className="button button--primary"
          disabled={isBusy}
          onClick={() => onChoose(file)}
        >
          {chooseLabel}
        </button>
      ) : null}
      {/* Not a <form>: the file manager is often shown inside another form (page settings),
          and forms cannot nest. Enter in the name field renames, as a form would. */}
      <div className="file-detail__rename">
        <div className="field">
          <label htmlFor={`${id}-name`}>File name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={200}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              void rename();
            }}
          />
          {nameError ? (
            <p id={`${id}-name-error`} className="notice notice--error">
              {nameError}
            </p>
          ) : null}
        </div>
        <button type="button" className="button" disabled={isBusy} onClick={rename}>
          Rename
        </button>
      </div>
      <button type="button" className="button" disabled={isBusy} onClick={remove}>
        Delete
      </button>
    </section>
  );
}
