import {
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
import { callEditorApi, catalogBase, toApiError } from './client.ts';

// The Store screen's calls (issue 19: …/store-settings, …/shipping-options, …/tax-rules),
// beside client.ts.

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  response: ResponseParser<T>,
  body?: unknown,
): Promise<T> {
  const result = await callEditorApi({ method, path: `${catalogBase()}${path}`, body, response });
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const id = (value: string) => encodeURIComponent(value);

export const storeSettingsApi = {
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
