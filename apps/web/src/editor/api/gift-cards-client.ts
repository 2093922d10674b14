import {
  type GiftCardListQuery,
  giftCardListSchema,
  giftCardResponseSchema,
  type IssueGiftCardBody,
  issuedGiftCardSchema,
  type VoidGiftCardBody,
} from '@atelier/contract';
import { currentWebsiteId, editorCall } from './client.ts';

// The Gift cards screen's calls: the staff API integrations use, with this session.
// Issuing carries an actionId made once per dialog opening, so a double submit or a
// retry after a lost answer makes one card (and the answer still carries its code).

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
    editorCall({
      method: 'GET',
      path: `${base()}${queryString(query)}`,
      response: giftCardListSchema,
    }),
  get: async (id: string) =>
    (await editorCall({ method: 'GET', path: cardPath(id), response: giftCardResponseSchema }))
      .giftCard,
  issue: (body: IssueGiftCardBody) =>
    editorCall({ method: 'POST', path: base(), body, response: issuedGiftCardSchema }),
  void: async (id: string, body: VoidGiftCardBody) =>
    (
      await editorCall({
        method: 'POST',
        path: `${cardPath(id)}/void`,
        body,
        response: giftCardResponseSchema,
      })
    ).giftCard,
};
