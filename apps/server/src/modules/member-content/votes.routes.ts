import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contentVoteSchema,
  feedObjectPaths,
  memberContentPaths,
  memberListQuerySchema,
  memberPageOf,
  type FeedObjectType,
  voteReactionBodySchema,
  voteReactionQuerySchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import type { MemberContentService } from './member-content.service.ts';
import { FEED_OBJECT_TYPES, idParams, noContent, security, tags } from './route-support.ts';

/** `…/vote/`: a member's vote on a contribution or a comment toggles; anyone who may read lists them. */
export function registerVoteRoutes(
  scope: FastifyInstance,
  deps: MemberApiDeps,
  service: MemberContentService,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const targets: { path: string; type: FeedObjectType | 'comment' }[] = [
    ...FEED_OBJECT_TYPES.map((type) => ({ path: feedObjectPaths(type).vote, type })),
    { path: memberContentPaths.commentVote, type: 'comment' as const },
  ];
  for (const { path, type } of targets) {
    r.post(
      path,
      {
        config: { member: 'member' },
        schema: {
          tags,
          security,
          summary:
            `Vote the ${type} with a reaction (the default one when none is named), change the reaction, or take ` +
            'the vote back (the same reaction, or no reaction, again); the author earns like points on a new vote',
          params: idParams,
          querystring: voteReactionQuerySchema,
          body: voteReactionBodySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { stackId } = requireCommunity(request);
        const caller = requireMember(request);
        const reaction = request.body?.reaction ?? request.query.reaction;
        if (type === 'comment') await service.voteComment(stackId, caller, request.params.id, reaction);
        else await service.voteContribution(stackId, caller, type, request.params.id, reaction);
        return reply.code(204).send(null);
      },
    );

    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          security,
          summary: `Who voted the ${type}, latest first`,
          params: idParams,
          querystring: memberListQuerySchema,
          response: { 200: memberPageOf(contentVoteSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        return memberPage(request, deps.config.publicUrl, request.query, (limit, offset) =>
          service.votes(stackId, request.member, { type, id: request.params.id }, limit, offset),
        );
      },
    );
  }
}
