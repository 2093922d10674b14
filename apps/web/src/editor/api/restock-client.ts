import {
  type RestockSendRequest,
  restockGroupsResponseSchema,
  restockSendResponseSchema,
  restockSignUpsResponseSchema,
} from '@atelier/contract';
import { currentWebsiteId, editorCall } from './client.ts';

// The Restock requests screen's calls: the staff API integrations use, with this session.

const base = () =>
  `/api/content-service/commerce/1.1/websites/${encodeURIComponent(currentWebsiteId())}/restock`;

export const restockApi = {
  groups: (cursor?: string | null) =>
    editorCall({
      method: 'GET',
      path: `${base()}/groups${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      response: restockGroupsResponseSchema,
    }),
  signUps: (request: RestockSendRequest, cursor?: string | null) => {
    const params = new URLSearchParams({ ...request, ...(cursor ? { cursor } : {}) });
    return editorCall({
      method: 'GET',
      path: `${base()}?${params.toString()}`,
      response: restockSignUpsResponseSchema,
    });
  },
  send: (request: RestockSendRequest) =>
    editorCall({
      method: 'POST',
      path: `${base()}/send`,
      body: request,
      response: restockSendResponseSchema,
    }),
  sendAll: (sendRequests: RestockSendRequest[]) =>
    editorCall({
      method: 'POST',
      path: `${base()}/send/all`,
      body: { sendRequests },
      response: restockSendResponseSchema,
    }),
};
