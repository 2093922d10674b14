import {
  type ErrorCode,
  errorResponses,
  sessionWriteCodes,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  twoFactorCodeSchema,
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStartSchema,
  twoFactorStatusSchema,
  twoFactorTurnOffSchema,
} from '@atelier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

// One's own two-step verification — status, set up, confirm, turn off — the same four
// routes for a member (/api/config/account/two-factor) and a customer
// (/api/site-users/account/two-factor). Who the caller is, how they are guarded and what
// the service does are the caller's; the paths, schemas and answers are this file's, so
// the two cannot drift apart.

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type Hooks = { preValidation?: Hook; onRequest?: Hook; preHandler?: Hook };

export type OwnTwoFactorRoutes<Who> = {
  path: string;
  tag: string;
  /** Who signs in here, for the documentation: "member" or "customer". */
  person: string;
  /** The 401 of a request without the person's session. */
  signInRequired: ErrorCode;
  /** How a wrong password (set-up, turning off) is refused. */
  passwordCodes: readonly ErrorCode[];
  /** The status read's hooks; writes add the address limit and the crumb. */
  readHooks: Hooks;
  writeHooks: Hooks;
  /** The status answer's cache-control (the key and codes are always no-store). */
  statusCacheControl: string;
  /** The signed-in person, or throws signInRequired. */
  whoIs: (request: FastifyRequest, reply: FastifyReply) => Promise<Who> | Who;
  status: (who: Who) => Promise<TwoFactorStatus>;
  begin: (who: Who, password: string, request: FastifyRequest) => Promise<TwoFactorEnrolment>;
  /** Turns it on; the caller ends the person's other sessions and tells them. */
  confirm: (
    who: Who,
    code: string,
    request: FastifyRequest,
  ) => Promise<{ recoveryCodes: string[] }>;
  /** Turns it off; the caller ends the person's other sessions and tells them. */
  turnOff: (
    who: Who,
    input: { password: string; code: string },
    request: FastifyRequest,
  ) => Promise<void>;
};

export function registerOwnTwoFactorRoutes<Who>(
  app: FastifyInstance,
  flow: OwnTwoFactorRoutes<Who>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = [flow.tag];
  const ownCodes = [flow.signInRequired, ...sessionWriteCodes];

  api.get(
    flow.path,
    {
      ...flow.readHooks,
      schema: {
        tags,
        summary: `Whether two-step verification is on for the signed-in ${flow.person}`,
        response: { 200: twoFactorStatusSchema, ...errorResponses([flow.signInRequired]) },
      },
    },
    async (request, reply) => {
      const who = await flow.whoIs(request, reply);
      reply.header('cache-control', flow.statusCacheControl);
      return flow.status(who);
    },
  );

  api.post(
    flow.path,
    {
      ...flow.writeHooks,
      schema: {
        tags,
        summary:
          'Start setting up two-step verification (needs the password): a new key, shown this once',
        body: twoFactorStartSchema,
        response: {
          200: twoFactorEnrolmentSchema,
          ...errorResponses(ownCodes, flow.passwordCodes, ['TWO_FACTOR_STATE']),
        },
      },
    },
    async (request, reply) => {
      const who = await flow.whoIs(request, reply);
      reply.header('cache-control', 'no-store');
      return flow.begin(who, request.body.password, request);
    },
  );

  api.post(
    `${flow.path}/confirmation`,
    {
      ...flow.writeHooks,
      schema: {
        tags,
        summary:
          "Turn it on with the app's first code; answers the recovery codes, shown once. Every other session of the person ends and they are emailed",
        body: twoFactorCodeSchema,
        response: {
          200: twoFactorRecoveryCodesSchema,
          ...errorResponses(ownCodes, ['TWO_FACTOR_FAILED', 'TWO_FACTOR_STATE']),
        },
      },
    },
    async (request, reply) => {
      const who = await flow.whoIs(request, reply);
      reply.header('cache-control', 'no-store');
      return flow.confirm(who, request.body.code, request);
    },
  );

  api.delete(
    flow.path,
    {
      ...flow.writeHooks,
      schema: {
        tags,
        summary:
          'Turn two-step verification off (needs the password and a code). Every other session of the person ends and they are emailed',
        body: twoFactorTurnOffSchema,
        response: {
          204: z.null(),
          ...errorResponses(ownCodes, flow.passwordCodes, [
            'TWO_FACTOR_FAILED',
            'TWO_FACTOR_STATE',
          ]),
        },
      },
    },
    async (request, reply) => {
      const who = await flow.whoIs(request, reply);
      await flow.turnOff(who, request.body, request);
      return reply.status(204).send(null);
    },
  );
}
