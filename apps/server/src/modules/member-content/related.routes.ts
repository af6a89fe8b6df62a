import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedObjectPaths,
  feedObjectSchema,
  memberListQuerySchema,
  memberPageOf,
  memberUserSchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { presentUsers } from '../member-people/member-people.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createFeedService } from './feed.service.ts';
import { pageOfContributors } from './member-content.repository.ts';
import { viewerOf, type MemberContentService } from './member-content.service.ts';
import { FEED_OBJECT_TYPES, idParams, security, tags } from './route-support.ts';

/** What a contribution's page shows beside it: who took part (`contributors/`) and `related/` contents. */
export function registerRelatedRoutes(
  scope: FastifyInstance,
  deps: MemberApiDeps,
  service: MemberContentService,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const feed = createFeedService(deps);
  const publicUrl = deps.config.publicUrl;
  for (const type of FEED_OBJECT_TYPES) {
    const paths = feedObjectPaths(type);

    r.get(
      paths.contributors,
      {
        config: { member: 'public' },
        schema: {
          tags,
          security,
          summary: `The members who commented on the ${type}, the latest commenter first`,
          params: idParams,
          querystring: memberListQuerySchema,
          response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        await service.checkReader(stackId, request.member);
        const viewer = viewerOf(request.member);
        const content = await service.readableContribution(stackId, type, request.params.id, viewer);
        return memberPage(request, publicUrl, request.query, async (limit, offset) => {
          const page = await pageOfContributors(deps.db, stackId, {
            contributionId: content.id,
            visibleOnly: !viewer.staff,
            limit,
            offset,
          });
          return { count: page.count, results: await presentUsers(deps, stackId, page.ids, request.member) };
        });
      },
    );

    r.get(
      paths.related,
      {
        config: { member: 'public' },
        schema: {
          tags,
          security,
          summary: `Visible contents of the ${type}'s category, by relevance, without it (none without a category)`,
          params: idParams,
          querystring: memberListQuerySchema,
          response: { 200: memberPageOf(feedObjectSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        await service.checkReader(stackId, request.member);
        const content = await service.readableContribution(
          stackId,
          type,
          request.params.id,
          viewerOf(request.member),
        );
        return memberPage(request, publicUrl, request.query, (limit, offset) =>
          feed.relatedFeed(stackId, request.member, content, limit, offset),
        );
      },
    );
  }
}
