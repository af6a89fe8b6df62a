import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedItemSchema,
  feedPaths,
  feedQuerySchema,
  feedReadBodySchema,
  feedUnseenCountSchema,
  memberPageOf,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireReader, visibleMember } from '../member-people/member-people.service.ts';
import { createFeedService } from './feed.service.ts';
import { idParams, noContent, security, slugParams } from './route-support.ts';

const tags = ['feed'];
const ORDER =
  'ordered by ordering, else the community setting (relevance, recent or last_activity, with the ' +
  'connection boost; the defaults while stream_settings is off)';

/** SelfCommunity's feed calls (`/c/{slug}/api/v2/feed/…`), behind the member guard. */
export function registerFeedRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createFeedService(deps);
  const publicUrl = deps.config.publicUrl;

  r.get(
    feedPaths.home,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary: `The home feed: the followed categories, the followed people and the member's own, ${ORDER}`,
        params: slugParams,
        querystring: feedQuerySchema,
        response: { 200: memberPageOf(feedItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.homeFeed(stackId, caller, request.query.ordering, limit, offset),
      );
    },
  );

  r.get(
    feedPaths.explore,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: `Every content the caller may see, ${ORDER}; 403 while explore_stream_enabled is off`,
        params: slugParams,
        querystring: feedQuerySchema,
        response: { 200: memberPageOf(feedItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.exploreFeed(stackId, request.member, request.query.ordering, limit, offset),
      );
    },
  );

  r.get(
    feedPaths.user,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: "A member's contributions, newest first (moderators also see hidden and deleted ones)",
        params: idParams,
        querystring: feedQuerySchema.omit({ ordering: true }),
        response: { 200: memberPageOf(feedItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      await visibleMember(deps, stackId, request.params.id, request.member);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.userFeed(stackId, request.member, request.params.id, limit, offset),
      );
    },
  );

  r.get(
    feedPaths.unseenCount,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary: 'How many home feed contents by others the member has not marked read (feed/read/)',
        params: slugParams,
        response: { 200: feedUnseenCountSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return service.unseenCount(stackId, requireMember(request));
    },
  );

  r.post(
    feedPaths.read,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary: 'Marks feed objects (discussions, posts, statuses by id) read for the member',
        params: slugParams,
        body: feedReadBodySchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      await service.markRead(stackId, requireMember(request), request.body.object);
      return reply.code(204).send(null);
    },
  );
}
