import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mediaCreateBodySchema, mediaPaths, shareMediaSchema } from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { security, tags } from './route-support.ts';
import { createSharesService } from './shares.service.ts';

/** `POST /media/` with `type: "share"`: SelfCommunity's way for a member to share a contribution. */
export function registerShareRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createSharesService(deps);
  r.post(
    mediaPaths.create,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary:
          'Share a contribution (`type: "share"` with `shared_object`, or the SDK\'s `share_object`): ' +
          'answers the share media to attach to a post; the sharer earns the loyalty social-share points ' +
          'once per contribution. Other media types are not created here (400)',
        body: mediaCreateBodySchema,
        response: { 201: shareMediaSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      return reply.code(201).send(await service.share(stackId, caller, request.body));
    },
  );
}
