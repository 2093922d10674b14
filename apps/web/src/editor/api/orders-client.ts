import {
  type CancelOrderBody,
  type FulfillOrderBody,
  mailLogSchema,
  type OrderAdminListQuery,
  orderAdminListSchema,
  orderAdminResponseSchema,
  type RefundOrderBody,
} from '@atelier/contract';
import { currentWebsiteId, editorCall } from './client.ts';

// The Orders and Mail screens' calls: the staff API integrations use, with this session.
// Each action carries an actionId made once per dialog opening, so a double submit or a
// retry after a lost answer happens once on the server.

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
    editorCall({
      method: 'GET',
      path: `${base()}/orders${queryString(query)}`,
      response: orderAdminListSchema,
    }),
  get: async (id: string) =>
    (await editorCall({ method: 'GET', path: orderPath(id), response: orderAdminResponseSchema }))
      .order,
  fulfill: async (id: string, body: FulfillOrderBody) =>
    (
      await editorCall({
        method: 'POST',
        path: `${orderPath(id)}/fulfillments`,
        body,
        response: orderAdminResponseSchema,
      })
    ).order,
  cancel: async (id: string, body: CancelOrderBody) =>
    (
      await editorCall({
        method: 'POST',
        path: `${orderPath(id)}/cancel`,
        body,
        response: orderAdminResponseSchema,
      })
    ).order,
  refund: async (id: string, body: RefundOrderBody) =>
    (
      await editorCall({
        method: 'POST',
        path: `${orderPath(id)}/refunds`,
        body,
        response: orderAdminResponseSchema,
      })
    ).order,
  mail: () => editorCall({ method: 'GET', path: `${base()}/mail`, response: mailLogSchema }),
};
