// Commerce formatters that render built-in HTML snippets (§5 ▲): the add-to-cart
// button, quantity input, scarcity notes and the quick-view button. UI text comes from
// `localizedStrings.*` with English defaults; values from the site are escaped.

import { escapeAttr, escapeHtml } from '../formatters-core.ts';
import { parsePath, resolvePath } from '../paths.ts';
import type { Ctx, Formatter, Path } from '../types.ts';
import { emitText, getKey, isTruthy, type Value } from '../values.ts';
import { cldrOf } from './cldr.ts';
import { isSoldOut, ProductType, productType, structured } from './commerce-model.ts';
import { localizedString } from './subscription.ts';

const MERCHANDISING = parsePath('productMerchandisingContext') as Path;

const isSubscribable = (item: Value) => {
  const s = getKey(structured(item), 'isSubscribable');
  return s === true || s === 'true';
};

function addToCartButton(ctx: Ctx, item: Value): string {
  const sc = structured(item);
  const subscribable = isSubscribable(item);
  const custom = getKey(sc, 'customAddButtonText');
  const useCustom = getKey(sc, 'useCustomAddButtonText');
  let label: string;
  if (isTruthy(useCustom) && typeof custom === 'string' && custom !== '')
    label = escapeHtml(custom);
  else if (subscribable) label = localizedString(ctx, 'productSubscribeText') ?? 'Subscribe';
  else label = localizedString(ctx, 'productAddToCartText') ?? 'Add To Cart';
  let extra = '';
  if (subscribable) extra += ' data-is-subscription="true"';
  extra += ` data-original-label="${label}" `;
  const options = getKey(sc, 'productSubscriptionOptions');
  if (subscribable && Array.isArray(options) && options.length > 0) {
    extra += `data-subscription-option-id="${emitText(getKey(options[0], 'id'))}"`;
  }
  return (
    '\n'.repeat(13) +
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    '  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary " role="button" tabindex="0" data-dynamic-strings' +
    ` data-collection-id="${emitText(getKey(item, 'collectionId'))}"` +
    ` data-item-id="${emitText(getKey(item, 'id'))}"` +
    ` data-product-type="${emitText(getKey(sc, 'productType'))}"` +
    ` data-use-custom-label="${emitText(useCustom)}"${extra}>\n` +
    `    <div class="sqs-add-to-cart-button-inner">${label}</div>\n  </div>\n</div>`
  );
}

function quantityInput(item: Value): string {
  if (isSubscribable(item) || isSoldOut(item)) return '';
  const type = productType(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return '';
  return (
    `\n\n\n<div class="product-quantity-input" data-item-id="${emitText(getKey(item, 'id'))}" data-animation-role="content">\n` +
    '  <div class="quantity-label">Quantity:</div>\n' +
    '  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>'
  );
}

function scarcity(ctx: Ctx, item: Value): string {
  const settings = getKey(resolvePath(ctx, MERCHANDISING), emitText(getKey(item, 'id')));
  if (!isTruthy(getKey(settings, 'scarcityEnabled'))) return '';
  const views = getKey(settings, 'scarcityTemplateViews');
  const text = getKey(settings, 'scarcityText');
  if (!Array.isArray(views) || typeof text !== 'string') return '';
  const cldr = cldrOf(ctx);
  let out = '';
  for (const view of views) {
    const qty = getKey(view, 'qtyInStock');
    const message =
      cldr === null
        ? text.replace(/\{qtyInStock\}/g, emitText(qty))
        : cldr.General.messageFormatter().format(text, [], { qtyInStock: qty });
    const attributes = getKey(view, 'attributes');
    const attr =
      attributes === undefined
        ? ''
        : ` data-variant-attributes="${escapeAttr(JSON.stringify(attributes))}" hidden`;
    out += `\n  <div class="product-scarcity"${attr}>\n    ${escapeHtml(message)}\n  </div>\n`;
  }
  return out;
}

const CAPTCHA_KEY = parsePath('website.captchaSettings.siteKey') as Path;

function restockNotification(ctx: Ctx, item: Value): string {
  const productId = emitText(getKey(item, 'id'));
  const settings = getKey(resolvePath(ctx, MERCHANDISING), productId);
  const views = getKey(settings, 'restockNotificationViews');
  let out = '\n'.repeat(6);
  if (!Array.isArray(views)) return out;
  const messages = getKey(settings, 'restockNotificationMessages');
  const text = (key: string) => emitText(getKey(messages, key));
  const mailingList = isTruthy(getKey(settings, 'mailingListSignUpEnabled'))
    ? `  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"${isTruthy(getKey(settings, 'mailingListOptInByDefault')) ? ' checked' : ''}>${escapeHtml(text('mailingListDescription'))}</label>\n`
    : '\n';
  const captcha = isTruthy(resolvePath(ctx, CAPTCHA_KEY))
    ? '  <div class="captcha-container"></div>\n'
    : '\n';
  for (const view of views) {
    const hidden = isTruthy(getKey(view, 'hiddenByDefault')) ? ' hidden' : '';
    out +=
      `\n<div class="product-restock-notification" data-product-id="${productId}" data-variant-id="${emitText(getKey(view, 'variantId'))}"${hidden}>\n` +
      `  <span class="product-restock-cta">${escapeHtml(text('CTAText'))}</span>\n` +
      '  <form class="product-restock-form" action="#">\n' +
      `    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="${escapeAttr(text('placeholderText'))}">\n` +
      `    <input class="sqs-editable-button" type="submit" value="${escapeAttr(text('buttonText'))}">\n` +
      `  </form>\n${mailingList}${captcha}</div>\n`;
  }
  return out;
}

export const COMMERCE_SNIPPET_FORMATTERS: Record<string, Formatter> = {
  'add-to-cart-btn': (ctx, _call, [v]) => addToCartButton(ctx, v),
  'quantity-input': (_ctx, _call, [v]) => quantityInput(v),
  'product-scarcity': (ctx, _call, [v]) => scarcity(ctx, v),
  'product-restock-notification': (ctx, _call, [v]) => restockNotification(ctx, v),
  'product-quick-view': (ctx, call, [v]) => {
    // The group argument names a value; when nothing resolves it is the text itself.
    const arg = call.args[0];
    const groupPath = arg === undefined ? null : parsePath(arg);
    const resolved = groupPath === null ? undefined : resolvePath(ctx, groupPath);
    const group = resolved === undefined ? (arg ?? '') : emitText(resolved);
    const label = localizedString(ctx, 'productQuickViewText') ?? 'Quick View';
    return `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${emitText(getKey(v, 'id'))}" data-group="${group}">${label}</span>`;
  },
};
