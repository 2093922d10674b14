import {
  createdWebhookEndpointSchema,
  type WebhookEndpointCreate,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@atelier/contract';
import { type ApiRequest, noContent } from '../../ui/api-client.ts';
import { callEditorApi, toApiError } from './client.ts';

// The Webhooks screen's calls (issue 21): the same /api/webhooks/1.0 routes an
// integration calls with a key, with this session.

async function call<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const BASE = '/api/webhooks/1.0/endpoints';
const endpointPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const webhooksApi = {
  list: () => call({ method: 'GET', path: BASE, response: webhookEndpointListSchema }),
  create: (input: WebhookEndpointCreate) =>
    call({ method: 'POST', path: BASE, body: input, response: createdWebhookEndpointSchema }),
  remove: (id: string) => call({ method: 'DELETE', path: endpointPath(id), response: noContent }),
  setEnabled: (id: string, isEnabled: boolean) =>
    call({
      method: 'POST',
      path: `${endpointPath(id)}/${isEnabled ? 'enable' : 'disable'}`,
      response: webhookEndpointSchema,
    }),
  sendTest: (id: string) =>
    call({ method: 'POST', path: `${endpointPath(id)}/test`, response: webhookDeliverySchema }),
  deliveries: (id: string, page = 1) =>
    call({
      method: 'GET',
      path: `${endpointPath(id)}/deliveries?page=${page}`,
      response: webhookDeliveryListSchema,
    }),
  replay: (id: string, deliveryId: string) =>
    call({
      method: 'POST',
      path: `${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
      response: webhookDeliverySchema,
    }),
};
