import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsCategoryTableAnswerSchema,
  analyticsContributionTableAnswerSchema,
  analyticsPaths as paths,
  analyticsServerPaths,
  analyticsTablePageQuerySchema,
  analyticsUserInsightParamsSchema,
  analyticsUserTableAnswerSchema,
  assignTagsAnswerSchema,
  assignTagsBodySchema,
  userInsightAnswerSchema,
  userTagListAnswerSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { pageEnvelope } from '../../platform/http/page-links.ts';
import '../activity/activity.tables.ts';
import '../categories/categories.tables.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createAnalyticsTablesService, type Page, type Viewer } from './analytics-tables.service.ts';
import type { Db } from '../../platform/db/database.ts';
import { seesEmails } from '../staff/email-visibility.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['analytics tables'];
const security = [{ bearer: [] }];
const usersConfig = { ...areaAccess('analytics'), feature: 'data_provisioning_users' as const };
const contentsConfig = { ...areaAccess('analytics'), feature: 'data_provisioning_contents' as const };
const QUERY =
  'from/to (YYYY-MM-DD, `to` included, or ISO date-times) bound the counted activity; limit ≤ 100, offset; ' +
  'search; ordering = a column, `-column` for descending.';

async function viewerOf(db: Db, request: FastifyRequest): Promise<Viewer> {
  const staff = requireStaff(request);
  return { stackId: staff.stackId, seesEmails: await seesEmails(db, staff.stackId, staff.userId) };
}

/** `{count, next, previous, results}` with absolute next/previous links (same query, moved offset). */
function paged<T>(request: FastifyRequest, publicUrl: string, page: Page<T>, limit: number, offset: number) {
  return pageEnvelope(request, publicUrl, page, limit, offset);
}

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerAnalyticsTableRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createAnalyticsTablesService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;

  r.get(
    paths.tablesUsers,
    {
      config: usersConfig,
      schema: {
        tags,
        security,
        summary: `Members with their activity counts. ${QUERY} Emails only for admins (null otherwise).`,
        querystring: analyticsTablePageQuerySchema,
        response: { 200: analyticsUserTableAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await service.users(await viewerOf(deps.db, request), q);
      return { data: paged(request, publicUrl, page, q.limit, q.offset) };
    },
  );

  r.get(
    paths.tablesCategories,
    {
      config: contentsConfig,
      schema: {
        tags,
        security,
        summary: `Categories with their activity counts. ${QUERY}`,
        querystring: analyticsTablePageQuerySchema,
        response: { 200: analyticsCategoryTableAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await service.categories(await viewerOf(deps.db, request), q);
      return { data: paged(request, publicUrl, page, q.limit, q.offset) };
    },
  );

  r.get(
    paths.tablesContributions,
    {
      config: contentsConfig,
      schema: {
        tags,
        security,
        summary: `Contributions created within from/to with their comments, appreciations, shares, views and poll votes. ${QUERY}`,
        querystring: analyticsTablePageQuerySchema,
        response: { 200: analyticsContributionTableAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await service.contributions(await viewerOf(deps.db, request), q);
      return { data: paged(request, publicUrl, page, q.limit, q.offset) };
    },
  );

  r.get(
    paths.userInsight,
    {
      config: usersConfig,
      schema: {
        tags,
        security,
        summary:
          "A community user's profile summary, most appreciated / commented / shared contributions (top 5), " +
          'connections, followers, followings (first 20 and counts) and categories',
        params: analyticsUserInsightParamsSchema.extend({ slug: z.string() }),
        response: { 200: userInsightAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.userInsight(await viewerOf(deps.db, request), request.params.userId),
    }),
  );

  r.post(
    analyticsServerPaths.assignTags,
    {
      config: usersConfig,
      schema: {
        tags,
        security,
        summary:
          "Give the selected users the chosen user tags (400 code tag_assignment when an id is not this community's)",
        body: assignTagsBodySchema,
        response: { 200: assignTagsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.assignTags(requireStaff(request).stackId, request.body) }),
  );

  r.get(
    analyticsServerPaths.userTags,
    {
      config: usersConfig,
      schema: {
        tags,
        security,
        summary: "The community's active user tags (to assign to selected users)",
        response: { 200: userTagListAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.userTags(requireStaff(request).stackId) }),
  );
}
