import {
  type GiftCardListQuery,
  giftCardListSchema,
  giftCardResponseSchema,
  type IssueGiftCardBody,
  issuedGiftCardSchema,
  type VoidGiftCardBody,
} from '@atelier/contract';
import type { ApiRequest } from '../../ui/api-client.ts';
import { callEditorApi, currentWebsiteId, toApiError } from './client.ts';

// The Gift cards screen's calls: the staff API integrations use, with this session.
// Issuing carries an actionId made once per dialog opening, so a double submit or a
// retry after a lost answer makes one card (and the answer still carries its code).

async function call<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const base = () =>
  `/api/content-service/commerce/1.1/websites/${encodeURIComponent(currentWebsiteId())}/gift-cards`;
const cardPath = (id: string) => `${base()}/${encodeURIComponent(id)}`;

function queryString(query: Partial<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const giftCardsApi = {
  list: (query: Partial<GiftCardListQuery>) =>
    call({ method: 'GET', path: `${base()}${queryString(query)}`, response: giftCardListSchema }),
  get: async (id: string) =>
    (await call({ method: 'GET', path: cardPath(id), response: giftCardResponseSchema })).giftCard,
  issue: (body: IssueGiftCardBody) =>
    call({ method: 'POST', path: base(), body, response: issuedGiftCardSchema }),
  void: async (id: string, body: VoidGiftCardBody) =>
    (
      await call({
        method: 'POST',
        path: `${cardPath(id)}/void`,
        body,
        response: giftCardResponseSchema,
      })
    ).giftCard,
};
