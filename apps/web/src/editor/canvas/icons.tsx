// The canvas toolbars' icons: drawn here, since no icon font or emoji can be relied on.
// Decorative: every button that shows one carries its own accessible name.

const paths = {
  drag: 'M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01',
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  duplicate: 'M9 9h10v10H9zM5 15V5h10',
  settings: 'M4 7h10M18 7h2M4 17h2M10 17h10M14 5v4M6 15v4',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  addAbove: 'M12 11V3M8 7l4-4 4 4M4 14h16v7H4z',
  addBelow: 'M12 13v8M8 17l4 4 4-4M4 3h16v7H4z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'drag' ? 3.2 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
