import type { StoreAddress } from '@atelier/contract';
import { addressFooter } from '../mail/order-mails.ts';

// A campaign's email as HTML and as plain text, from its blocks with everything they name
// already looked up (images' addresses, products' titles and prices). The HTML is what
// mail clients render well: one centred table 600 px wide, inline styles only, no CSS
// classes, no script; every piece of merchant text is escaped. The unsubscribe address
// differs per subscriber, so the body is rendered once with UNSUBSCRIBE_PLACEHOLDER and
// each recipient's copy replaces it (`personalise`).

export type ResolvedBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; src: string; altText: string; linkUrl: string }
  | { type: 'button'; label: string; url: string }
  | {
      type: 'product';
      title: string;
      priceText: string;
      imageUrl: string | null;
      url: string;
    };

export type RenderedEmail = { html: string; text: string };

/** Stands for the subscriber's own unsubscribe address until `personalise`. */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/%%UNSUBSCRIBE%%';

const FONT = 'font-family:Helvetica,Arial,sans-serif;color:#1f2328;font-size:16px;line-height:1.5';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Paragraphs are split at blank lines; single line breaks stay line breaks. */
function paragraphsOf(text: string): string[] {
  return text
    .replaceAll('\r\n', '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

function blockHtml(block: ResolvedBlock): string {
  switch (block.type) {
    case 'text':
      return paragraphsOf(block.text)
        .map(
          (p) => `<p style="margin:0 0 16px;${FONT}">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`,
        )
        .join('');
    case 'image': {
      const img = `<img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.altText)}" width="560" style="display:block;width:100%;max-width:560px;height:auto;border:0;margin:0 auto">`;
      const content = block.linkUrl ? `<a href="${escapeHtml(block.linkUrl)}">${img}</a>` : img;
      return `<div style="margin:0 0 16px">${content}</div>`;
    }
    case 'button':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px auto 24px"><tr><td style="background:#1f2328;border-radius:4px"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 24px;font-family:Helvetica,Arial,sans-serif;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(block.label)}</a></td></tr></table>`;
    case 'product': {
      const image = block.imageUrl
        ? `<a href="${escapeHtml(block.url)}"><img src="${escapeHtml(block.imageUrl)}" alt="${escapeHtml(block.title)}" width="240" style="display:block;width:240px;max-width:100%;height:auto;border:0;margin:0 auto 12px"></a>`
        : '';
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border:1px solid #d0d7de;border-radius:4px"><tr><td align="center" style="padding:16px;${FONT}">${image}<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(block.title)}</p><p style="margin:0 0 12px">${escapeHtml(block.priceText)}</p><a href="${escapeHtml(block.url)}" style="color:#0b57d0">Shop now</a></td></tr></table>`;
    }
  }
}

function blockText(block: ResolvedBlock): string {
  switch (block.type) {
    case 'text':
      return paragraphsOf(block.text).join('\n\n');
    case 'image':
      return block.linkUrl
        ? `[${block.altText || 'Image'}] ${block.linkUrl}`
        : block.altText
          ? `[${block.altText}]`
          : '';
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'product':
      return `${block.title} — ${block.priceText}\n${block.url}`;
  }
}

export function renderCampaignEmail(input: {
  subject: string;
  previewText: string;
  blocks: readonly ResolvedBlock[];
  storeName: string;
  storeAddress: StoreAddress | null;
  unsubscribeUrl: string;
  /** The store's language, for the document (screen readers in webmail read by it). */
  language?: string;
}): RenderedEmail {
  const footerLines = addressFooter(input.storeAddress).slice(2);
  const footerHtml = [input.storeName, ...footerLines.filter((l) => l !== input.storeName)]
    .map(escapeHtml)
    .join('<br>');
  const preheader = input.previewText
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(input.previewText)}</div>`
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(input.language || 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${escapeHtml(input.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f6f8fa">',
    preheader,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f6f8fa"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:4px">',
    `<tr><td style="padding:32px 20px 8px">${input.blocks.map(blockHtml).join('')}</td></tr>`,
    `<tr><td style="padding:16px 20px 32px;border-top:1px solid #d0d7de;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5;color:#57606a;text-align:center">${footerHtml}<br><br>`,
    `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#57606a">Unsubscribe</a>`,
    '</td></tr></table>',
    '</td></tr></table></body></html>',
  ].join('');
  const text = [
    ...input.blocks.map(blockText).filter((t) => t !== ''),
    '—',
    [input.storeName, ...footerLines.filter((l) => l !== input.storeName)].join('\n'),
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n\n');
  return { html, text };
}

/** One subscriber's copy: their unsubscribe address in place of the placeholder. */
export function personalise(rendered: RenderedEmail, unsubscribeUrl: string): RenderedEmail {
  return {
    html: rendered.html.replaceAll(escapeHtml(UNSUBSCRIBE_PLACEHOLDER), escapeHtml(unsubscribeUrl)),
    text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}

/** RFC 2369 and RFC 8058 headers: mail clients show an unsubscribe button that POSTs. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
