import { describe, expect, it } from 'vitest';
import {
  buildLinkHref,
  buildMailto,
  buildTel,
  isFilePath,
  isPagePath,
  isSafeHref,
  linkMessages,
  normaliseWebAddress,
  parseLinkHref,
} from './links';

describe('link editor messages', () => {
  it('fill the spec placeholders with examples people can copy', () => {
    expect(linkMessages.emailFormat).toBe('Emails must be formatted as name@example.com');
    expect(linkMessages.enterValidEmail).toBe('Please enter a valid email');
    expect(linkMessages.linkFormat).toBe(
      'Links must be formatted as example.com or https://example.com',
    );
    expect(linkMessages.invalidPageUrl('/our studio')).toBe('/our studio is not a valid page URL');
  });
});

describe('web addresses', () => {
  it('assumes https for a bare host and keeps a typed scheme', () => {
    expect(normaliseWebAddress('example.com')).toEqual({ ok: true, value: 'https://example.com' });
    expect(normaliseWebAddress(' www.example.co.uk/shop?x=1 ')).toEqual({
      ok: true,
      value: 'https://www.example.co.uk/shop?x=1',
    });
    expect(normaliseWebAddress('http://example.com/a')).toEqual({
      ok: true,
      value: 'http://example.com/a',
    });
    expect(normaliseWebAddress('http://localhost:3000/')).toEqual({
      ok: true,
      value: 'http://localhost:3000/',
    });
  });

  it('refuses what is not a web address with the spec message', () => {
    for (const bad of [
      'example',
      'javascript:alert(1)',
      'ftp://example.com',
      'exa mple.com',
      'https://user:pw@example.com',
      'https://-bad-.com',
      'https://[::1',
      '',
    ]) {
      expect(normaliseWebAddress(bad), bad).toEqual({ ok: false, error: linkMessages.linkFormat });
    }
  });

  it('refuses addresses over 2083 characters', () => {
    const long = `example.com/${'a'.repeat(2075)}`;
    expect(normaliseWebAddress(long)).toEqual({ ok: false, error: linkMessages.tooLong });
    expect(normaliseWebAddress(`https://${long}`)).toEqual({
      ok: false,
      error: linkMessages.tooLong,
    });
    expect(normaliseWebAddress(`example.com/${'a'.repeat(2058)}`).ok).toBe(true);
  });
});

describe('email links', () => {
  it('build mailto with encoded subject, cc, bcc and body', () => {
    expect(
      buildMailto({
        email: 'studio@example.com',
        subject: 'Hello & welcome',
        cc: 'a@example.com, b@example.com',
        bcc: 'c@example.com',
        body: 'Line one\nLine two',
      }),
    ).toEqual({
      ok: true,
      value:
        'mailto:studio@example.com?cc=a%40example.com,b%40example.com&bcc=c%40example.com&subject=Hello%20%26%20welcome&body=Line%20one%0D%0ALine%20two',
    });
    expect(buildMailto({ email: 'studio@example.com' })).toEqual({
      ok: true,
      value: 'mailto:studio@example.com',
    });
  });

  it('asks for an email when empty and for the format when malformed', () => {
    expect(buildMailto({ email: '  ' })).toEqual({
      ok: false,
      error: { field: 'email', message: 'Please enter a valid email' },
    });
    expect(buildMailto({ email: 'studio@example' })).toEqual({
      ok: false,
      error: { field: 'email', message: 'Emails must be formatted as name@example.com' },
    });
    expect(buildMailto({ email: 'studio@example.com', cc: 'friend' })).toEqual({
      ok: false,
      error: { field: 'cc', message: 'Emails must be formatted as name@example.com' },
    });
    expect(buildMailto({ email: 'studio@example.com', bcc: 'a@b.com; nope' })).toEqual({
      ok: false,
      error: { field: 'bcc', message: 'Emails must be formatted as name@example.com' },
    });
  });

  it('refuses a mailto over 2083 characters', () => {
    expect(buildMailto({ email: 'a@example.com', body: 'x'.repeat(2100) })).toEqual({
      ok: false,
      error: { field: 'email', message: linkMessages.tooLong },
    });
  });

  it('reads a mailto back into its fields', () => {
    const built = buildMailto({
      email: 'studio@example.com',
      subject: 'Hi there',
      cc: 'a@example.com',
      bcc: 'b@example.com',
      body: 'One\nTwo',
    });
    expect(built.ok && parseLinkHref(built.value)).toEqual({
      kind: 'email',
      email: 'studio@example.com',
      subject: 'Hi there',
      cc: 'a@example.com',
      bcc: 'b@example.com',
      body: 'One\nTwo',
    });
    expect(parseLinkHref('mailto:x@example.com?subject=%E0%A4%A&other=1')).toEqual({
      kind: 'email',
      email: 'x@example.com',
      subject: '%E0%A4%A',
    });
  });
});

describe('phone links', () => {
  it('keep the digits and a leading plus', () => {
    expect(buildTel('+44 (0)20 7946-0958')).toEqual({ ok: true, value: 'tel:+4402079460958' });
    expect(buildTel('555.0100')).toEqual({ ok: true, value: 'tel:5550100' });
  });

  it('refuse letters and too few digits', () => {
    expect(buildTel('call me')).toEqual({ ok: false, error: linkMessages.enterPhone });
    expect(buildTel('12')).toEqual({ ok: false, error: linkMessages.enterPhone });
    expect(buildTel('1'.repeat(21))).toEqual({ ok: false, error: linkMessages.enterPhone });
  });
});

describe('page and file paths', () => {
  it('accept paths of this site and refuse the rest with the spec message', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/our-studio')).toBe(true);
    expect(isPagePath('/shop/p/linen-towel?variant=2#care')).toBe(true);
    expect(isPagePath('/our studio')).toBe(false);
    expect(isPagePath('//evil.example')).toBe(false);
    expect(isPagePath('our-studio')).toBe(false);
    expect(isFilePath('/files/abc/report.pdf')).toBe(true);
    expect(isFilePath('/files/')).toBe(false);
    expect(isFilePath('/shop')).toBe(false);
  });
});

describe('building an href from the link editor', () => {
  it('turns each tab into an href', () => {
    expect(buildLinkHref({ kind: 'page', path: '/our-studio' })).toEqual({
      ok: true,
      value: '/our-studio',
    });
    expect(buildLinkHref({ kind: 'web', address: 'example.com' })).toEqual({
      ok: true,
      value: 'https://example.com',
    });
    expect(buildLinkHref({ kind: 'web', address: '/shop' })).toEqual({ ok: true, value: '/shop' });
    expect(buildLinkHref({ kind: 'email', email: 'a@example.com' })).toEqual({
      ok: true,
      value: 'mailto:a@example.com',
    });
    expect(buildLinkHref({ kind: 'phone', phone: '555 0100' })).toEqual({
      ok: true,
      value: 'tel:5550100',
    });
    expect(buildLinkHref({ kind: 'file', path: '/files/x/a.pdf' })).toEqual({
      ok: true,
      value: '/files/x/a.pdf',
    });
  });

  it('names the field at fault', () => {
    expect(buildLinkHref({ kind: 'page', path: '' })).toEqual({
      ok: false,
      error: { field: 'page', message: linkMessages.choosePage },
    });
    expect(buildLinkHref({ kind: 'page', path: `/${'a'.repeat(2083)}` })).toEqual({
      ok: false,
      error: { field: 'page', message: linkMessages.tooLong },
    });
    expect(buildLinkHref({ kind: 'web', address: '/not a page' })).toEqual({
      ok: false,
      error: { field: 'page', message: '/not a page is not a valid page URL' },
    });
    expect(buildLinkHref({ kind: 'web', address: 'nope' })).toEqual({
      ok: false,
      error: { field: 'address', message: linkMessages.linkFormat },
    });
    expect(buildLinkHref({ kind: 'phone', phone: 'x' })).toEqual({
      ok: false,
      error: { field: 'phone', message: linkMessages.enterPhone },
    });
    expect(buildLinkHref({ kind: 'file', path: '/elsewhere' })).toEqual({
      ok: false,
      error: { field: 'file', message: linkMessages.chooseFile },
    });
  });

  it('reads hrefs back into the tab that made them', () => {
    expect(parseLinkHref('tel:+15550100')).toEqual({ kind: 'phone', phone: '+15550100' });
    expect(parseLinkHref('/files/a.pdf')).toEqual({ kind: 'file', path: '/files/a.pdf' });
    expect(parseLinkHref('/shop')).toEqual({ kind: 'page', path: '/shop' });
    expect(parseLinkHref('https://example.com')).toEqual({
      kind: 'web',
      address: 'https://example.com',
    });
  });
});

describe('safe hrefs', () => {
  it('allows web, mail, phone, site paths and fragments', () => {
    for (const href of [
      'https://example.com/a',
      'HTTP://example.com',
      'mailto:a@example.com',
      'tel:+15550100',
      '/shop',
      '/files/a/b.pdf',
      '#top',
    ]) {
      expect(isSafeHref(href), href).toBe(true);
    }
  });

  it('refuses script, data and other hosts in disguise', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' \u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example',
      '/\\evil.example',
      'https://nohost',
      'http://[bad',
      'relative-without-slash',
      '',
      `https://example.com/${'a'.repeat(2083)}`,
    ]) {
      expect(isSafeHref(href), href).toBe(false);
    }
  });
});
