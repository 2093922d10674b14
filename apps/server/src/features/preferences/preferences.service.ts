import {
  type AnalyticsPreferences,
  type CheckoutPreferences,
  type InstallmentPreferences,
  type InventoryPreferences,
  type PreferenceNamespace,
  preferenceDefaults,
  preferenceSchemas,
} from '@atelier/contract';
import { fail } from '../../http/errors.ts';
import type { PreferencesRepo } from './preferences.repo.ts';

export type PreferencesService = ReturnType<typeof createPreferencesService>;

export function createPreferencesService({
  preferencesRepo,
  onPublicChange,
}: {
  preferencesRepo: PreferencesRepo;
  /** Preferences change what public pages show (express checkout): drop cached pages. */
  onPublicChange?: (websiteId: string) => void;
}) {
  /** Stored values over the defaults; a stored value that no longer parses falls back. */
  async function get(
    websiteId: string,
    namespace: PreferenceNamespace,
  ): Promise<Record<string, unknown>> {
    const stored = (await preferencesRepo.find(websiteId, namespace)) ?? {};
    const merged = { ...preferenceDefaults[namespace], ...stored };
    const parsed = preferenceSchemas[namespace].safeParse(merged);
    return parsed.success ? parsed.data : { ...preferenceDefaults[namespace] };
  }

  return {
    get,

    async checkout(websiteId: string): Promise<CheckoutPreferences> {
      return (await get(websiteId, 'checkout')) as CheckoutPreferences;
    },

    async inventory(websiteId: string): Promise<InventoryPreferences> {
      return (await get(websiteId, 'inventory')) as InventoryPreferences;
    },

    async installments(websiteId: string): Promise<InstallmentPreferences> {
      return (await get(websiteId, 'installments')) as InstallmentPreferences;
    },

    async analytics(websiteId: string): Promise<AnalyticsPreferences> {
      return (await get(websiteId, 'analytics')) as AnalyticsPreferences;
    },

    /** Replaces a namespace's preferences; unknown or mistyped values are refused whole. */
    async put(
      websiteId: string,
      namespace: PreferenceNamespace,
      values: unknown,
    ): Promise<Record<string, unknown>> {
      const parsed = preferenceSchemas[namespace].strict().safeParse(values);
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.') || namespace, issue.message]),
        );
        throw fail('SETTINGS_INVALID', 'These preferences are not valid.', fields);
      }
      await preferencesRepo.save(websiteId, namespace, parsed.data);
      onPublicChange?.(websiteId);
      return parsed.data;
    },
  };
}
