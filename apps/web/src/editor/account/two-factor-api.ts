import {
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStatusSchema,
} from '@atelier/contract';
import { noContent } from '../../ui/api-client.ts';
import { editorCall } from '../api/client.ts';

// The signed-in member's own two-step verification (/api/config/account/two-factor).

const PATH = '/api/config/account/two-factor';

export const twoFactorApi = {
  status: () => editorCall({ method: 'GET', path: PATH, response: twoFactorStatusSchema }),
  begin: (password: string) =>
    editorCall({
      method: 'POST',
      path: PATH,
      body: { password },
      response: twoFactorEnrolmentSchema,
    }),
  confirm: (code: string) =>
    editorCall({
      method: 'POST',
      path: `${PATH}/confirmation`,
      body: { code },
      response: twoFactorRecoveryCodesSchema,
    }),
  turnOff: (input: { password: string; code: string }) =>
    editorCall({ method: 'DELETE', path: PATH, body: input, response: noContent }),
};
