import { type HeaderFooterSave, headerFooterSchema } from '@atelier/contract';
import { editorCall } from './client.ts';

// The header & footer screen's calls (/api/site-header-footer), beside client.ts.

const call = (method: 'GET' | 'PUT', body?: HeaderFooterSave) =>
  editorCall({ method, path: '/api/site-header-footer', body, response: headerFooterSchema });

export const headerFooterApi = {
  get: () => call('GET'),
  save: (input: HeaderFooterSave) => call('PUT', input),
};
