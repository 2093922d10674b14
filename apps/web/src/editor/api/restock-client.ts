import {
  type RestockSendRequest,
  restockGroupsResponseSchema,
  restockSendResponseSchema,
  restockSignUpsResponseSchema,
} from '@atelier/contract';
import type { ApiRequest } from '../../ui/api-client.ts';
import { callEditorApi, currentWebsiteId, toApiError } from './client.ts';

// The Restock requests screen's calls: the staff API integrations use, with this session.

async function call<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const base = () =>
  `/api/content-service/commerce/1.1/websites/${encodeURIComponent(currentWebsiteId())}/restock`;

export const restockApi = {
  groups: (cursor?: string | null) =>
    call({
      method: 'GET',
      path: `${base()}/groups${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      response: restockGroupsResponseSchema,
    }),
  signUps: (request: RestockSendRequest, cursor?: string | null) => {
    const params = new URLSearchParams({ ...request, ...(cursor ? { cursor } : {}) });
    return call({
      method: 'GET',
      path: `${base()}?${params.toString()}`,
      response: restockSignUpsResponseSchema,
    });
  },
  send: (request: RestockSendRequest) =>
    call({
      method: 'POST',
      path: `${base()}/send`,
      body: request,
      response: restockSendResponseSchema,
    }),
  sendAll: (sendRequests: RestockSendRequest[]) =>
    call({
      method: 'POST',
      path: `${base()}/send/all`,
      body: { sendRequests },
      response: restockSendResponseSchema,
    }),
};
