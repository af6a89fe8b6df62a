import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SCORE_ACTIONS,
  dataEnvelope,
  manualScoreBodySchema,
  manualScoreResultSchema,
  scoreActionSchema,
  scoreConfigBodySchema,
  scoreConfigSchema,
  scoreHistoryPageSchema,
  scoreHistoryQuerySchema,
  scoringPaths as paths,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createScoringService } from './scoring.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['scoring'];
const security = [{ bearer: [] }];
const config = { ...areaAccess('scoring'), feature: 'scoring' as const };
/** The guard reads the slug after validation: params schemas must keep it. */
const userParams = z.object({ slug: z.string(), user_id: rowIdSchema });

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerScoringRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createScoringService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.config,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Points per action and maximum daily points per user',
        response: { 200: dataEnvelope(scoreConfigSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.config(requireStaff(request).stackId) }),
  );

  r.post(
    paths.config,
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Change points per action (integers, |n| ≤ 1000; zero refused for publishing and likes; the ' +
          'removed-content penalty ≤ 0) and max_daily_points (0 = no limit); only the given values change',
        body: scoreConfigBodySchema,
        response: { 200: dataEnvelope(scoreConfigSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.updateConfig(requireStaff(request).stackId, request.body) }),
  );

  r.post(
    paths.add,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Add or subtract points by hand (non-zero integer, |points| ≤ 10000) with a comment',
        body: manualScoreBodySchema,
        response: { 200: dataEnvelope(manualScoreResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return {
        data: await service.addManual(staff.stackId, staff.userId, staff.username, request.body),
      };
    },
  );

  r.get(
    paths.history,
    {
      config,
      schema: {
        tags,
        security,
        summary: "A member's score history, newest first; filters action, from/to (YYYY-MM-DD), limit ≤ 100",
        params: userParams,
        querystring: scoreHistoryQuerySchema,
        response: { 200: dataEnvelope(scoreHistoryPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.history(requireStaff(request).stackId, request.params.user_id, request.query),
    }),
  );

  r.get(
    paths.types,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The 13 scored actions',
        response: { 200: dataEnvelope(z.array(scoreActionSchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async () => ({ data: [...SCORE_ACTIONS] }),
  );
}
