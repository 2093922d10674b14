import {
  CAMPAIGNS_PREFIX,
  type CampaignBlockInput,
  type CampaignBody,
  type CampaignRecipientQuery,
  campaignAudienceListSchema,
  campaignListSchema,
  campaignPreviewSchema,
  campaignRecipientPageSchema,
  campaignSchema,
  campaignTestResultSchema,
} from '@atelier/contract';
import { type ApiRequest, noContent } from '../../ui/api-client.ts';
import { callEditorApi, toApiError } from './client.ts';

// The Campaigns screen's calls (issue 21): the /api/campaigns/1.0 routes an integration
// calls with a key, with this session.

async function call<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const BASE = `${CAMPAIGNS_PREFIX}/campaigns`;
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const campaignsApi = {
  list: () => call({ method: 'GET', path: BASE, response: campaignListSchema }),
  get: (id: string) => call({ method: 'GET', path: one(id), response: campaignSchema }),
  create: (body: CampaignBody) =>
    call({ method: 'POST', path: BASE, body, response: campaignSchema }),
  update: (id: string, body: CampaignBody) =>
    call({ method: 'PUT', path: one(id), body, response: campaignSchema }),
  remove: (id: string) => call({ method: 'DELETE', path: one(id), response: noContent }),
  lists: () =>
    call({
      method: 'GET',
      path: `${CAMPAIGNS_PREFIX}/lists`,
      response: campaignAudienceListSchema,
    }),
  preview: (draft: { subject: string; previewText: string; blocks: CampaignBlockInput[] }) =>
    call({
      method: 'POST',
      path: `${CAMPAIGNS_PREFIX}/preview`,
      body: draft,
      response: campaignPreviewSchema,
    }),
  sendTest: (id: string, email: string) =>
    call({
      method: 'POST',
      path: `${one(id)}/test`,
      body: { email },
      response: campaignTestResultSchema,
    }),
  send: (id: string) => call({ method: 'POST', path: `${one(id)}/send`, response: campaignSchema }),
  cancel: (id: string) =>
    call({ method: 'POST', path: `${one(id)}/cancel`, response: campaignSchema }),
  resume: (id: string) =>
    call({ method: 'POST', path: `${one(id)}/resume`, response: campaignSchema }),
  recipients: (id: string, query: CampaignRecipientQuery) => {
    const params = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    );
    return call({
      method: 'GET',
      path: `${one(id)}/recipients?${params}`,
      response: campaignRecipientPageSchema,
    });
  },
};
