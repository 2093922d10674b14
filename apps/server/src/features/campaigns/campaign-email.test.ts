import { describe, expect, it } from 'vitest';
import {
  personalise,
  renderCampaignEmail,
  UNSUBSCRIBE_PLACEHOLDER,
  unsubscribeHeaders,
} from './campaign-email.ts';

// The campaign email's HTML and text: merchant text escaped everywhere (attributes too),
// the store's foot and the unsubscribe link in both, and each copy personalised.

describe('campaign email', () => {
  const rendered = renderCampaignEmail({
    subject: 'Sale <today>',
    previewText: 'Up to "half" off',
    blocks: [
      { type: 'text', text: 'Line one\nline two\n\n<b>Second</b> paragraph & more' },
      {
        type: 'image',
        src: 'https://cdn.example.com/a.png?x="y"',
        altText: 'A "mug"',
        linkUrl: '',
      },
      { type: 'button', label: 'Shop <now>', url: 'https://shop.example.com/?a=1&b="2"' },
      {
        type: 'product',
        title: 'Oat mug',
        priceText: '$24.00',
        imageUrl: null,
        url: 'https://shop.example.com/shop/p/oat-mug',
      },
    ],
    storeName: 'Clay & Co',
    storeAddress: {
      name: 'Clay & Co',
      line1: '1 Main St',
      line2: '',
      city: 'Portland',
      region: 'OR',
      postalCode: '97201',
      country: 'US',
    },
    unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
    language: 'en-US',
  });

  it('escapes every piece of merchant text, in content and in attributes', () => {
    const { html } = rendered;
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('<title>Sale &lt;today&gt;</title>');
    expect(html).toContain('Up to &quot;half&quot; off');
    expect(html).toContain('Line one<br>line two</p>');
    expect(html).toContain('&lt;b&gt;Second&lt;/b&gt; paragraph &amp; more');
    expect(html).toContain('src="https://cdn.example.com/a.png?x=&quot;y&quot;"');
    expect(html).toContain('alt="A &quot;mug&quot;"');
    expect(html).toContain('href="https://shop.example.com/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('Shop &lt;now&gt;');
    expect(html).not.toMatch(/<b>|<script/);
    expect(html).toContain('Clay &amp; Co<br>1 Main St<br>Portland OR 97201<br>US');
  });

  it('gives each subscriber their own unsubscribe link, in HTML, text and headers', () => {
    const url = 'https://shop.example.com/newsletter/unsubscribe?t=abc_123';
    const copy = personalise(rendered, url);
    expect(copy.html).toContain(`<a href="${url}" style="color:#57606a">Unsubscribe</a>`);
    expect(copy.html).not.toContain('unsubscribe.invalid');
    expect(copy.text).toContain(`Unsubscribe: ${url}`);
    expect(copy.text).toContain('Shop <now>: https://shop.example.com/?a=1&b="2"');
    expect(copy.text).toContain('Oat mug — $24.00\nhttps://shop.example.com/shop/p/oat-mug');
    expect(copy.text).toContain('Clay & Co\n1 Main St\nPortland OR 97201\nUS');
    expect(unsubscribeHeaders(url)).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
