/**
 * Links an editor may put on a page (the link editor's Page, Web Address, Email, Phone and
 * File tabs), as pure rules: validate what the person typed, build the href, read an href
 * back into the tab and fields that made it, and say whether an href is safe to publish.
 * The server uses `isSafeHref` on everything it stores, so the editor's checks are a
 * courtesy and never the guard.
 */
import { isValidEmail } from '../forms/email';
import { URL_MAX_LENGTH } from '../limits/limits';
import { editorMessages } from '../messages';
import { err, ok, type Result } from '../result';

export const LINK_KINDS = ['page', 'web', 'email', 'phone', 'file'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** What `{email}` and the two `{host}`s in the editor's link messages stand for. */
export const LINK_EMAIL_EXAMPLE = 'name@example.com';
export const LINK_HOST_EXAMPLES = ['example.com', 'https://example.com'] as const;

export const linkMessages = {
  emailFormat: editorMessages.emailFormat(LINK_EMAIL_EXAMPLE),
  enterValidEmail: editorMessages.enterValidEmail,
  linkFormat: editorMessages.linkFormat(...LINK_HOST_EXAMPLES),
  invalidPageUrl: editorMessages.invalidPageUrl,
  // SPEC §5 gives the 2083 limit but no words for it; these say what to do.
  tooLong: `Links can be at most ${URL_MAX_LENGTH} characters.`,
  enterPhone: 'Please enter a phone number',
  chooseFile: 'Please choose a file',
  choosePage: 'Please choose a page',
} as const;

export type EmailLinkFields = {
  email: string;
  subject?: string;
  cc?: string;
  bcc?: string;
  body?: string;
};

export type LinkInput =
  | { kind: 'page'; path: string }
  | { kind: 'web'; address: string }
  | ({ kind: 'email' } & EmailLinkFields)
  | { kind: 'phone'; phone: string }
  | { kind: 'file'; path: string };

/** Which field of the link editor a message belongs to, so it can sit under that field. */
export type LinkError = { field: string; message: string };

export type Link = { href: string; isNewWindow: boolean };

// A path of this site: segments of unreserved characters or %-escapes, then an optional
// query or fragment. No spaces, no '//' (that would be another host).
const PAGE_PATH =
  /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+)*\/?(?:[?#][^\s]*)?$/;
const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export const isPagePath = (value: string): boolean =>
  PAGE_PATH.test(value) && !value.startsWith('//');

/** Uploaded files are served from /files/… (see the media feature). */
export const isFilePath = (value: string): boolean =>
  value.startsWith('/files/') && value.length > '/files/'.length && isPagePath(value);

function isPublicHostname(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  const labels = hostname.split('.');
  if (labels.length < 2) return false;
  const top = labels[labels.length - 1] ?? '';
  return labels.every((label) => HOST_LABEL.test(label)) && TOP_LEVEL.test(top);
}

/**
 * A web address as people type it ('example.com', 'www.example.com/shop',
 * 'https://example.com') made into an absolute http(s) URL; 'https://' is assumed.
 */
export function normaliseWebAddress(input: string): Result<string, string> {
  const trimmed = input.trim();
  if (trimmed.length > URL_MAX_LENGTH) return err(linkMessages.tooLong);
  const hasScheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(trimmed);
  if (hasScheme && !/^https?:\/\//i.test(trimmed)) return err(linkMessages.linkFormat);
  const candidate = hasScheme ? trimmed : `https://${trimmed}`;
  if (/\s/.test(candidate)) return err(linkMessages.linkFormat);
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return err(linkMessages.linkFormat);
  }
  if (url.username || url.password || !isPublicHostname(url.hostname)) {
    return err(linkMessages.linkFormat);
  }
  // Keep what the person typed (the URL parser would add a trailing slash to a bare host).
  const href = hasScheme ? trimmed : candidate;
  return href.length > URL_MAX_LENGTH ? err(linkMessages.tooLong) : ok(href);
}

/** Comma- or semicolon-separated addresses; empty is fine (CC and BCC are optional). */
function emailList(value: string | undefined): Result<string[], string> {
  const addresses = (value ?? '')
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return addresses.every(isValidEmail) ? ok(addresses) : err(linkMessages.emailFormat);
}

/**
 * mailto: with the address as is and the optional headers percent-encoded (RFC 6068:
 * spaces as %20, not '+', which mail programs would show literally).
 */
export function buildMailto(fields: EmailLinkFields): Result<string, LinkError> {
  const email = fields.email.trim();
  if (email === '') return err({ field: 'email', message: linkMessages.enterValidEmail });
  if (!isValidEmail(email)) return err({ field: 'email', message: linkMessages.emailFormat });
  const headers: string[] = [];
  for (const name of ['cc', 'bcc'] as const) {
    const list = emailList(fields[name]);
    if (!list.ok) return err({ field: name, message: list.error });
    if (list.value.length > 0)
      headers.push(`${name}=${list.value.map(encodeURIComponent).join(',')}`);
  }
  for (const name of ['subject', 'body'] as const) {
    const value = fields[name] ?? '';
    // Bodies keep their line breaks as CRLF, as RFC 6068 asks.
    if (value !== '')
      headers.push(`${name}=${encodeURIComponent(value.replace(/\r?\n/g, '\r\n'))}`);
  }
  const href = `mailto:${email}${headers.length > 0 ? `?${headers.join('&')}` : ''}`;
  return href.length > URL_MAX_LENGTH
    ? err({ field: 'email', message: linkMessages.tooLong })
    : ok(href);
}

/** tel: keeps a leading + and the digits; spaces, dots, dashes and brackets are for people. */
export function buildTel(phone: string): Result<string, string> {
  const trimmed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return err(linkMessages.enterPhone);
  const digits = trimmed.replace(/[^\d]/g, '');
  if (digits.length < 3 || digits.length > 20) return err(linkMessages.enterPhone);
  return ok(`tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`);
}

/** The link editor's input as an href, or the message to show under the field at fault. */
export function buildLinkHref(input: LinkInput): Result<string, LinkError> {
  switch (input.kind) {
    case 'page': {
      const path = input.path.trim();
      if (path === '') return err({ field: 'page', message: linkMessages.choosePage });
      if (path.length > URL_MAX_LENGTH)
        return err({ field: 'page', message: linkMessages.tooLong });
      return isPagePath(path)
        ? ok(path)
        : err({ field: 'page', message: linkMessages.invalidPageUrl(path) });
    }
    case 'web': {
      const address = input.address.trim();
      // A path of this site typed into Web Address is a page link, checked as one.
      if (address.startsWith('/') && !address.startsWith('//')) {
        return buildLinkHref({ kind: 'page', path: address });
      }
      const href = normaliseWebAddress(address);
      return href.ok ? href : err({ field: 'address', message: href.error });
    }
    case 'email':
      return buildMailto(input);
    case 'phone': {
      const href = buildTel(input.phone);
      return href.ok ? href : err({ field: 'phone', message: href.error });
    }
    case 'file':
      return isFilePath(input.path.trim())
        ? ok(input.path.trim())
        : err({ field: 'file', message: linkMessages.chooseFile });
  }
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** An existing href read back into the link editor's tab and fields. */
export function parseLinkHref(href: string): LinkInput {
  if (/^mailto:/i.test(href)) {
    const [address = '', query = ''] = href.slice('mailto:'.length).split('?', 2);
    const fields: EmailLinkFields = { email: decode(address) };
    for (const pair of query.split('&')) {
      const [rawName = '', rawValue = ''] = pair.split('=', 2);
      const name = rawName.toLowerCase();
      if (name === 'subject' || name === 'cc' || name === 'bcc' || name === 'body') {
        fields[name] = decode(rawValue).replace(/\r\n/g, '\n');
      }
    }
    return { kind: 'email', ...fields };
  }
  if (/^tel:/i.test(href)) return { kind: 'phone', phone: href.slice('tel:'.length) };
  if (href.startsWith('/files/')) return { kind: 'file', path: href };
  if (href.startsWith('/') && !href.startsWith('//')) return { kind: 'page', path: href };
  return { kind: 'web', address: href };
}

/**
 * Whether an href may be published: http(s), mailto and tel URLs, and paths of this site
 * (which covers /files/…) and #fragments. Everything else — javascript:, data:, vbscript:, protocol-relative
 * '//host' — is refused, as is anything over the 2083-character URL limit.
 */
export function isSafeHref(href: string): boolean {
  if (href.length === 0 || href.length > URL_MAX_LENGTH) return false;
  // Browsers ignore tabs, newlines and leading control characters in a scheme, so
  // 'java\tscript:' must be judged as 'javascript:'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact.startsWith('#')) return true;
  if (compact.startsWith('/')) return !compact.startsWith('//') && !compact.startsWith('/\\');
  if (/^(?:https?:\/\/|mailto:|tel:)/i.test(compact)) {
    if (/^https?:/i.test(compact)) {
      try {
        return isPublicHostname(new URL(compact).hostname);
      } catch {
        return false;
      }
    }
    return true;
  }
  return false;
}
