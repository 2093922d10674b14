// Social formatters: comments, likes, share and follow buttons, twitter links, calendar
// URLs (§5). Snippet markup follows the platform's exactly.

import { escapeAttr } from '../formatters-core.ts';
import { resolvePath } from '../paths.ts';
import type { Ctx, Formatter } from '../types.ts';
import { emitText, getKey, isTruthy, toNumber, type Value } from '../values.ts';

function lookup(ctx: Ctx, head: string, ...rest: string[]): Value {
  return resolvePath(ctx, { kind: 'node', head, rest, text: head });
}

function commentLabel(n: number): [string, string] {
  return [n === 0 ? 'No' : String(n), n === 1 ? 'Comment' : 'Comments'];
}

function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function shareButton(ctx: Ctx, v: Value, tag: string, style: string): string {
  const options = lookup(ctx, 'website', 'shareButtonOptions');
  if (!isTruthy(options)) return '';
  const attrs =
    `data-system-data-id="${emitText(getKey(v, 'mainImageId'))}" ` +
    `data-asset-url="${emitText(getKey(getKey(v, 'mainImage'), 'assetUrl'))}" ` +
    `data-record-type="${emitText(getKey(v, 'recordType'))}" data-full-url="${emitText(getKey(v, 'fullUrl'))}" ` +
    `data-title="${escapeAttr(emitText(getKey(v, 'title')))}"`;
  return `<${tag} class="squarespace-social-buttons ${style}" ${attrs}></${tag}>`;
}

export const SOCIAL_FORMATTERS: Record<string, Formatter> = {
  'activate-twitter-links': (_ctx, _call, [v]) =>
    emitText(v).replace(
      /(https?:\/\/\S+)|@(\w+)|#(\w+)/g,
      (m, url: string, user: string, tag: string) => {
        if (url !== undefined) return `<a target="new" href="${url}">${url}</a>`;
        if (user !== undefined)
          return `<a target="new" href="https://twitter.com/${user}/">@${user}</a>`;
        if (tag !== undefined)
          return `<a target="new" href="https://twitter.com/hashtag/${tag}?src=hash">#${tag}</a>`;
        return m;
      },
    ),
  'comment-count': (_ctx, _call, [v]) =>
    commentLabel(toNumber(getKey(v, 'publicCommentCount')) || 0).join(' '),
  'comment-link': (_ctx, _call, [v]) => {
    const id = emitText(getKey(v, 'id'));
    const [n, label] = commentLabel(toNumber(getKey(v, 'publicCommentCount')) || 0);
    return (
      `<a href="${emitText(getKey(v, 'fullUrl'))}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n` +
      `  ${n}\n  ${label}\n  </a>`
    );
  },
  comments: (ctx, _call, [v]) => {
    if (isTruthy(lookup(ctx, 'websiteSettings', 'disqusShortname'))) {
      return '<div class="squarespace-comments" id="disqus_thread"></div>';
    }
    const id = emitText(getKey(v, 'id'));
    let attrs = '';
    if (getKey(v, 'publicCommentCount') !== undefined || getKey(v, 'commentState') !== undefined) {
      attrs =
        ` data-item-id="${id}" data-public-comment-count="${emitText(getKey(v, 'publicCommentCount'))}"` +
        ` data-comment-state="${emitText(getKey(v, 'commentState'))}"`;
    }
    return `<div class="squarespace-comments" id="comments-${id}"${attrs}></div>`;
  },
  'google-calendar-url': (_ctx, _call, [v]) => {
    const start = toNumber(getKey(v, 'startDate'));
    const end = toNumber(getKey(v, 'endDate'));
    const title = encodeURIComponent(emitText(getKey(v, 'title')));
    let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${title}`;
    if (Number.isFinite(start) && Number.isFinite(end))
      url += `&dates=${utcStamp(start)}/${utcStamp(end)}`;
    return url;
  },
  'like-button': (ctx, _call, [v]) => {
    if (!isTruthy(lookup(ctx, 'websiteSettings', 'simpleLikingEnabled'))) return '';
    return (
      `<span class="sqs-simple-like" data-item-id="${emitText(getKey(v, 'id'))}" data-like-count="${emitText(getKey(v, 'likeCount'))}">\n` +
      '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>'
    );
  },
  'social-button': (ctx, _call, [v]) => shareButton(ctx, v, 'div', 'button-style'),
  'social-button-inline': (ctx, _call, [v]) => shareButton(ctx, v, 'span', 'inline-style'),
  'twitter-follow-button': (_ctx, _call, [v]) => {
    let user = emitText(getKey(v, 'userName'));
    if (user === '') {
      const url = emitText(getKey(v, 'profileUrl'));
      user = url.slice(url.lastIndexOf('/') + 1);
    }
    return (
      "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>" +
      `<div class="squarespace-follow-button" data-username="${user}"></div>`
    );
  },
};
