import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryAudienceSchema,
  categoryFollowedStatusSchema,
  categoryMemberPaths as paths,
  feedUnitSchema,
  memberCategoryListQuerySchema,
  memberCategorySchema,
  memberCategoryWriteBodySchema,
  memberListQuerySchema,
  memberPageOf,
  memberUserSchema,
  rowIdSchema,
  userCategoriesQuerySchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { createFeedService } from '../member-content/feed.service.ts';
import { pageOfCategoryFollowers } from '../member-people/category-interests.repository.ts';
import { presentUsers, requireReader, visibleMember } from '../member-people/member-people.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { CATEGORY_MANAGERS, createMemberCategoriesService } from './member-categories.service.ts';

const tags = ['categories'];
const security = [{ bearer: [] }];
const slugParams = z.object({ slug: z.string() });
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const noContent = { 204: z.null().describe('Done'), ...errorResponses(400, 401, 403, 404, 409) };

/** SelfCommunity's category calls (`/c/{slug}/api/v2/category/…`), behind the member guard. */
export function registerMemberCategoryRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createMemberCategoriesService(deps);
  const feed = createFeedService(deps);
  const publicUrl = deps.config.publicUrl;

  for (const path of [paths.list, paths.search]) {
    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          security,
          summary:
            'The enabled categories (manual order when manual_categories_order_enabled, else by name); ' +
            'search in titles and synonyms; active/deleted filters for category managers; the whole list without limit',
          params: slugParams,
          querystring: memberCategoryListQuerySchema,
          response: { 200: memberPageOf(memberCategorySchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        await requireReader(deps, request, stackId);
        return memberPage(
          request,
          publicUrl,
          request.query,
          (limit, offset) => service.list(stackId, request.member, request.query, limit, offset),
          Infinity,
        );
      },
    );
  }

  r.get(
    paths.followed,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary: 'The categories the caller follows',
        params: slugParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberCategorySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      return memberPage(
        request,
        publicUrl,
        request.query,
        (limit, offset) => service.followed(stackId, caller, limit, offset),
        Infinity,
      );
    },
  );

  r.get(
    paths.popular,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: 'The enabled categories, most followed first',
        params: slugParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberCategorySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.popular(stackId, request.member, limit, offset),
      );
    },
  );

  r.get(
    paths.audience,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary:
          "Who a content in the category reaches: its followers and, of them, the caller's connections",
        params: idParams,
        response: { 200: categoryAudienceSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      return service.audience(stackId, request.params.id, request.member);
    },
  );

  r.post(
    paths.list,
    {
      config: { member: CATEGORY_MANAGERS },
      schema: {
        tags,
        security,
        summary: 'Create a category (category managers); slug "_GENERATE_" or empty derives it from the name',
        params: slugParams,
        body: memberCategoryWriteBodySchema,
        response: { 201: memberCategorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const created = await service.create(stackId, requireMember(request), request.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    paths.one,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: 'One category (404 when disabled, except for category managers)',
        params: idParams,
        response: { 200: memberCategorySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      return service.one(stackId, request.params.id, request.member);
    },
  );

  for (const [method, partial] of [
    ['put', false],
    ['patch', true],
  ] as const) {
    r[method](
      paths.one,
      {
        config: { member: CATEGORY_MANAGERS },
        schema: {
          tags,
          security,
          summary: partial ? 'Change some fields of a category' : 'Change a category (name required)',
          params: idParams,
          body: memberCategoryWriteBodySchema,
          response: { 200: memberCategorySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        return service.update(stackId, requireMember(request), request.params.id, request.body, partial);
      },
    );
  }

  r.delete(
    paths.one,
    {
      config: { member: CATEGORY_MANAGERS },
      schema: {
        tags,
        security,
        summary: 'Delete a category (409 while it holds contents: move them in the console first)',
        params: idParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.remove(requireCommunity(request).stackId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    paths.follow,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary:
          'Follow the category, or stop following it (toggle; refused for forced auto-follow and while ' +
          'category_follow_enabled is off)',
        params: idParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.toggleFollow(
        requireCommunity(request).stackId,
        request.params.id,
        requireMember(request),
      );
      return reply.code(204).send(null);
    },
  );

  r.get(
    paths.isFollowed,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary: 'Whether the caller follows the category',
        params: idParams,
        response: { 200: categoryFollowedStatusSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      is_followed: await service.isFollowed(
        requireCommunity(request).stackId,
        request.params.id,
        requireMember(request),
      ),
    }),
  );

  r.get(
    paths.followers,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: 'Members who follow the category, newest first',
        params: idParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      await service.visible(stackId, request.params.id, request.member);
      return memberPage(request, publicUrl, request.query, async (limit, offset) => {
        const page = await pageOfCategoryFollowers(deps.db, stackId, request.params.id, limit, offset);
        return { count: page.count, results: await presentUsers(deps, stackId, page.ids, request.member) };
      });
    },
  );

  r.get(
    paths.feed,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary:
          "The category's visible contributions as feed units in the category's stream_order_by " +
          '(recent, last_activity or relevance; ADR 0022); 404 when disabled',
        params: idParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(feedUnitSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      const category = await service.visible(stackId, request.params.id, request.member);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        feed.categoryFeed(stackId, request.member, category, limit, offset),
      );
    },
  );

  r.get(
    paths.trendingFeed,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary:
          "The category's visible contributions as feed units by relevance (votes, comments and " +
          'recency; ADR 0022); 404 when disabled',
        params: idParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(feedUnitSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      const category = await service.visible(stackId, request.params.id, request.member);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        feed.categoryFeed(stackId, request.member, category, limit, offset, 'relevance'),
      );
    },
  );

  r.get(
    paths.trendingFollowers,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary:
          'Members who follow the category: those who published most in it over the last 30 days ' +
          'first, then the newest followers',
        params: idParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      await service.visible(stackId, request.params.id, request.member);
      return memberPage(request, publicUrl, request.query, async (limit, offset) => {
        const page = await service.trendingFollowers(stackId, request.params.id, limit, offset);
        return { count: page.count, results: await presentUsers(deps, stackId, page.ids, request.member) };
      });
    },
  );

  r.get(
    paths.suggestion,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: 'Enabled categories the caller does not follow, most followed first',
        params: slugParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberCategorySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.suggested(stackId, request.member, limit, offset),
      );
    },
  );

  r.get(
    paths.userCategories,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary:
          'The enabled categories a member follows, in the list order (mutual: only those that ' +
          'other member follows too)',
        params: idParams,
        querystring: userCategoriesQuerySchema,
        response: { 200: z.array(memberCategorySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      await visibleMember(deps, stackId, request.params.id, request.member);
      if (request.query.mutual !== undefined) {
        await visibleMember(deps, stackId, request.query.mutual, request.member);
      }
      return service.followedBy(stackId, request.params.id, request.member, request.query.mutual);
    },
  );
}
