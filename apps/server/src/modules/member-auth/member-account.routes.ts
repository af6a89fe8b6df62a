import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountCodeCheckSchema,
  accountRecoverBodySchema,
  accountResetBodySchema,
  accountTokenAnswerSchema,
  accountVerifyBodySchema,
  ssoTokenAnswerSchema,
  ssoTokenBodySchema,
} from '@agora/contract';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createMemberAccountService, type MemberAccountDeps } from './member-account.service.ts';
import { createMemberSsoService } from './member-sso.service.ts';

const tags = ['member-auth'];

/**
 * A member's account by email and single sign-on (issue 18 §2): SelfCommunity's `account/verify/`,
 * `account/recover/`, `account/reset/`, and Agora's `sso/token/` for an owner's own app.
 */
export function registerMemberAccountEmailRoutes(scope: FastifyInstance, platform: MemberAccountDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const deps = { accounts: createMemberAccountService(platform), sso: createMemberSsoService(platform) };
  const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

  r.post(
    '/account/verify/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary:
          'Verifies the email address a one-time code was sent to (the link of the verification email) and ' +
          'signs the member in; 403 account_pending while the registration waits for approval',
        body: accountVerifyBodySchema,
        response: { 200: accountTokenAnswerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const answer = await deps.accounts.verify(stackId, request.body.validation_code, request.ip);
      return reply.headers(noStore).send(answer);
    },
  );

  r.post(
    '/account/verify/validation_code/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'Whether a one-time code of an email is still valid, and for what (it is not used up)',
        body: accountVerifyBodySchema,
        response: { 200: accountCodeCheckSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return deps.accounts.check(stackId, request.body.validation_code, request.ip);
    },
  );

  r.post(
    '/account/verify/send/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary:
          'Sends the caller a new verification email for their address (none when it is verified); the earlier link stops working',
        response: { 200: z.object({ sent: z.boolean() }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const { userId } = requireMember(request);
      return { sent: await deps.accounts.resendVerification(stackId, userId, request.ip) };
    },
  );

  r.post(
    '/account/recover/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary:
          'Emails a password recovery link to the member with this address; 204 whether or not the ' +
          'address is known (throttled per address and client as sign-in is)',
        body: accountRecoverBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      await deps.accounts.recover(stackId, request.body.email, request.ip, (error) =>
        request.log.warn({ err: error }, 'password recovery email not sent'),
      );
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/account/reset/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary:
          "Sets a new password with the recovery email's one-time code, ends the member's other sign-ins " +
          'and signs them in',
        body: accountResetBodySchema,
        response: { 200: accountTokenAnswerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const { validation_code, password } = request.body;
      const answer = await deps.accounts.reset(stackId, validation_code, password, request.ip);
      return reply.headers(noStore).send(answer);
    },
  );

  r.post(
    '/sso/token/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary:
          "Single sign-on from the owner's own app: trades a JWT signed with the community's JWT key " +
          '(HS256/HS512 as jwt_algorithm says; claims exp, and user_id or ext_id, with username, email, ' +
          'real_name to create a member an unknown ext_id names) for a member sign-in',
        body: ssoTokenBodySchema,
        response: { 200: ssoTokenAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      return reply.headers(noStore).send(await deps.sso.exchange(stackId, request.body.token));
    },
  );
}
