import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedObjectSchema, memberListQuerySchema, memberPageOf } from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { disabledCategoryIds } from '../categories/member-categories.service.ts';
import { hiddenIdsOf } from '../member-people/hidden-members.repository.ts';
import { goneAuthorIds, feedContributionRows } from './feed.repository.ts';
import { searchContributionIds, SEARCH_COUNT_CAP } from './contribution-search.repository.ts';
import { feedObjects } from './member-content.serializers.ts';
import { viewerOf, type MemberContentService } from './member-content.service.ts';
import { FEED_OBJECT_TYPES, security, slugParams, tags } from './route-support.ts';

const searchQuerySchema = memberListQuerySchema.extend({
  search: z.string().trim().min(1).max(200).describe('Words found in the title or the text'),
});

/**
 * SelfCommunity's `GET /{discussion|post|status}/search/?search=`: the contents of a type whose title
 * or text holds the words, newest first, as FeedObjects, with the explore feed's visibility rules
 * (published, neither hidden nor deleted, no disabled category, no gone author nor one the caller hid;
 * a registered-only community's contents only for its members), for staff too.
 */
export function registerContributionSearchRoutes(
  scope: FastifyInstance,
  deps: MemberApiDeps,
  service: MemberContentService,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  for (const type of FEED_OBJECT_TYPES) {
    r.get(
      `/${type}/search/`,
      {
        config: { member: 'public' },
        schema: {
          tags,
          security,
          summary: `Search the community's ${type}s by the words of their title or text, newest first (the count stops at ${SEARCH_COUNT_CAP})`,
          params: slugParams,
          querystring: searchQuerySchema,
          response: { 200: memberPageOf(feedObjectSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        const caller = request.member;
        await service.checkReader(stackId, caller);
        const now = deps.clock.now();
        const [hiddenCategoryIds, gone, hiddenPeople] = await Promise.all([
          disabledCategoryIds(deps.db, stackId),
          goneAuthorIds(deps.db, stackId, now),
          caller ? hiddenIdsOf(deps.db, stackId, caller.userId) : Promise.resolve([]),
        ]);
        return memberPage(request, deps.config.publicUrl, request.query, async (limit, offset) => {
          const page = await searchContributionIds(
            deps.db,
            stackId,
            {
              type,
              text: request.query.search,
              hiddenCategoryIds,
              hiddenAuthorIds: [...gone, ...hiddenPeople],
              publishedFor: { now, viewerId: caller?.userId },
            },
            limit ?? 20,
            offset,
          );
          const rows = await feedContributionRows(deps.db, stackId, page.ids);
          return {
            count: page.count,
            results: await feedObjects(deps.db, stackId, rows, viewerOf(caller), now),
          };
        });
      },
    );
  }
}
