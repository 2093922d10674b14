import {
  type MailingListBody,
  mailingListListSchema,
  mailingListSchema,
  type SubscriberListQuery,
  subscriberImportResultSchema,
  subscriberListSchema,
  subscriberSchema,
} from '@atelier/contract';
import { noContent } from '../../ui/api-client.ts';
import { editorCall as call } from '../api/client.ts';

// The mailing lists' calls (issue 21): the staff API integrations use, with this session.

const LISTS = '/api/newsletter/1.0/lists';
const listPath = (listId: string) => `${LISTS}/${encodeURIComponent(listId)}`;

export const newsletterApi = {
  lists: () => call({ method: 'GET', path: LISTS, response: mailingListListSchema }),
  create: (body: MailingListBody) =>
    call({ method: 'POST', path: LISTS, body, response: mailingListSchema }),
  update: (listId: string, body: MailingListBody) =>
    call({ method: 'PUT', path: listPath(listId), body, response: mailingListSchema }),
  remove: (listId: string) =>
    call({ method: 'DELETE', path: listPath(listId), response: noContent }),
  subscribers: (listId: string, query: Partial<SubscriberListQuery>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '' && value !== 'all') params.set(name, String(value));
    }
    const text = params.toString();
    return call({
      method: 'GET',
      path: `${listPath(listId)}/subscribers${text ? `?${text}` : ''}`,
      response: subscriberListSchema,
    });
  },
  add: (listId: string, body: { email: string; name: string }) =>
    call({
      method: 'POST',
      path: `${listPath(listId)}/subscribers`,
      body,
      response: subscriberSchema,
    }),
  importCsv: (listId: string, csv: string) =>
    call({
      method: 'POST',
      path: `${listPath(listId)}/import`,
      body: { csv },
      response: subscriberImportResultSchema,
    }),
  unsubscribe: (listId: string, subscriberId: string) =>
    call({
      method: 'PATCH',
      path: `${listPath(listId)}/subscribers/${encodeURIComponent(subscriberId)}`,
      body: { status: 'unsubscribed' },
      response: subscriberSchema,
    }),
  removeSubscriber: (listId: string, subscriberId: string) =>
    call({
      method: 'DELETE',
      path: `${listPath(listId)}/subscribers/${encodeURIComponent(subscriberId)}`,
      response: noContent,
    }),
  /** A download link: the session cookie goes with it. */
  exportUrl: (listId: string) => `${listPath(listId)}/subscribers/export.csv`,
};
