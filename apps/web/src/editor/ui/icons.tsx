// Line icons for the admin (24×24, stroked with currentColor). Always decorative: the
// button or link that shows one carries the name.

const PATHS = {
  pages: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  layout: 'M4 4h16v16H4zM4 9h16M4 15h16',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
  code: 'm8 8-4 4 4 4M16 8l4 4-4 4M14 5l-4 14',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
  signOut: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11',
  plus: 'M12 5v14M5 12h14',
  sortUp: 'm7 14 5-5 5 5',
  sortDown: 'm7 10 5 5 5-5',
  sortNone: 'm8 9 4-4 4 4M8 15l4 4 4-4',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 11v5M12 8h.01',
  file: 'M6 2h8l5 5v15H6ZM14 2v5h5',
  tag: 'M3 12V4h8l10 10-8 8ZM7.5 8.5h.01',
  lock: 'M5 11h14v10H5zM8 11V7.5a4 4 0 0 1 8 0V11',
  chart: 'M4 20h16M7 16v-5M12 16V6M17 16v-8',
  arrowUp: 'M12 19V5M6 11l6-6 6 6',
  arrowDown: 'M12 5v14M6 13l6 6 6-6',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  palette:
    'M12 3a9 9 0 1 0 0 18c1.1 0 1.6-.8 1.6-1.6 0-1-.9-1.3-.9-2.2 0-.8.6-1.3 1.4-1.3H16a5 5 0 0 0 5-5c0-4.3-4-7.9-9-7.9ZM7.5 12h.01M9.5 7.5h.01M14.5 7.5h.01',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={`ui-icon ${className ?? ''}`.trim()}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
