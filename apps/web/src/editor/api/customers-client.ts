import {
  type CustomerListQuery,
  customerListSchema,
  customerResponseSchema,
} from '@atelier/contract';
import { currentWebsiteId, editorCall } from './client.ts';

// The Customers screen's calls: the staff API integrations use, with this session.

const base = () =>
  `/api/content-service/commerce/1.1/websites/${encodeURIComponent(currentWebsiteId())}/customers`;
const customerPath = (email: string) => `${base()}/${encodeURIComponent(email)}`;

export const customersApi = {
  list: (query: Partial<CustomerListQuery>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') params.set(name, String(value));
    }
    const text = params.toString();
    return editorCall({
      method: 'GET',
      path: `${base()}${text ? `?${text}` : ''}`,
      response: customerListSchema,
    });
  },
  get: async (email: string) =>
    (
      await editorCall({
        method: 'GET',
        path: customerPath(email),
        response: customerResponseSchema,
      })
    ).customer,
  saveNote: async (email: string, note: string) =>
    (
      await editorCall({
        method: 'PUT',
        path: `${customerPath(email)}/note`,
        body: { note },
        response: customerResponseSchema,
      })
    ).customer,
  /** A download link: the session cookie goes with it. */
  exportUrl: () => `${base()}/export.csv`,
};
