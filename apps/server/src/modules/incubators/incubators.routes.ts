import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  incubatorListQuerySchema,
  incubatorListSchema,
  incubatorPaths as paths,
  incubatorSchema,
  incubatorStatusBodySchema,
  incubatorThresholdBodySchema,
  incubatorThresholdSchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { INCUBATOR_READY_JOB, createIncubatorsService } from './incubators.service.ts';

const tags = ['incubators'];
const security = [{ bearer: [] }];
/** The incubator is a tab of the categories area, behind the `incubators` flag. */
const access = { ...areaAccess('categories'), feature: 'incubators' as const };
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const errors = errorResponses(400, 401, 403, 404);

/** The console's incubator tab (registered inside the community guard). */
export function registerIncubatorRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createIncubatorsService(deps);
  deps.jobs.register(INCUBATOR_READY_JOB, (job) => service.tellStaff(job));
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const stackOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request).stackId;

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Category proposals, newest first, with their adhesions; filter by status (paged)',
        querystring: incubatorListQuerySchema,
        response: { 200: dataEnvelope(incubatorListSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(stackOf(request), request.query) }),
  );

  r.post(
    paths.status,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          "Change a proposal's status: publish (creates the category), votable, hide, ignore, restore " +
          "(400 'Error on update incubator status' where the action does not apply)",
        params: idParams,
        body: incubatorStatusBodySchema,
        response: { 200: dataEnvelope(incubatorSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.act(stackOf(request), request.params.id, request.body.action),
    }),
  );

  r.get(
    paths.threshold,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'The threshold of adhesions that makes a votable proposal ready to publish',
        response: { 200: dataEnvelope(incubatorThresholdSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.readThreshold(stackOf(request)) }),
  );

  r.post(
    paths.threshold,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          "Set the threshold (clamped into 10..1200; 400 'Error on update threshold' when not a whole number)",
        body: incubatorThresholdBodySchema,
        response: { 200: dataEnvelope(incubatorThresholdSchema), ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return {
        data: await service.updateThreshold(staff.stackId, request.body.threshold, staff.accountId),
      };
    },
  );
}
