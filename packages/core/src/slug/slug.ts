/** Store url ids from titles (SPEC §5): readable, unique within the site, never too short. */

export const MIN_SLUG_LENGTH = 3;

/** Lower-case ASCII words joined by hyphens; accents are dropped, not the letters under them. */
export const slugify = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * A title that slugifies to under 3 characters (say 'A' or a title in a non-Latin script)
 * uses the fallback title instead; a clash with a taken id adds -1, -2, … until free.
 */
export const generateUrlId = ({
  title,
  fallbackTitle,
  takenIds,
}: {
  title: string;
  fallbackTitle: string;
  takenIds: ReadonlySet<string>;
}): string => {
  const fromTitle = slugify(title);
  const base = fromTitle.length >= MIN_SLUG_LENGTH ? fromTitle : slugify(fallbackTitle);
  if (!takenIds.has(base)) return base;
  for (let suffix = 1; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!takenIds.has(candidate)) return candidate;
  }
};
