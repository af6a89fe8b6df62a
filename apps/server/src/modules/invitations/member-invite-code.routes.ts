import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inviteCodeParamsSchema, memberInviteSchema } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { inviteByCode } from './invitations.service.ts';

/** Member API `invite_code/{code}/` (SelfCommunity A10): anyone holding a code may check it. */
export function registerMemberInviteCodeRoutes(scope: FastifyInstance, deps: Pick<PlatformDeps, 'db'>): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/invite_code/:code/',
    {
      config: { member: 'public' },
      schema: {
        tags: ['member-invitations'],
        summary: 'Check an invite code: the invitation behind it (404 unknown code, 400 already used)',
        params: inviteCodeParamsSchema,
        response: { 200: memberInviteSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => inviteByCode(deps.db, requireCommunity(request).stackId, request.params.code),
  );
}
