import type { ReactNode } from 'react';

/**
 * A real link to a /config address (open in a new tab, copy the address, share it) that
 * opens in the app, without a page load, on a plain click.
 */
export function AppLink({
  href,
  onOpen,
  className,
  children,
}: {
  href: string;
  onOpen: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (event.button !== 0) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}
