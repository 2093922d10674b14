// Content formatters: images and their metadata, colours, sizes, item classes, audio
// and video snippets (§5). Snippet markup follows the platform's exactly.

import { escapeAttr, escapeHtml, truncate } from '../formatters-core.ts';
import { resolvePath } from '../paths.ts';
import type { Ctx, Formatter } from '../types.ts';
import { emitText, getKey, isObject, isTruthy, toNumber, type Value } from '../values.ts';
import { isOnSale, isSoldOut } from './commerce-model.ts';

const ALT_LIMIT = 250;

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-');
}

function rootValue(ctx: Ctx, head: string): Value {
  return resolvePath(ctx, { kind: 'node', head, rest: [], text: head });
}

/** Alt text of an image: title, else the body's text (tags become spaces), else filename. */
export function altText(item: Value): string {
  const title = getKey(item, 'title');
  if (typeof title === 'string' && title.trim() !== '') return title;
  const body = getKey(item, 'body');
  if (typeof body === 'string' && body.trim() !== '')
    return truncate(body.replace(/<[^>]*>/g, ' '), ALT_LIMIT, '');
  const filename = getKey(item, 'filename');
  return typeof filename === 'string' ? filename : '';
}

function focalPoint(item: Value): string {
  const fp = getKey(item, 'mediaFocalPoint');
  const x = getKey(fp, 'x');
  const y = getKey(fp, 'y');
  return `${x === undefined ? 0.5 : emitText(x)},${y === undefined ? 0.5 : emitText(y)}`;
}

export function imageMeta(item: Value, alt?: string): string {
  if (!isObject(item)) return '';
  const url = emitText(getKey(item, 'assetUrl'));
  let out = '';
  if (getKey(item, 'licensedAssetPreview') !== undefined)
    out += 'data-licensed-asset-preview="true" ';
  out += `data-src="${url}" data-image="${url}" data-image-dimensions="${emitText(getKey(item, 'originalSize'))}" `;
  out += `data-image-focal-point="${focalPoint(item)}" alt="${escapeAttr(alt ?? altText(item))}"`;
  return out;
}

function parseSize(v: Value): [number, number] | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d+)x(\d+)$/.exec(v.trim());
  return m === null ? null : [Number(m[1]), Number(m[2])];
}

export function thumbnailWidth(w: number): string {
  for (const t of [100, 300, 500, 750, 1000, 1500]) if (w <= t) return `${t}w`;
  return '2500w';
}

function hexOf(s: string): number | null {
  let h = s.trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{3}$/.test(h)) h = h.replace(/./g, (c) => c + c);
  return /^[0-9a-fA-F]{6}$/.test(h) ? Number.parseInt(h, 16) : null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'];

export const CONTENT_FORMATTERS: Record<string, Formatter> = {
  AbsUrl: (ctx, _call, [v]) => `${emitText(rootValue(ctx, 'base-url'))}/${emitText(v)}`,
  capitalize: (_ctx, _call, [v]) => emitText(v).toUpperCase(),
  'audio-player': (_ctx, _call, [v]) => {
    const id = emitText(getKey(v, 'id'));
    const url = emitText(getKey(getKey(v, 'structuredContent'), 'audioAssetUrl'));
    return (
      `<script>Y.use('squarespace-audio-player-frontend');</script>\n` +
      `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
    );
  },
  'child-image-meta': (_ctx, call, [v]) => {
    const items = getKey(v, 'items');
    const i = call.args.length > 0 ? toNumber(call.args[0]) : 0;
    return Array.isArray(items) && Number.isInteger(i) ? imageMeta(items[i]) : '';
  },
  'cover-image-meta': (_ctx, _call, [v]) => imageMeta(getKey(v, 'coverImage')),
  'image-meta': (_ctx, _call, [v]) => imageMeta(v),
  image: (ctx, call, [v]) => {
    if (!isObject(v)) return '';
    const cls = call.args.length > 0 ? call.args[0]! : 'thumb-image';
    const url = emitText(getKey(v, 'assetUrl'));
    const altRaw = getKey(v, 'altText');
    const alt = escapeAttr(
      typeof altRaw === 'string' && toNumber(rootValue(ctx, 'blockType')) === 5
        ? altRaw
        : altText(v),
    );
    const key = getKey(v, 'componentKey');
    let out = `<noscript><img src="${url}" alt="${alt}" /></noscript>`;
    out += `<img class="${cls}" `;
    if (key !== undefined) out += `data-component-key="${emitText(key)}" `;
    out += `data-src="${url}" data-image="${url}" data-image-dimensions="${emitText(getKey(v, 'originalSize'))}" `;
    out += `data-image-focal-point="${focalPoint(v)}" alt="${alt}" data-load="false" `;
    out += `data-image-id="${emitText(getKey(v, 'id'))}" data-type="image" />`;
    return out;
  },
  'image-srcset': (_ctx, _call, [v]) => {
    const variants = getKey(v, 'systemDataVariants');
    if (typeof variants !== 'string') return '';
    const url = emitText(getKey(v, 'assetUrl'));
    const widths = variants.split(',').filter((s) => /^\d+w$/.test(s));
    const parts = widths.map((w) => `${url}?format=${w} ${w}`);
    if (!widths.includes('2500w') && /^\d+x\d+$/.test(variants.split(',')[0] ?? '')) {
      parts.push(`${url}?format=original 2500w`);
    }
    return `srcset="${parts.join(',')}"`;
  },
  'image-color': (_ctx, call, [v]) => {
    const data = getKey(v, 'colorData');
    if (call.args.length === 0) {
      return POSITIONS.filter((p) => getKey(data, `${p}Average`) !== undefined)
        .map((p) => `data-color-${p}="#${emitText(getKey(data, `${p}Average`))}"`)
        .join(' ');
    }
    const pos = call.args[0]!;
    const color = getKey(data, `${pos}Average`);
    if (color === undefined) return `"${pos}" not found.`;
    return call.args.length > 1 ? `${call.args[1]}: #${emitText(color)}` : `#${emitText(color)}`;
  },
  'color-weight': (_ctx, _call, [v]) => {
    const n = hexOf(emitText(v));
    if (n === null) return '';
    return n > 0xffffff / 2 ? 'light' : 'dark';
  },
  'website-color': (_ctx, _call, [v]) => {
    const h = getKey(v, 'hue');
    const s = getKey(v, 'saturation');
    const l = getKey(v, 'lightness');
    if (typeof h !== 'number' || typeof s !== 'number' || typeof l !== 'number')
      return 'Missing an H/S/L value.';
    const a = getKey(v, 'alpha');
    const alpha = typeof a === 'number' ? a : 1;
    const errs: string[] = [];
    if (h < 0 || h > 360) errs.push('Hue out of bounds.');
    if (s < 0 || s > 1) errs.push('Saturation out of bounds.');
    if (l < 0 || l > 1) errs.push('Lightness out of bounds.');
    if (alpha < 0 || alpha > 1) errs.push('Alpha out of bounds.');
    if (errs.length > 0) return errs.join(' ');
    return `hsla(${round2(h)}, ${round2(s * 100)}%, ${round2(l * 100)}%, ${round2(alpha)})`;
  },
  height: (_ctx, _call, [v]) => parseSize(v)?.[1] ?? undefined,
  width: (_ctx, _call, [v]) => parseSize(v)?.[0] ?? undefined,
  resizedHeightForWidth: (_ctx, call, [v]) => {
    const s = parseSize(v);
    return s === null ? undefined : Math.floor((s[1] * toNumber(call.args[0])) / s[0]);
  },
  resizedWidthForHeight: (_ctx, call, [v]) => {
    const s = parseSize(v);
    return s === null ? undefined : Math.floor((s[0] * toNumber(call.args[0])) / s[1]);
  },
  squarespaceThumbnailForWidth: (_ctx, call) => thumbnailWidth(toNumber(call.args[0])),
  squarespaceThumbnailForHeight: (_ctx, call, [v]) => {
    const s = parseSize(v);
    return s === null
      ? undefined
      : thumbnailWidth(Math.floor((s[0] * toNumber(call.args[0])) / s[1]));
  },
  humanizeDuration: (_ctx, _call, [v]) => {
    const secs = Math.floor(toNumber(v) / 1000);
    if (!Number.isFinite(secs)) return '';
    const h = Math.floor(secs / 3600);
    const m = Math.floor((secs % 3600) / 60);
    const s = String(secs % 60).padStart(2, '0');
    return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  },
  'item-classes': (ctx, _call, [v]) => {
    const out = ['hentry'];
    const promoted = getKey(v, 'promotedBlockType');
    if (typeof promoted === 'string' && promoted !== '')
      out.push('promoted', `promoted-block-${slug(promoted)}`);
    const cats = getKey(v, 'categories');
    if (Array.isArray(cats)) for (const c of cats) out.push(`category-${slug(emitText(c))}`);
    const tags = getKey(v, 'tags');
    if (Array.isArray(tags)) for (const t of tags) out.push(`tag-${slug(emitText(t))}`);
    const author = emitText(getKey(getKey(v, 'author'), 'displayName'));
    if (author !== '') out.push(`author-${slug(author)}`);
    const label = getKey(v, 'recordTypeLabel');
    if (typeof label === 'string' && label !== '') out.push(`post-type-${label}`);
    const idx = resolvePath(ctx, { kind: 'index', head: '@index', rest: [], text: '@index' });
    if (typeof idx === 'number') out.push(`article-index-${idx}`);
    if (isTruthy(getKey(v, 'starred'))) out.push('featured');
    if (toNumber(getKey(v, 'recordType')) === 11) {
      if (isOnSale(v)) out.push('on-sale');
      if (isSoldOut(v)) out.push('sold-out');
    }
    return out.join(' ');
  },
  video: (_ctx, _call, [v]) => {
    const oembed = getKey(v, 'oembed');
    const html = escapeHtml(emitText(getKey(oembed, 'html'))).replace(/"/g, '&quot;');
    let out = `<div class="sqs-video-wrapper" data-html="${html}" data-provider-name="${emitText(getKey(oembed, 'providerName'))}">`;
    if (isTruthy(getKey(v, 'overlay'))) {
      const hasThumb = isTruthy(getKey(v, 'mainImageId')) && isTruthy(getKey(v, 'systemDataId'));
      out += `<div class="sqs-video-overlay${hasThumb ? '' : ' no-thumb'}" style="opacity: 0;">`;
      if (hasThumb) {
        out += `<img data-load="false" data-src="${emitText(getKey(v, 'assetUrl'))}" `;
        out += `data-image-dimensions="${emitText(getKey(v, 'originalSize'))}" data-image-focal-point="${focalPoint(v)}" />`;
      }
      out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
    }
    return `${out}</div>`;
  },
};
