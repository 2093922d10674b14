import type {
  siteUserSignedInSchema,
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStatusSchema,
} from '@atelier/contract';
// Subpath import: the constants only, without zod, for the island.
import { SITE_USER_CHALLENGE_PATH } from '@atelier/contract/two-factor-http';
import { callApi, contractType, noContent } from '../../ui/api-client.ts';
import { surface } from './account-client.ts';

// A customer's two-step verification (/api/site-users/account/two-factor) and the second
// step of their sign-in, beside the account's other calls.

const PATH = '/api/site-users/account/two-factor';

export const twoFactorClient = {
  completeSignIn: (code: string) =>
    callApi(surface, {
      method: 'POST',
      path: SITE_USER_CHALLENGE_PATH,
      body: { code },
      response: contractType<typeof siteUserSignedInSchema>(),
    }),
  status: () =>
    callApi(surface, {
      method: 'GET',
      path: PATH,
      response: contractType<typeof twoFactorStatusSchema>(),
    }),
  begin: (password: string) =>
    callApi(surface, {
      method: 'POST',
      path: PATH,
      body: { password },
      response: contractType<typeof twoFactorEnrolmentSchema>(),
    }),
  confirm: (code: string) =>
    callApi(surface, {
      method: 'POST',
      path: `${PATH}/confirmation`,
      body: { code },
      response: contractType<typeof twoFactorRecoveryCodesSchema>(),
    }),
  turnOff: (body: { password: string; code: string }) =>
    callApi(surface, { method: 'DELETE', path: PATH, body, response: noContent }),
};
