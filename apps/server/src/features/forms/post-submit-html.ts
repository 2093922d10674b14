import sanitizeHtml from 'sanitize-html';

// The HTML a form shows after a successful submit is the owner's, but visitors' browsers
// run it, so it is reduced on every write to basic formatting, links and images. Links and
// images keep only http(s) or same-site addresses: no javascript:, data: or '//host'.

const SAFE_URL = /^(?:https?:\/\/|\/(?![/\\])|#|\?|[\w.-]+(?:\/|$))/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'img',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      if (!SAFE_URL.test(href)) return { tagName: 'span', attribs: {} };
      const attributes: Record<string, string> = { href };
      if (attribs.title) attributes.title = attribs.title;
      if (attribs.target === '_blank') {
        attributes.target = '_blank';
        attributes.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: attributes };
    },
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !SAFE_URL.test((frame.attribs.src ?? '').trim()),
};

/** Post-submit HTML as it may be stored and shown; empty after cleaning means none. */
export function sanitizePostSubmitHtml(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, options).trim();
  return clean === '' ? null : clean;
}
