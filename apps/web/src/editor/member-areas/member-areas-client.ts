import {
  type MemberAreaBody,
  memberAreaListSchema,
  memberAreaSchema,
  type PageAccessUpdate,
  pageAccessSchema,
} from '@atelier/contract';
import { noContent } from '../../ui/api-client.ts';
import { editorCall as call } from '../api/client.ts';

// Member areas and page access (issue 23): the /config calls, with this session.

const AREAS = '/api/config/member-areas';
const areaPath = (id: string) => `${AREAS}/${encodeURIComponent(id)}`;
const accessPath = (pageId: string) => `/api/config/pages/${encodeURIComponent(pageId)}/access`;

export const memberAreasApi = {
  list: () => call({ method: 'GET', path: AREAS, response: memberAreaListSchema }),
  create: (body: MemberAreaBody) =>
    call({ method: 'POST', path: AREAS, body, response: memberAreaSchema }),
  update: (id: string, body: MemberAreaBody) =>
    call({ method: 'PUT', path: areaPath(id), body, response: memberAreaSchema }),
  remove: (id: string) => call({ method: 'DELETE', path: areaPath(id), response: noContent }),
  pageAccess: (pageId: string) =>
    call({ method: 'GET', path: accessPath(pageId), response: pageAccessSchema }),
  setPageAccess: (pageId: string, body: PageAccessUpdate) =>
    call({ method: 'PUT', path: accessPath(pageId), body, response: pageAccessSchema }),
};
