import {
  type CheckoutPreferences,
  checkoutPreferencesSchema,
  type InstallmentPreferences,
  installmentPreferencesSchema,
  preferencesResponseSchema,
  type ShippingRateInput,
  type StoreSettingsUpdate,
  shippingRateListSchema,
  shippingRateSchema,
  storeSettingsSchema,
  type TaxRuleInput,
  taxRuleListSchema,
  taxRuleSchema,
} from '@atelier/contract';
import { noContent, type ResponseParser } from '../../ui/api-client.ts';
import { catalogBase, editorCall } from './client.ts';

// The Store screen's calls (issue 19: …/store-settings, …/shipping-options, …/tax-rules),
// beside client.ts.

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  response: ResponseParser<T>,
  body?: unknown,
): Promise<T> {
  // The commerce preferences have their own address (SPEC §7); the rest is the catalog's.
  const full = path.startsWith('/api/') ? path : `${catalogBase()}${path}`;
  return editorCall({ method, path: full, body, response });
}

const id = (value: string) => encodeURIComponent(value);

const CHECKOUT_PREFERENCES = '/api/v1/commerce-preferences/checkout';
const INSTALLMENT_PREFERENCES = '/api/v1/commerce-preferences/installments';

export const storeSettingsApi = {
  /** Parsed with the namespace's schema, which drops the website id the answer carries. */
  checkoutPreferences: () =>
    call('GET', CHECKOUT_PREFERENCES, preferencesResponseSchema).then((answer) =>
      checkoutPreferencesSchema.parse(answer.preferences),
    ),
  updateCheckoutPreferences: (preferences: CheckoutPreferences) =>
    call('PUT', CHECKOUT_PREFERENCES, preferencesResponseSchema, preferences).then((answer) =>
      checkoutPreferencesSchema.parse(answer.preferences),
    ),
  installmentPreferences: () =>
    call('GET', INSTALLMENT_PREFERENCES, preferencesResponseSchema).then((answer) =>
      installmentPreferencesSchema.parse(answer.preferences),
    ),
  updateInstallmentPreferences: (preferences: InstallmentPreferences) =>
    call('PUT', INSTALLMENT_PREFERENCES, preferencesResponseSchema, preferences).then((answer) =>
      installmentPreferencesSchema.parse(answer.preferences),
    ),
  settings: () => call('GET', '/store-settings', storeSettingsSchema),
  updateSettings: (patch: StoreSettingsUpdate) =>
    call('PUT', '/store-settings', storeSettingsSchema, patch),
  shippingRates: () =>
    call('GET', '/shipping-options', shippingRateListSchema).then((l) => l.shippingOptions),
  createShippingRate: (input: ShippingRateInput) =>
    call('POST', '/shipping-options', shippingRateSchema, input),
  updateShippingRate: (optionId: string, input: ShippingRateInput) =>
    call('PUT', `/shipping-options/${id(optionId)}`, shippingRateSchema, input),
  deleteShippingRate: (optionId: string) =>
    call('DELETE', `/shipping-options/${id(optionId)}`, noContent),
  reorderShippingRates: (optionIds: string[]) =>
    call('PUT', '/shipping-options/order', shippingRateListSchema, { optionIds }).then(
      (l) => l.shippingOptions,
    ),
  taxRules: () => call('GET', '/tax-rules', taxRuleListSchema).then((l) => l.taxRules),
  createTaxRule: (input: TaxRuleInput) => call('POST', '/tax-rules', taxRuleSchema, input),
  updateTaxRule: (ruleId: string, input: TaxRuleInput) =>
    call('PUT', `/tax-rules/${id(ruleId)}`, taxRuleSchema, input),
  deleteTaxRule: (ruleId: string) => call('DELETE', `/tax-rules/${id(ruleId)}`, noContent),
};
