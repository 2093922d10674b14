import {
  createdWebhookEndpointSchema,
  type WebhookEndpointCreate,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@atelier/contract';
import { noContent } from '../../ui/api-client.ts';
import { editorCall } from './client.ts';

// The Webhooks screen's calls (issue 21): the same /api/webhooks/1.0 routes an
// integration calls with a key, with this session.

const BASE = '/api/webhooks/1.0/endpoints';
const endpointPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const webhooksApi = {
  list: () => editorCall({ method: 'GET', path: BASE, response: webhookEndpointListSchema }),
  create: (input: WebhookEndpointCreate) =>
    editorCall({ method: 'POST', path: BASE, body: input, response: createdWebhookEndpointSchema }),
  rotateSecret: (id: string) =>
    editorCall({
      method: 'POST',
      path: `${endpointPath(id)}/rotate-secret`,
      response: createdWebhookEndpointSchema,
    }),
  remove: (id: string) =>
    editorCall({ method: 'DELETE', path: endpointPath(id), response: noContent }),
  setEnabled: (id: string, isEnabled: boolean) =>
    editorCall({
      method: 'POST',
      path: `${endpointPath(id)}/${isEnabled ? 'enable' : 'disable'}`,
      response: webhookEndpointSchema,
    }),
  sendTest: (id: string) =>
    editorCall({
      method: 'POST',
      path: `${endpointPath(id)}/test`,
      response: webhookDeliverySchema,
    }),
  deliveries: (id: string, page = 1) =>
    editorCall({
      method: 'GET',
      path: `${endpointPath(id)}/deliveries?page=${page}`,
      response: webhookDeliveryListSchema,
    }),
  replay: (id: string, deliveryId: string) =>
    editorCall({
      method: 'POST',
      path: `${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
      response: webhookDeliverySchema,
    }),
};
