import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contributionFollowingSchema,
  contributionFollowPaths,
  feedObjectSchema,
  memberListQuerySchema,
  memberPageOf,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createContributionFollowsService } from './contribution-follows.service.ts';
import type { MemberContentService } from './member-content.service.ts';
import { FEED_OBJECT_TYPES, idParams, noContent, security, slugParams, tags } from './route-support.ts';

/**
 * `{type}/{id}/follow/` (toggle), `{type}/{id}/following/` and `{type}/following/`: a member follows
 * a contribution to hear of the comments others write on it.
 */
export function registerContributionFollowRoutes(
  scope: FastifyInstance,
  deps: MemberApiDeps,
  contents: MemberContentService,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createContributionFollowsService(deps, contents);
  for (const type of FEED_OBJECT_TYPES) {
    const paths = contributionFollowPaths(type);

    r.post(
      paths.follow,
      {
        config: { member: 'member' },
        schema: {
          tags,
          security,
          summary:
            `Follow the ${type}, or stop following it (toggle): its followers are notified of the comments ` +
            'others write on it',
          params: idParams,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.toggle(
          requireCommunity(request).stackId,
          requireMember(request),
          type,
          request.params.id,
        );
        return reply.code(204).send(null);
      },
    );

    r.get(
      paths.following,
      {
        config: { member: 'member' },
        schema: {
          tags,
          security,
          summary: `Whether the caller follows the ${type}`,
          params: idParams,
          response: { 200: contributionFollowingSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.following(requireCommunity(request).stackId, requireMember(request), type, request.params.id),
    );

    r.get(
      paths.followedList,
      {
        config: { member: 'member' },
        schema: {
          tags,
          security,
          summary: `The ${type}s the caller follows, latest follow first (hidden and deleted ones left out)`,
          params: slugParams,
          querystring: memberListQuerySchema,
          response: { 200: memberPageOf(feedObjectSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        const caller = requireMember(request);
        return memberPage(request, deps.config.publicUrl, request.query, (limit, offset) =>
          service.followed(stackId, caller, type, limit, offset),
        );
      },
    );
  }
}
