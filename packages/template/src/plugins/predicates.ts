// Plugin predicates: content, commerce, social, slide, i18n (§6). Each tests the
// current node (the innermost frame) unless its arguments say otherwise.

import { resolvePath } from '../paths.ts';
import type { Ctx, Predicate } from '../types.ts';
import { getKey, isObject, isTruthy, toNumber, type Value } from '../values.ts';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from './commerce-model.ts';
import { dayKey, timeZoneOf } from './time.ts';

function node(ctx: Ctx): Value {
  return ctx.frames[ctx.frames.length - 1]!.node;
}

function at(v: Value, ...keys: string[]): Value {
  let x = v;
  for (const k of keys) x = getKey(x, k);
  return x;
}

/** Booleans as the platform stores them: true, non-zero numbers, "true". */
function isOn(v: Value): boolean {
  return v === true || (typeof v === 'number' && v !== 0 && !Number.isNaN(v)) || v === 'true';
}

const RECORD_TYPES: Record<string, number> = {
  'undefined?': -1,
  'text?': 1,
  'image?': 2,
  'quote?': 4,
  'link?': 5,
  'audio?': 7,
  'video?': 8,
  'store-item?': 11,
  'event?': 12,
  'gallery?': 14,
  'binary?': 15,
  'css-asset?': 16,
  'tweak-asset?': 17,
  'digital-good?': 18,
  'attachment?': 19,
  'wordpress-export?': 20,
  'json-export?': 21,
  'site-search?': 30,
  'active-time?': 31,
  'tweet?': 50,
  'checkin?': 52,
  'kbarticle?': 54,
};
const PROMOTED_ALSO = new Set(['image', 'quote', 'link', 'video', 'gallery']);

const BACKGROUND_SOURCES: Record<string, number> = {
  undefined: -1,
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
};

const SLIDE_TYPES: Record<string, number> = { gallery: 5 };

function hasText(v: Value): boolean {
  const s =
    typeof v === 'string'
      ? v
      : typeof getKey(v, 'html') === 'string'
        ? (getKey(v, 'html') as string)
        : '';
  return s.replace(/<[^>]*>/g, '').trim() !== '';
}

const predicates: Record<string, Predicate> = {
  'calendar-view?': (ctx) => isTruthy(at(node(ctx), 'calendarView')),
  'child-images?': (ctx) => {
    const items = at(node(ctx), 'items');
    return Array.isArray(items) && items.length > 0 && isTruthy(getKey(items[0], 'systemDataId'));
  },
  'clickable?': (ctx) => {
    const fb = at(node(ctx), 'folderBehavior');
    return fb === undefined || toNumber(fb) !== -1;
  },
  'collection?': (ctx) =>
    isObject(at(node(ctx), 'collection')) && isTruthy(at(node(ctx), 'collection')),
  'collection-page?': (ctx) => toNumber(at(node(ctx), 'collection', 'type')) === 10,
  'collection-template-page?': (ctx) => {
    const n = node(ctx);
    const c = at(n, 'collection');
    const type = isObject(c) ? at(c, 'type') : at(n, 'type');
    return toNumber(type) === 7;
  },
  'collectionTypeNameEquals?': (ctx, call) => {
    const name = at(node(ctx), 'typeName');
    return call.args.length > 0 && typeof name === 'string' && name === call.args[0];
  },
  'excerpt?': (ctx) => hasText(at(node(ctx), 'excerpt')),
  'external-link?': (ctx) => isTruthy(at(node(ctx), 'externalLink')),
  'folder?': (ctx) => isOn(at(node(ctx), 'collection', 'folder')),
  'gallery-meta?': (ctx) =>
    isOn(at(node(ctx), 'options', 'controls')) || isOn(at(node(ctx), 'options', 'indicators')),
  'has-multiple?': (ctx) => {
    const n = node(ctx);
    if (Array.isArray(n)) return n.length > 1;
    return isObject(n) && Object.keys(n).length > 1;
  },
  'index?': (ctx) => {
    const c = at(node(ctx), 'collection');
    return isOn(at(c, 'folder')) && toNumber(at(c, 'folderBehavior')) === 1;
  },
  'location?': (ctx) => {
    const loc = at(node(ctx), 'location');
    return isTruthy(at(loc, 'mapLat')) && isTruthy(at(loc, 'mapLng'));
  },
  'main-image?': (ctx) =>
    isTruthy(at(node(ctx), 'mainImageId')) || isTruthy(at(node(ctx), 'systemDataId')),
  'passthrough?': (ctx) =>
    isOn(at(node(ctx), 'passthrough')) && isTruthy(at(node(ctx), 'sourceUrl')),
  'redirect?': (ctx) => toNumber(at(node(ctx), 'folderBehavior')) === 2,
  'same-day?': (ctx) => {
    const n = node(ctx);
    const s = toNumber(at(n, 'startDate'));
    const e = toNumber(at(n, 'endDate'));
    if (!Number.isFinite(s) || !Number.isFinite(e)) return false;
    const tz = timeZoneOf(ctx);
    return dayKey(s, tz) === dayKey(e, tz);
  },
  'serviceNameEmail?': (ctx) => at(node(ctx), 'serviceName') === 'email',
  'show-past-events?': (ctx) => at(node(ctx), 'showPastOrUpcomingEvents') === 'past',
  'external-video?': (ctx) =>
    toNumber(at(node(ctx), 'recordType')) === 8 || at(node(ctx), 'promotedBlockType') === 'video',
  'comments?': (ctx) => {
    const n = node(ctx);
    const enabled = resolvePath(ctx, {
      kind: 'node',
      head: 'websiteSettings',
      rest: ['commentsEnabled'],
      text: '',
    });
    const state = toNumber(at(n, 'commentState'));
    return state === 1 || (isTruthy(enabled) && toNumber(at(n, 'publicCommentCount')) > 0);
  },
  'disqus?': (ctx) =>
    isTruthy(
      resolvePath(ctx, {
        kind: 'node',
        head: 'websiteSettings',
        rest: ['disqusShortName'],
        text: '',
      }),
    ),
  'current-type?': (ctx, call) => {
    const want = call.args[0];
    const t = at(node(ctx), 'currentType');
    return (
      want !== undefined && Object.hasOwn(SLIDE_TYPES, want) && toNumber(t) === SLIDE_TYPES[want]
    );
  },
  'has-variants?': (ctx) => hasVariants(node(ctx)),
  'on-sale?': (ctx) => isOnSale(node(ctx)),
  'sold-out?': (ctx) => isSoldOut(node(ctx)),
  'varied-prices?': (ctx) => hasVariedPrices(node(ctx)),
  'units-metric?': (ctx) => {
    ctx.errors.push('"units-metric?" formatter is not yet implemented');
    return false;
  },
};

for (const [name, code] of Object.entries(RECORD_TYPES)) {
  const promoted = name.slice(0, -1);
  predicates[name] = (ctx) => {
    const n = node(ctx);
    if (toNumber(at(n, 'recordType')) === code) return true;
    return PROMOTED_ALSO.has(promoted) && at(n, 'promotedBlockType') === promoted;
  };
}
for (const t of [
  'MAP',
  'EMBED',
  'IMAGE',
  'CODE',
  'QUOTE',
  'TWITTER',
  'LINK',
  'VIDEO',
  'FOURSQUARE',
  'INSTAGRAM',
  'FORM',
]) {
  const want = t.toLowerCase();
  predicates[`promoted${t}?`] = (ctx) => at(node(ctx), 'promotedBlockType') === want;
}
for (const [name, code] of Object.entries(BACKGROUND_SOURCES)) {
  predicates[`background-source-${name}?`] = (ctx) =>
    toNumber(at(node(ctx), 'backgroundSource')) === code;
}
for (const d of ['grid', 'slideshow', 'slider', 'stacked']) {
  predicates[`gallery-design-${d}?`] = (ctx) => at(node(ctx), 'options', 'design') === d;
}
for (const p of [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
]) {
  predicates[`gallery-meta-position-${p}?`] = (ctx) =>
    at(node(ctx), 'options', 'meta-position') === p;
}
for (const a of ['center', 'left', 'right']) {
  predicates[`gallery-active-alignment-${a}?`] = (ctx) =>
    at(node(ctx), 'options', 'active-alignment') === a;
}
for (const o of [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
]) {
  predicates[`gallery-${o}?`] = (ctx) => isOn(at(node(ctx), 'options', o));
}

export const PLUGIN_PREDICATE_TABLE = predicates;
