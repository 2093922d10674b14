import type { MediaFile } from '@atelier/contract';
import { editorMessages, formatMegabytes, humanizeFileSize } from '@atelier/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { useCan } from '../capabilities.tsx';
import { Button, ConfirmDialog, EmptyState, Skeleton, Tabs, TextField } from '../ui/index.ts';
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
  isScreen = false,
}: {
  /** Called with the file the person chose; without it, the manager only manages. */
  onChoose?: (media: MediaFile) => void;
  chooseLabel?: string;
  accept?: FileAccept;
  /** The Files screen itself: its title is the screen's h1. */
  isScreen?: boolean;
}) {
  const id = useId();
  const can = useCan();
  const [tab, setTab] = useState<'existing' | 'manage'>('existing');
  const [files, setFiles] = useState<MediaFile[]>([]);
  const [nextOffset, setNextOffset] = useState<number | null>(0);
  const [isLoading, setIsLoading] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [alert, setAlert] = useState<Alert | null>(null);

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

  const Title = isScreen ? 'h1' : 'h2';
  // Upload is files.upload (a draft editor has it); rename and delete files.manage.
  const canUpload = can('files.upload');
  const existing = (
    <div className="file-manager__existing">
      {files.length === 0 && isLoading ? <Skeleton lines={2} label="Loading files…" /> : null}
      {files.length === 0 && !isLoading ? (
        <EmptyState title="No files yet">
          Upload images, documents or audio under Manage, then use them on any page.
        </EmptyState>
      ) : null}
      <div className="file-manager__browser">
        <div>
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
            <Button disabled={isLoading} onClick={() => loadMore(nextOffset)}>
              Load More
            </Button>
          ) : null}
        </div>
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
    </div>
  );

  return (
    <section
      className={`file-manager${isScreen ? ' file-manager--screen' : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <Title id={`${id}-title`} className="file-manager__title">
        Files
      </Title>
      {isScreen ? (
        <p className="screen-header__lead">
          Images, documents and audio for your pages. Renaming never changes a file’s address.
        </p>
      ) : null}
      <div role={alert?.isError ? 'alert' : 'status'} className="file-manager__alert">
        {alert ? (
          <p className={alert.isError ? 'notice notice--error' : 'notice'}>
            {alert.title ? <strong>{alert.title}: </strong> : null}
            {alert.text}
          </p>
        ) : null}
      </div>
      <Tabs
        label="File manager"
        keepMounted
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'existing', label: 'Existing Files', content: existing },
          ...(canUpload
            ? [
                {
                  value: 'manage' as const,
                  label: 'Manage',
                  content: (
                    <div className="file-manager__manage">
                      <div className="field">
                        <label htmlFor={`${id}-upload`}>Upload File</label>
                        <input
                          id={`${id}-upload`}
                          type="file"
                          accept={acceptAttribute(accept)}
                          aria-describedby={`${id}-upload-hint`}
                          onChange={(event) => {
                            const file = event.target.files?.[0];
                            event.target.value = '';
                            if (file) void upload(file);
                          }}
                        />
                        <p className="field__hint" id={`${id}-upload-hint`}>
                          {uploadHint(accept)}
                        </p>
                      </div>
                    </div>
                  ),
                },
              ]
            : []),
        ]}
      />
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
  const canManage = useCan()('files.manage');
  const [isBusy, setIsBusy] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);

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
    setIsBusy(true);
    try {
      await api.deleteMedia(file.id);
      setIsConfirming(false);
      onDeleted();
    } catch (error) {
      setIsConfirming(false);
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
        <Button variant="primary" disabled={isBusy} onClick={() => onChoose(file)}>
          {chooseLabel}
        </Button>
      ) : null}
      {/* Not a <form>: the file manager is often shown inside another form (page settings),
          and forms cannot nest. Enter in the name field renames, as a form would. */}
      {canManage ? (
        <>
          <div className="file-detail__rename">
            <TextField
              label="File name"
              value={name}
              maxLength={200}
              error={nameError || undefined}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                void rename();
              }}
            />
            <Button disabled={isBusy} onClick={rename}>
              Rename
            </Button>
          </div>
          <Button
            variant="quiet"
            className="file-detail__delete"
            disabled={isBusy}
            onClick={() => setIsConfirming(true)}
          >
            Delete
          </Button>
        </>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Delete ${file.filename}?`}
        description="Pages that show it will show nothing there. This cannot be undone."
        confirmLabel="Delete file"
        isBusy={isBusy}
        onConfirm={() => void remove()}
      />
    </section>
  );
}
