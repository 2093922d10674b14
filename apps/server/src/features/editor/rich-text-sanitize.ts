import {
  type Block,
  EMBED_FRAME_SOURCES,
  RICH_TEXT_ALIGNMENTS,
  RICH_TEXT_COLOURS,
  type RichTextNode,
} from '@atelier/contract';
import { isSafeHref, linkMessages, URL_MAX_LENGTH } from '@atelier/core';
import sanitizeHtml from 'sanitize-html';
import { fail } from '../../http/errors.ts';

// The one gate between what an editor's browser sends and what visitors' browsers run.
// Rich text and embed HTML are reduced to allowlists here on every draft save; the
// storefront then inserts the stored HTML as is. Never loosen an allowlist without a test
// in rich-text-sanitize.test.ts that feeds the attack it might let through.

const hexToRgb = (hex: string): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A colour is kept only if it is one of the palette's, written as hex or as the rgb() a
// browser may turn it into. sanitize-html matches these against the whole declared value.
const ALLOWED_COLOURS = RICH_TEXT_COLOURS.flatMap(({ value }) => [
  new RegExp(`^${escapeRegExp(value)}$`, 'i'),
  new RegExp(`^${escapeRegExp(hexToRgb(value))}$`, 'i'),
]);
const ALLOWED_ALIGNMENT = [new RegExp(`^(?:${RICH_TEXT_ALIGNMENTS.join('|')})$`)];
const ALIGNABLE = ['p', 'h2', 'h3', 'h4'] as const;

const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'br',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['style'],
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ['style']])),
  },
  allowedStyles: {
    span: { color: ALLOWED_COLOURS },
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, { 'text-align': ALLOWED_ALIGNMENT }])),
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Tags outside the list go with their content only for script-like tags (sanitize-html's
  // nonTextTags); for the rest (an <svg>, a <div>) their text stays and the tag goes.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      // Core's rule on top of sanitize-html's scheme list: no '//host', no other hosts
      // disguised with control characters, nothing over the URL length limit.
      // A link left with no safe address is plain text, not a dead <a>.
      if (!isSafeHref(href)) return { tagName: 'span', attribs: {} };
      const attributes: Record<string, string> = { href };
      if (attribs.target === '_blank') {
        attributes.target = '_blank';
        attributes.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: attributes };
    },
  },
};

/** Rich text (the text block's `html`) reduced to the tags, links and styles it may use. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richTextOptions);
}

// The editor reloads `doc`, never `html`, so the document is held to the same rules: only
// the nodes and marks the editor makes, links only with safe addresses, colours only from
// the palette. A page could otherwise carry a javascript: link back into the editor.
const DOC_NODES = new Set([
  'doc',
  'paragraph',
  'heading',
  'text',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'hardBreak',
]);
const DOC_MARKS = new Set(['bold', 'italic', 'underline', 'strike', 'link', 'textStyle']);
const PALETTE = new Set(RICH_TEXT_COLOURS.map(({ value }) => value.toLowerCase()));
const ALIGNMENTS = new Set<string>(RICH_TEXT_ALIGNMENTS);

type DocMark = NonNullable<RichTextNode['marks']>[number];

function sanitizeMark(mark: DocMark): DocMark | null {
  if (!DOC_MARKS.has(mark.type)) return null;
  if (mark.type === 'link') {
    const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href : '';
    if (!isSafeHref(href)) return null;
    const isNewWindow = mark.attrs?.target === '_blank';
    return {
      type: 'link',
      attrs: {
        href,
        target: isNewWindow ? '_blank' : null,
        rel: isNewWindow ? 'noopener noreferrer' : null,
      },
    };
  }
  if (mark.type === 'textStyle') {
    const colour = typeof mark.attrs?.color === 'string' ? mark.attrs.color.toLowerCase() : '';
    return PALETTE.has(colour) ? { type: 'textStyle', attrs: { color: colour } } : null;
  }
  return { type: mark.type };
}

/** A rich-text document reduced to what the editor itself can make (see above). */
export function sanitizeRichTextDoc(node: RichTextNode): RichTextNode | null {
  if (!DOC_NODES.has(node.type)) return null;
  const clean: RichTextNode = { type: node.type };
  if (node.type === 'heading') {
    const level = node.attrs?.level;
    clean.attrs = { level: level === 3 || level === 4 ? level : 2 };
  }
  const align = node.attrs?.textAlign;
  if ((node.type === 'heading' || node.type === 'paragraph') && typeof align === 'string') {
    if (ALIGNMENTS.has(align)) clean.attrs = { ...clean.attrs, textAlign: align };
  }
  if (node.type === 'orderedList' && typeof node.attrs?.start === 'number') {
    clean.attrs = { start: Math.max(1, Math.trunc(node.attrs.start)) };
  }
  if (node.type === 'text') {
    // ProseMirror refuses empty text nodes, so one would break the editor's load.
    if (!node.text) return null;
    clean.text = node.text;
  }
  const marks = (node.marks ?? []).flatMap((mark) => sanitizeMark(mark) ?? []);
  if (marks.length > 0) clean.marks = marks;
  if (node.content) {
    clean.content = node.content.flatMap((child) => sanitizeRichTextDoc(child) ?? []);
  }
  return clean;
}

const EMPTY_DOC: RichTextNode = { type: 'doc', content: [{ type: 'paragraph' }] };

function isAllowedFrameSource(src: string | undefined): boolean {
  if (!src || src.length > URL_MAX_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    EMBED_FRAME_SOURCES.some(
      ({ host, path }) => url.hostname === host && url.pathname.startsWith(path),
    )
  );
}

/**
 * Embed code reduced to iframes from EMBED_FRAME_SOURCES, sandboxed, lazily loaded and
 * named for screen readers. Everything else — scripts, other hosts, event handlers,
 * `srcdoc` — is dropped.
 */
export function sanitizeEmbedHtml(
  html: string,
  options: { title?: string | undefined } = {},
): string {
  const title = options.title?.trim() || 'Embedded content';
  return sanitizeHtml(html, {
    allowedTags: ['iframe'],
    allowedAttributes: {
      iframe: [
        'src',
        'width',
        'height',
        'title',
        'allow',
        'allowfullscreen',
        'loading',
        'sandbox',
        'referrerpolicy',
      ],
    },
    allowedSchemes: ['https'],
    allowProtocolRelative: false,
    allowedIframeHostnames: EMBED_FRAME_SOURCES.map(({ host }) => host),
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'discard',
    // Text around the frames (an embed snippet's "Watch on…" links) is not kept.
    textFilter: () => '',
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedFrameSource(frame.attribs.src),
    transformTags: {
      iframe: (tagName, attribs) => {
        const size = (value: string | undefined) =>
          value && /^\d{1,4}%?$/.test(value) ? value : undefined;
        const width = size(attribs.width);
        const height = size(attribs.height);
        return {
          tagName,
          attribs: {
            src: attribs.src ?? '',
            title,
            ...(width && { width }),
            ...(height && { height }),
            // The players need scripts and their own origin; the sandbox still keeps them
            // from navigating the page or opening forms on it.
            sandbox: 'allow-scripts allow-same-origin allow-popups allow-presentation',
            allow: 'encrypted-media; fullscreen; picture-in-picture',
            allowfullscreen: '',
            loading: 'lazy',
            referrerpolicy: 'strict-origin-when-cross-origin',
          },
        };
      },
    },
  });
}

/**
 * A draft's blocks as they may be stored: rich text and embeds sanitized, and every block href checked by core's
 * rule. An unsafe href is a 400 with the link editor's message rather than a silent change,
 * so the person sees which link was refused.
 */
export function sanitizeBlocks(blocks: Block[]): Block[] {
  return blocks.map((block): Block => {
    switch (block.type) {
      case 'text':
        return {
          ...block,
          doc: sanitizeRichTextDoc(block.doc) ?? EMPTY_DOC,
          html: sanitizeRichText(block.html),
        };
      case 'embed':
        return { ...block, html: sanitizeEmbedHtml(block.html, { title: block.title }) };
      case 'button':
        if (!isSafeHref(block.href.trim())) {
          throw fail('LINK_INVALID', linkMessages.linkFormat, { href: linkMessages.linkFormat });
        }
        return { ...block, href: block.href.trim() };
      default:
        return block;
    }
  });
}
