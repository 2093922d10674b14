import {
  type SubscriptionListQuery,
  subscriptionListSchema,
  subscriptionResponseSchema,
} from '@atelier/contract';
import { currentWebsiteId, editorCall } from './client.ts';

// The Subscriptions screen's calls (issue 22): the staff API integrations use, with this
// session. Each action answers the subscription as it now is.

const base = () =>
  `/api/content-service/commerce/1.1/websites/${encodeURIComponent(currentWebsiteId())}/subscriptions`;
const one = (id: string) => `${base()}/${encodeURIComponent(id)}`;

function queryString(query: Partial<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const act = async (id: string, action: 'pause' | 'resume' | 'cancel') =>
  (
    await editorCall({
      method: 'POST',
      path: `${one(id)}/${action}`,
      body: {},
      response: subscriptionResponseSchema,
    })
  ).subscription;

export const subscriptionsApi = {
  list: (query: Partial<SubscriptionListQuery>) =>
    editorCall({
      method: 'GET',
      path: `${base()}${queryString(query)}`,
      response: subscriptionListSchema,
    }),
  get: async (id: string) =>
    (await editorCall({ method: 'GET', path: one(id), response: subscriptionResponseSchema }))
      .subscription,
  pause: (id: string) => act(id, 'pause'),
  resume: (id: string) => act(id, 'resume'),
  cancel: (id: string) => act(id, 'cancel'),
  setNextBillingDate: async (id: string, date: string) =>
    (
      await editorCall({
        method: 'PUT',
        path: `${one(id)}/next-billing-date`,
        body: { date },
        response: subscriptionResponseSchema,
      })
    ).subscription,
};
