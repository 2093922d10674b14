import { editorMessages } from '@atelier/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError, api } from './api/client.ts';
import { PAGE_STATUS_LABELS, type PageSummary } from './api/contract.ts';

/** Pages in main-navigation order: open, add, delete. Rename is in the page's settings. */
export function PagesPanel({
  openPageId,
  listVersion,
  onOpen,
  onDeleted,
}: {
  openPageId: string | null;
  listVersion: number;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  const titleId = useId();
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: listVersion and reload are refresh signals
  useEffect(() => {
    api
      .pages()
      .then((result) => setPages(result.pages))
      .catch(() => setMessage({ text: editorMessages.unableToLoadResults, isError: true }));
  }, [listVersion, reload]);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return;
    try {
      const page = await api.addPage(title.trim());
      setTitle('');
      setMessage({ text: `Added ${page.title}.`, isError: false });
      setReload((v) => v + 1);
      onOpen(page.id);
    } catch (error) {
      setMessage({
        text: error instanceof ApiError ? error.message : editorMessages.somethingWentWrong,
        isError: true,
      });
    }
  }

  async function remove(page: PageSummary) {
    if (!window.confirm(`Delete the page “${page.title}”? This cannot be undone.`)) return;
    try {
      await api.deletePage(page.id);
      setMessage({ text: `Deleted ${page.title}.`, isError: false });
      onDeleted(page.id);
      setReload((v) => v + 1);
    } catch (error) {
      setMessage({
        text: error instanceof ApiError ? error.message : editorMessages.somethingWentWrong,
        isError: true,
      });
    }
  }

  return (
    <nav className="pages-panel" aria-labelledby={`${titleId}-heading`}>
      <h2 id={`${titleId}-heading`}>Pages</h2>
      <p className={message?.isError ? 'notice notice--error' : 'notice'} role="status">
        {message?.text ?? ''}
      </p>
      {pages === null ? (
        <p>Loading…</p>
      ) : (
        <ul className="pages-panel__list">
          {pages.map((page) => (
            <li key={page.id} className="pages-panel__item">
              <button
                type="button"
                className="pages-panel__open"
                aria-current={page.id === openPageId ? 'page' : undefined}
                onClick={() => onOpen(page.id)}
              >
                <span className="pages-panel__title">{page.title}</span>
                <span className="pages-panel__meta">
                  /{page.urlSlug} · {PAGE_STATUS_LABELS[page.status]}
                  {page.hasUnpublishedChanges && page.status === 'published'
                    ? ' · unpublished changes'
                    : ''}
                </span>
              </button>
              {page.urlSlug === '' ? null : (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Delete ${page.title}`}
                  onClick={() => remove(page)}
                >
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="pages-panel__add" onSubmit={add}>
        <div className="field">
          <label htmlFor={titleId}>New page title</label>
          <input id={titleId} value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <button type="submit" className="button">
          Add page
        </button>
      </form>
    </nav>
  );
}
