/**
 * Twitter-style linking (SPEC §7): @handles, #tags and bare web addresses become links in
 * HTML-escaped text. The input is untrusted, so everything that is not a link is escaped.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const TOKEN = /(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+)|@(\w{1,15})|#(\w*[A-Za-z_]\w*)/g;
const TRAILING_PUNCTUATION = /[.,!?;:)\]]+$/;

const link = (href: string, text: string, isNewWindow: boolean): string =>
  `<a href="${escapeHtml(href)}"${isNewWindow ? ' target="_blank" rel="noopener noreferrer"' : ''}>${escapeHtml(text)}</a>`;

export const linkifyTweet = (text: string): string => {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, url, handle, tag] = match;
    const start = match.index;
    const before = start > 0 ? text[start - 1]! : '';
    // 'me@example.com' and 'a#b' are not mentions or tags.
    if ((handle !== undefined || tag !== undefined) && /\w/.test(before)) continue;
    let token = whole;
    let anchor: string;
    if (url !== undefined) {
      token = url.replace(TRAILING_PUNCTUATION, '');
      const href = token.startsWith('www.') ? `http://${token}` : token;
      anchor = link(href, token, true);
    } else if (handle !== undefined) {
      anchor = link(`https://twitter.com/${handle}`, whole, false);
    } else {
      anchor = link(`https://twitter.com/hashtag/${tag}`, whole, false);
    }
    html += escapeHtml(text.slice(last, start)) + anchor;
    last = start + token.length;
  }
  return html + escapeHtml(text.slice(last));
};
