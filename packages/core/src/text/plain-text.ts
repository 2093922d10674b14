// The words of stored rich text (sanitized HTML: a product description) for places that
// take plain text: a meta description, structured data, a CSV cell. Tags become spaces
// and the entities a sanitizer writes are decoded; it is not an HTML parser and must
// only be given HTML that has been through the server's sanitizer.

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  nbsp: ' ',
};

/** Plain text of sanitized HTML, cut at a word to at most `maxLength` characters. */
export function plainTextOf(html: string, maxLength = Number.POSITIVE_INFINITY): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
