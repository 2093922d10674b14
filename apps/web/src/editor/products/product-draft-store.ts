import { type CatalogProduct, catalogProductSchema } from '@atelier/contract';
import type { ProductForm } from './product-form.ts';

// The product editor's unsaved changes, kept in this browser's localStorage per product
// while they differ from the saved product, so a reload or a closed tab does not lose
// them. The product they started from goes with them: saving a restored draft names that
// version, so an edit saved by someone else in the meantime still shows as a conflict.

export type StoredDraft = { base: CatalogProduct; form: ProductForm; savedAt: string };

const keyOf = (productId: string) => `atelier:product-draft:${productId}`;

/** The browser's storage, or none (private modes may refuse it; tests have none). */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(productId: string): StoredDraft | null {
  const text = storage()?.getItem(keyOf(productId));
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<StoredDraft>;
    const base = catalogProductSchema.safeParse(data.base);
    const form = data.form;
    // A draft from an older editor (no variants list) is dropped rather than half-read.
    if (!base.success || base.data.id !== productId || !form || !Array.isArray(form.variants)) {
      return null;
    }
    return { base: base.data, form, savedAt: String(data.savedAt ?? '') };
  } catch {
    return null;
  }
}

export function saveDraft(productId: string, base: CatalogProduct, form: ProductForm): void {
  const draft: StoredDraft = { base, form, savedAt: new Date().toISOString() };
  try {
    storage()?.setItem(keyOf(productId), JSON.stringify(draft));
  } catch {
    // A full storage only loses the reload safety net; the editor still holds the changes.
  }
}

export function clearDraft(productId: string): void {
  storage()?.removeItem(keyOf(productId));
}
