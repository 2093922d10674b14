import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { IconButton } from './Button.tsx';
import { Icon, type IconName } from './icons.tsx';

export type ShellNavItem<K extends string> = { key: K; label: string; icon: IconName };

/**
 * Every /config screen's frame: a left navigation (the landmark "Admin"), a top bar with
 * the screen's title, and the main region. At 600 px and narrower the navigation folds
 * behind a Menu button (a disclosure: aria-expanded, aria-controls) and folds again once
 * an item is chosen. Items are buttons marked aria-current: the screens are views of one
 * app, not addresses.
 */
export function AppShell<K extends string>({
  productName,
  items,
  current,
  onNavigate,
  title,
  topBarActions,
  navFooter,
  children,
}: {
  productName: string;
  items: ShellNavItem<K>[];
  /** null: no screen is open (a role with none to open). */
  current: K | null;
  onNavigate: (key: K) => void;
  /** The current screen's name, shown in the top bar. */
  title: string;
  topBarActions?: ReactNode;
  /** Below the items: links out and the account. */
  navFooter?: ReactNode;
  children: ReactNode;
}) {
  const navId = useId();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);

  // Escape folds the phone menu, as it would any disclosure over the content, and focus
  // goes back to the Menu button rather than to a link now out of sight.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  return (
    <div className="app-shell">
      <div
        id={navId}
        className={`app-shell__sidebar${isMenuOpen ? ' app-shell__sidebar--open' : ''}`}
      >
        <p className="app-shell__brand">
          <span className="app-shell__logo" aria-hidden="true">
            {productName.slice(0, 1)}
          </span>
          {productName}
        </p>
        <nav className="app-shell__nav" aria-label="Admin">
          <ul className="app-shell__nav-list">
            {items.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  className="app-shell__nav-item"
                  aria-current={item.key === current ? 'page' : undefined}
                  onClick={() => {
                    onNavigate(item.key);
                    // From the phone menu, the item folds away with it: start on the screen.
                    if (isMenuOpen) {
                      setIsMenuOpen(false);
                      main.current?.focus();
                    }
                  }}
                >
                  <Icon name={item.icon} />
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
          {navFooter ? <div className="app-shell__nav-bottom">{navFooter}</div> : null}
        </nav>
      </div>
      <div className="app-shell__content">
        <header className="app-shell__topbar">
          <IconButton
            ref={menuButton}
            className="app-shell__menu-button"
            label="Menu"
            icon={<Icon name={isMenuOpen ? 'close' : 'menu'} />}
            variant="secondary"
            aria-expanded={isMenuOpen}
            aria-controls={navId}
            onClick={() => setIsMenuOpen((open) => !open)}
          />
          <p className="app-shell__crumb">
            <span aria-hidden="true">{productName}</span>
            <span aria-hidden="true">/</span>
            <strong>{title}</strong>
          </p>
          {topBarActions ? <div className="app-shell__topbar-actions">{topBarActions}</div> : null}
        </header>
        <main className="app-shell__main" id="editor-main" ref={main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** A link in the navigation's footer (View site), styled as a nav item. */
export function ShellLink({
  href,
  icon,
  children,
  isExternal = false,
}: {
  href: string;
  icon: IconName;
  children: ReactNode;
  isExternal?: boolean;
}) {
  return (
    <a
      className="app-shell__nav-item"
      href={href}
      {...(isExternal ? { target: '_blank', rel: 'noopener' } : {})}
    >
      <Icon name={icon} />
      {children}
      {isExternal ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
