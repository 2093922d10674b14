import type { Role } from '@atelier/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app.ts';

// Test helper: a browser's view of the editor API through app.inject(): it keeps the
// cookies the server sets (crumb, session) and echoes the crumb on every write.

export type EditorClient = {
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: InjectOptions['payload'],
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  cookies: Record<string, string>;
  xsrfToken: string;
};

export async function editorClient(t: TestApp, host = 'localhost'): Promise<EditorClient> {
  const cookies: Record<string, string> = {};
  const keep = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date }[]) {
      const isCleared =
        cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (isCleared) delete cookies[cookie.name];
      else cookies[cookie.name] = cookie.value;
    }
    return response;
  };
  const first = keep(
    await t.app.inject({ method: 'GET', url: '/api/config/session', headers: { host } }),
  );
  const xsrfToken: string = first.json().xsrfToken;
  return {
    cookies,
    xsrfToken,
    call: async (method, url, payload, headers = {}) =>
      keep(
        await t.app.inject({
          method,
          url,
          ...(payload !== undefined && { payload }),
          headers: { host, 'x-csrf-token': xsrfToken, ...headers },
          cookies: { ...cookies },
        }),
      ),
  };
}

/** A client signed in as the website's owner, created on the first visit. */
export async function ownerClient(
  t: TestApp,
  credentials = { email: 'owner@example.com', password: 'correct horse battery' },
): Promise<EditorClient> {
  const client = await editorClient(t);
  const created = await client.call('POST', '/api/config/owner', credentials);
  if (created.statusCode !== 201) throw new Error(`owner not created: ${created.body}`);
  return client;
}

/**
 * A client signed in as a new member of the website, added with `role` by `owner` (a
 * client signed in as its owner or an administrator).
 */
export async function memberClient(
  t: TestApp,
  owner: EditorClient,
  { email, role, password = 'member password 1' }: { email: string; role: Role; password?: string },
): Promise<EditorClient> {
  const added = await owner.call('POST', '/api/config/members', { email, password, role });
  if (added.statusCode !== 201) throw new Error(`member not added: ${added.body}`);
  const client = await editorClient(t);
  const signedIn = await client.call('POST', '/api/config/session', { email, password });
  if (signedIn.statusCode !== 200) throw new Error(`member not signed in: ${signedIn.body}`);
  return client;
}
