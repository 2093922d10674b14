import type { CartEntry } from '@atelier/contract';
import { ProductType } from '@atelier/core/enums/product-types';

/**
 * A short, readable line for what a shopper told us about an entry: a gift card's
 * recipient, or the answers to the product's form, in the order they were given.
 */
export function additionalFieldsSummary(
  entry: Pick<CartEntry, 'additionalFields' | 'productType'>,
): string | null {
  if (!entry.additionalFields) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(entry.additionalFields);
  } catch {
    return null;
  }
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return null;
  const record = fields as Record<string, unknown>;
  if (entry.productType === ProductType.giftCard) {
    const to = [record.recipientName, record.recipientEmail]
      .filter((v) => typeof v === 'string' && v)
      .join(', ');
    const parts = [
      to ? `To: ${to}` : null,
      typeof record.sendDate === 'string' && record.sendDate ? `Send on ${record.sendDate}` : null,
    ];
    return parts.filter(Boolean).join(' · ') || null;
  }
  const values = Object.values(record).flatMap((value) => {
    if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
    if (Array.isArray(value)) {
      const joined = value.filter((v) => typeof v === 'string' && v.trim()).join(' ');
      return joined ? [joined] : [];
    }
    return [];
  });
  return values.length > 0 ? values.join(' · ') : null;
}
