// Commerce formatters that render built-in HTML snippets (§5 ▲): the add-to-cart
// button, quantity input, scarcity notes and the quick-view button. UI text comes from
// `localizedStrings.*` with English defaults; values from the site are escaped.

import { escapeAttr, escapeHtml, jsonText } from '../formatters-core.ts';
import { parsePath, resolvePath } from '../paths.ts';
import type { Ctx, Formatter, Path } from '../types.ts';
import { emitText, getKey, isTruthy, type Value } from '../values.ts';
import { cldrOf } from './cldr.ts';
import { isSoldOut, ProductType, productType, structured } from './commerce-model.ts';
import { formatMessage, localizedString } from './subscription.ts';

const MERCHANDISING = parsePath('productMerchandisingContext') as Path;
const LOCALIZED = parsePath('localizedStrings') as Path;

/**
 * `isSubscribable` read as a strict boolean: `true`, the text "true", or a non-zero
 * integer. (The add-to-cart button and the variants block use plain
 * truthiness instead, as the reference does.)
 */
function isStrictlySubscribable(item: Value): boolean {
  const s = getKey(structured(item), 'isSubscribable');
  if (typeof s === 'number') return Number.isInteger(s) && s !== 0;
  return s === true || s === 'true';
}

function addToCartButton(ctx: Ctx, item: Value): string {
  const sc = structured(item);
  const subscribableFlag = getKey(sc, 'isSubscribable');
  const subscribable = isTruthy(subscribableFlag);
  const custom = getKey(sc, 'customAddButtonText');
  const useCustom = getKey(sc, 'useCustomAddButtonText');
  let label: string;
  if (isTruthy(useCustom) && typeof custom === 'string' && custom !== '')
    label = escapeHtml(custom);
  else if (subscribable) label = localizedString(ctx, 'productSubscribeText') ?? 'Subscribe';
  else label = localizedString(ctx, 'productAddToCartText') ?? 'Add To Cart';
  let extra = '';
  if (subscribable) extra += ` data-is-subscription="${emitText(subscribableFlag)}"`;
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
  if (isStrictlySubscribable(item) || isSoldOut(item)) return '';
  const type = productType(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return '';
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

/**
 * The reference walks these lists by index up to their JSON size (an object's size is
 * its key count): element `i` of an object is its key "i", usually missing.
 */
function indexedMembers(v: Value): Value[] {
  if (Array.isArray(v)) return v;
  if (v === null || typeof v !== 'object') return [];
  return Object.keys(v).map((_, i) => getKey(v, String(i)));
}

/** A scalar localized string (numbers and booleans as text); empty counts as missing. */
function localizedScalar(ctx: Ctx, key: string): string | undefined {
  const v = getKey(resolvePath(ctx, LOCALIZED), key);
  const text =
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  return text === '' ? undefined : text;
}

/** Text of an attribute value in the option lists: scalars only. */
const scalarText = (v: Value) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

function variantOption(title: string, name: string, selectText: string, values: string[]): string {
  const n = escapeAttr(name);
  const select = escapeAttr(selectText);
  let radios = '';
  for (const value of values) {
    const v = escapeAttr(value);
    radios +=
      `      <input type="radio" class="variant-radiobtn" value="${v}" name="variant-option-${n}" id="variant-option-${n}-${v}"/>\n` +
      `      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-${n}-${v}">${v}</label>\n`;
  }
  // The aria-label carries the select text unescaped, as the reference renders it.
  return (
    '    <div class="variant-option">\n' +
    `    <div class="variant-option-title">${escapeAttr(title)}: </div>\n` +
    '    <div class="variant-select-wrapper">\n' +
    `      <select aria-label="${selectText}" data-variant-option-name="${n}">\n` +
    `        <option value="">${select}</option>\n` +
    `        ${values.map((v) => `<option value="${escapeAttr(v)}">${escapeAttr(v)}</option>`).join('')}\n` +
    '      </select>\n    </div>\n' +
    `    <div class="variant-radiobtn-wrapper" data-variant-option-name="${n}">\n${radios}    </div>\n` +
    '    </div>\n'
  );
}

/**
 * The variants-select snippet: a dropdown and a radio group per option name in
 * `variantOptionOrdering`, listing the distinct values the variants carry. Shown for
 * products with more than one variant. Titles and prompts are locale text (none
 * without a locale); gift cards have their own wording.
 */
function variantsSelect(ctx: Ctx, item: Value): string {
  const sc = structured(item);
  const variantsValue = getKey(sc, 'variants');
  const ordering = indexedMembers(getKey(sc, 'variantOptionOrdering'));
  const vs = indexedMembers(variantsValue);
  if (vs.length <= 1 || ordering.length === 0) return '';
  const cldr = cldrOf(ctx);
  const isGiftCard = productType(item) === ProductType.GIFT_CARD;
  const giftCardTitle = isGiftCard ? localizedScalar(ctx, 'giftCardValueDisplayText') : undefined;
  const selectPattern = localizedScalar(
    ctx,
    isGiftCard ? 'giftCardVariantSelectText' : 'productVariantSelectText',
  );
  const seen = new Set<string>();
  let options = '';
  for (const entry of ordering) {
    const name = scalarText(entry);
    const values: string[] = [];
    // An option name listed twice gets its values only the first time.
    if (!seen.has(name)) {
      seen.add(name);
      const distinct = new Set<string>();
      for (const v of vs) {
        const attributes = getKey(v, 'attributes');
        if (Array.isArray(attributes)) continue;
        const attr = getKey(attributes, name);
        if (attr !== undefined) distinct.add(scalarText(attr));
      }
      values.push(...distinct);
    }
    let title = '';
    let selectText = '';
    if (cldr !== null) {
      if (!isGiftCard) title = name;
      else if (giftCardTitle === undefined) title = 'Value';
      else title = formatMessage(cldr, giftCardTitle, [name], {});
      selectText =
        selectPattern !== undefined
          ? formatMessage(cldr, selectPattern, [name], { variantName: name })
          : isGiftCard
            ? 'Select Value'
            : formatMessage(cldr, 'Select {variantName}', [name], { variantName: name });
    }
    options += variantOption(title, name, selectText, values);
  }
  let subscription = '';
  if (isTruthy(getKey(sc, 'isSubscribable'))) {
    subscription = ` data-is-subscribable="true" data-subscription-plan="${escapeAttr(jsonText(getKey(sc, 'subscriptionPlan')))}"`;
  }
  return (
    '\n  \n  \n  \n  \n\n' +
    `  <div class="product-variants" data-item-id="${emitText(getKey(item, 'id'))}" data-variants="${escapeAttr(jsonText(variantsValue))}"${subscription} data-animation-role="content">\n` +
    `${options}  </div>\n`
  );
}

export const COMMERCE_SNIPPET_FORMATTERS: Record<string, Formatter> = {
  'add-to-cart-btn': (ctx, _call, [v]) => addToCartButton(ctx, v),
  'variants-select': (ctx, _call, [v]) => variantsSelect(ctx, v),
  'product-checkout': (ctx, _call, [v]) =>
    variantsSelect(ctx, v) + quantityInput(v) + addToCartButton(ctx, v),
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
