import {
  type CancelOrderBody,
  type FulfillOrderBody,
  mailLogSchema,
  type OrderAdminListQuery,
  orderAdminListSchema,
  orderAdminResponseSchema,
  type RefundOrderBody,
} from '@atelier/contract';
import type { ApiRequest } from '../../ui/api-client.ts';
import { callEditorApi, currentWebsiteId, toApiError } from './client.ts';

// The Orders and Mail screens' calls: the staff API integrations use, with this session.
// Each action carries an actionId made once per dialog opening, so a double submit or a
// retry after a lost answer happens once on the server.

async function call<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const base = () =>
  `/api/content-service/commerce/1.1/websites/${encodeURIComponent(currentWebsiteId())}`;
const orderPath = (id: string) => `${base()}/orders/${encodeURIComponent(id)}`;

function queryString(query: Partial<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const ordersApi = {
  list: (query: Partial<OrderAdminListQuery>) =>
    call({
      method: 'GET',
      path: `${base()}/orders${queryString(query)}`,
      response: orderAdminListSchema,
    }),
  get: async (id: string) =>
    (await call({ method: 'GET', path: orderPath(id), response: orderAdminResponseSchema })).order,
  fulfill: async (id: string, body: FulfillOrderBody) =>
    (
      await call({
        method: 'POST',
        path: `${orderPath(id)}/fulfillments`,
        body,
        response: orderAdminResponseSchema,
      })
    ).order,
  cancel: async (id: string, body: CancelOrderBody) =>
    (
      await call({
        method: 'POST',
        path: `${orderPath(id)}/cancel`,
        body,
        response: orderAdminResponseSchema,
      })
    ).order,
  refund: async (id: string, body: RefundOrderBody) =>
    (
      await call({
        method: 'POST',
        path: `${orderPath(id)}/refunds`,
        body,
        response: orderAdminResponseSchema,
      })
    ).order,
  mail: () => call({ method: 'GET', path: `${base()}/mail`, response: mailLogSchema }),
};
