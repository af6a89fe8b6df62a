import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeUsersFullAnswerSchema,
  analyticsPaths as paths,
  dashboardLayoutAnswerSchema,
  dashboardLayoutParamsSchema,
  dataProvisioningCheckAnswerSchema,
  engagementFullAnswerSchema,
  reportQuerySchema,
  retentionFullAnswerSchema,
  retentionReportQuerySchema,
  socialDensityFullAnswerSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff, stackGuard } from '../../platform/stack-scope/stack-scope.ts';
import { createDataProvisioningService } from './data-provisioning.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['data provisioning'];
/** The guard reads the slug after validation: params schemas must keep it. */
const layoutParams = dashboardLayoutParamsSchema.extend({ slug: z.string() });
const security = [{ bearer: [] }];
const reports = { ...areaAccess('analytics'), feature: 'data_provisioning_reports' as const };
const dashboard = { ...areaAccess('analytics'), feature: 'data_provisioning_dashboard' as const };
const WINDOW =
  'Members are community users without a staff role; the window is the 30 days ending with ?date (UTC, ' +
  'default today).';

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerDataProvisioningRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createDataProvisioningService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const guardBeforeBody = stackGuard(deps.stackScope);

  r.get(
    paths.activeUsers,
    {
      config: reports,
      schema: {
        tags,
        security,
        summary: `Active users: members who logged in within the last month. ${WINDOW}`,
        querystring: reportQuerySchema,
        response: { 200: activeUsersFullAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.activeUsers(requireStaff(request).stackId, request.query.date),
    }),
  );

  r.get(
    paths.retention,
    {
      config: reports,
      schema: {
        tags,
        security,
        summary:
          'Retention = 100 × (active − new) / members registered before the window, for each of the last ' +
          `?period months (default 2; the last one ends with ?date). ${WINDOW}`,
        querystring: retentionReportQuerySchema,
        response: { 200: retentionFullAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.retention(requireStaff(request).stackId, request.query.period, request.query.date),
    }),
  );

  r.get(
    paths.engagement,
    {
      config: reports,
      schema: {
        tags,
        security,
        summary: `Engagement = 100 × members who contributed or commented / active users. ${WINDOW}`,
        querystring: reportQuerySchema,
        response: { 200: engagementFullAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.engagement(requireStaff(request).stackId, request.query.date),
    }),
  );

  r.get(
    paths.socialDensity,
    {
      config: reports,
      schema: {
        tags,
        security,
        summary:
          'Social density = connections / (n × (n − 1) / 2), n = members registered by ?date; with ' +
          'follow_enabled the links are the distinct member pairs joined by a follow.',
        querystring: reportQuerySchema,
        response: { 200: socialDensityFullAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.socialDensity(requireStaff(request).stackId, request.query.date),
    }),
  );

  r.get(
    paths.check,
    {
      // No feature on the route: it answers available=false when the flags are off.
      config: areaAccess('analytics'),
      schema: {
        tags,
        security,
        summary: 'Whether data provisioning is available (one of the data_provisioning_* flags is on)',
        response: { 200: dataProvisioningCheckAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: { available: await service.available(requireStaff(request).stackId) } }),
  );

  r.get(
    paths.dashboard,
    {
      config: dashboard,
      schema: {
        tags,
        security,
        summary:
          "The caller's saved dashboard layout ('' when never saved); userId is the caller's community user id",
        params: layoutParams,
        response: { 200: dashboardLayoutAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return { data: { layout: await service.layout(staff.stackId, staff.userId, request.params.userId) } };
    },
  );

  r.post(
    paths.dashboard,
    {
      config: dashboard,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary:
          "Save the caller's dashboard layout: multipart (or form/JSON) field `layout`, a JSON text of at most 100 KB",
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        params: layoutParams,
        body: z.object({ layout: z.unknown() }).partial().optional(),
        response: { 200: dashboardLayoutAnswerSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const layout = await service.saveLayout(
        staff.stackId,
        staff.userId,
        request.params.userId,
        request.body?.layout,
      );
      return { data: { layout } };
    },
  );
}
