import { canOpenSettings, type SessionState } from '@atelier/contract';
import { editorMessages, Role } from '@atelier/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError, api } from './api/client.ts';
import { HeaderFooterEditor } from './HeaderFooterEditor.tsx';
import { PageEditor } from './PageEditor.tsx';
import { PagesPanel } from './PagesPanel.tsx';
import { SignInScreen } from './SignInScreen.tsx';
import { SettingsScreen } from './settings/SettingsScreen.tsx';

/** CodeMirror is large: developer mode is its own chunk, fetched when an admin opens it. */
const DeveloperPanel = lazy(() => import('./DeveloperPanel.tsx'));

/** The editor at /config: who is signed in decides the screen. */
export function EditorApp() {
  const [session, setSession] = useState<SessionState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    api
      .session()
      .then(setSession)
      .catch((error: unknown) =>
        setLoadError(error instanceof ApiError ? error.message : editorMessages.somethingWentWrong),
      );
  }, []);
  useEffect(load, [load]);

  if (loadError) {
    return (
      <main className="sign-in">
        <h1>Atelier editor</h1>
        <p role="alert">{loadError}</p>
        <button type="button" className="button" onClick={load}>
          {editorMessages.tryAgain}
        </button>
      </main>
    );
  }
  if (!session) {
    return (
      <main className="sign-in" aria-busy="true">
        <h1>Atelier editor</h1>
        <p>Loading…</p>
      </main>
    );
  }
  if (session.state !== 'signed-in' || !session.member) {
    return <SignInScreen isFirstVisit={session.state === 'needs-owner'} onSignedIn={setSession} />;
  }
  return <Workspace session={session} onSignedOut={load} />;
}

function Workspace({ session, onSignedOut }: { session: SessionState; onSignedOut: () => void }) {
  const [openPageId, setOpenPageId] = useState<string | null>(null);
  // Bumped after a page changes so the list shows its new title and status.
  const [listVersion, setListVersion] = useState(0);
  const member = session.member!;
  const roleName = member.role === Role.admin ? 'Administrator' : 'Editor';
  // Developer mode is the admin's alone (the server refuses anyone else too).
  const canUseDeveloperMode = member.role === Role.admin;
  const [isDeveloperMode, setIsDeveloperMode] = useState(false);
  // Once opened, the panel stays mounted (hidden) so unsaved template text survives a visit
  // to the pages.
  const [hasOpenedDeveloperMode, setHasOpenedDeveloperMode] = useState(false);
  // Settings are the admin's: editors never see the button (and the server refuses them).
  const [isSettings, setIsSettings] = useState(false);
  // The header & footer screen takes the place of the page editor until a page is opened.
  const [isHeaderFooter, setIsHeaderFooter] = useState(false);

  async function signOut() {
    await api.signOut().catch(() => undefined);
    onSignedOut();
  }

  return (
    <div className="workspace">
      <header className="workspace__header">
        <p className="workspace__brand">Atelier editor</p>
        <p className="workspace__who">
          {member.email} · {roleName}
        </p>
        {canUseDeveloperMode && (
          <button
            type="button"
            className="button"
            aria-pressed={isDeveloperMode}
            onClick={() => {
              setHasOpenedDeveloperMode(true);
              setIsDeveloperMode((on) => !on);
            }}
          >
            Developer
          </button>
        )}
        <button
          type="button"
          className="button"
          aria-pressed={isHeaderFooter}
          onClick={() => {
            setIsDeveloperMode(false);
            setIsHeaderFooter((on) => !on);
          }}
        >
          Header &amp; footer
        </button>
        {canOpenSettings(member.role) ? (
          <button
            type="button"
            className="button"
            aria-pressed={isSettings}
            onClick={() => {
              setIsDeveloperMode(false);
              setIsSettings((on) => !on);
            }}
          >
            Settings
          </button>
        ) : null}
        <a className="button" href="/" target="_blank" rel="noopener">
          View site
        </a>
        <button type="button" className="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      {/* Hidden rather than unmounted, so the page being edited is kept as it was. */}
      <div className="workspace__body" hidden={isDeveloperMode}>
        <PagesPanel
          openPageId={openPageId}
          listVersion={listVersion}
          onOpen={(id) => {
            setIsHeaderFooter(false);
            setIsSettings(false);
            setOpenPageId(id);
          }}
          onDeleted={(id) => {
            if (id === openPageId) setOpenPageId(null);
          }}
        />
        <main className="workspace__main" id="editor-main">
          {isSettings ? (
            <SettingsScreen />
          ) : isHeaderFooter ? (
            <HeaderFooterEditor />
          ) : openPageId ? (
            <PageEditor
              key={openPageId}
              pageId={openPageId}
              onChanged={() => setListVersion((v) => v + 1)}
              onClose={() => setOpenPageId(null)}
            />
          ) : (
            <div className="empty-state">
              <h1>Pages</h1>
              <p>Choose a page to edit, or add a new one.</p>
            </div>
          )}
        </main>
      </div>
      {hasOpenedDeveloperMode && (
        <main className="workspace__main" id="developer-main" hidden={!isDeveloperMode}>
          <Suspense fallback={<p aria-busy="true">Loading developer mode…</p>}>
            <DeveloperPanel />
          </Suspense>
        </main>
      )}
    </div>
  );
}
