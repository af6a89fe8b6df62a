import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  botStatusBodySchema,
  botStatusSchema,
  dataEnvelope,
  flagActionBodySchema,
  flaggedContentPageSchema,
  flaggedContentSchema,
  flagListQuerySchema,
  moderationContentTypeSchema,
  moderationPaths as paths,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createModerationService } from './moderation.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['moderation'];
const security = [{ bearer: [] }];

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerModerationRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createModerationService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.botStatus,
    {
      config: { ...areaAccess('moderation'), feature: 'moderation_ai' },
      schema: {
        tags,
        security,
        summary: 'Whether the AI moderation bot classifies and flags new contributions and comments',
        response: { 200: dataEnvelope(botStatusSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.botStatus(requireStaff(request).stackId) }),
  );

  r.post(
    paths.botStatus,
    {
      config: { ...areaAccess('moderation'), feature: 'moderation_ai' },
      schema: {
        tags,
        security,
        summary: 'Switch the AI moderation bot on or off',
        body: botStatusBodySchema,
        response: { 200: dataEnvelope(botStatusSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.setBotStatus(requireStaff(request).stackId, request.body.enabled),
    }),
  );

  r.get(
    paths.flags,
    {
      config: { ...areaAccess('moderation'), feature: 'moderation_flags' },
      schema: {
        tags,
        security,
        summary: 'Flagged contents, newest flag first, filtered by moderation status and content type',
        querystring: flagListQuerySchema,
        response: { 200: dataEnvelope(flaggedContentPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request).stackId, request.query) }),
  );

  const one = z.object({
    slug: z.string(),
    content_type: moderationContentTypeSchema,
    content_id: rowIdSchema,
  });

  r.get(
    paths.flagAction,
    {
      config: { ...areaAccess('moderation'), feature: 'moderation_flags' },
      schema: {
        tags,
        security,
        summary: 'One flagged content with its flags and moderation state',
        params: one,
        response: { 200: dataEnvelope(flaggedContentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.one(
        requireStaff(request).stackId,
        request.params.content_type,
        request.params.content_id,
      ),
    }),
  );

  r.post(
    paths.flagAction,
    {
      config: { ...areaAccess('moderation'), feature: 'moderation_flags' },
      schema: {
        tags,
        security,
        summary:
          'Moderate a flagged content: hide, restore, delete, ignore, open (hide and delete need a motivation among its flag reasons), or warn its author by email',
        params: one,
        body: flagActionBodySchema,
        response: { 200: dataEnvelope(flaggedContentSchema), ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return {
        data: await service.act(
          staff.stackId,
          staff.userId,
          request.params.content_type,
          request.params.content_id,
          request.body,
        ),
      };
    },
  );
}
