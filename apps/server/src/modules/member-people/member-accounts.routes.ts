import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  memberSignUpBodySchema,
  memberUserSchema,
  ssoSignUpBodySchema,
  ssoSignUpResultSchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createMemberAccountsService } from './member-accounts.service.ts';
import { presentUser } from './member-people.service.ts';

const tags = ['member-people'];

/** `account/create/` (sign-up) and `sso/signup/` (admins register external members). */
export function registerMemberAccountRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const accounts = createMemberAccountsService(deps);

  r.post(
    '/account/create/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary:
          'Sign-up: open communities take anyone, invitation-only ones their admins only; with admin ' +
          'approval on, the new member waits as pending',
        body: memberSignUpBodySchema,
        response: { 201: memberUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const id = await accounts.signUp(stackId, request.body, request.member);
      // The new member's own data: the email they gave is part of the answer.
      const user = await presentUser(deps, stackId, id, request.member ?? undefined);
      const email = (request.body.email ?? '').trim();
      return reply.code(201).send({ ...user, email });
    },
  );

  r.post(
    '/sso/signup/',
    {
      config: { member: ['admin'] },
      schema: {
        tags,
        summary: 'SSO sign-up of an external member with optional ext_id, role and user tags (admins)',
        body: ssoSignUpBodySchema,
        response: { 201: ssoSignUpResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      return reply.code(201).send(await accounts.ssoSignUp(stackId, request.body));
    },
  );
}
