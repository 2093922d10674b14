import { createContext, useContext, useId } from 'react';

// An island hydrates as its own React root, so `useId` inside it counts from that root in
// the browser but from the whole page on the server: the ids differ, React keeps the
// server's in the DOM, and every label, aria-describedby or aria-labelledby made after
// hydration points at an id that does not exist. The server's Island picks one base per
// island (unique on the page) and writes it beside the props; the browser hands the same
// base to the island's root here, so ids built from it agree on both sides.

export const IslandIdContext = createContext<string | null>(null);

/**
 * An id for one part of an island, the same in the server's HTML and after hydration.
 * Outside an island (the editor, unit tests) it falls back to React's own id.
 */
export function useIslandId(part: string): string {
  const fallback = useId();
  const base = useContext(IslandIdContext);
  return base ? `${base}-${part}` : `${fallback}${part}`;
}
