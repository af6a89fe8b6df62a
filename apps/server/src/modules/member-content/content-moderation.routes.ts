import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  contributionFlagSchema,
  contributionModerationStatusSchema,
  flaggedContributionQuerySchema,
  flaggedContributionSchema,
  memberContentPaths as paths,
  memberPageOf,
  moderateContributionBodySchema,
  moderatedContributionTypeSchema,
  type ModeratedContributionType,
} from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import type { createContentModerationService } from './content-moderation.service.ts';
import { STAFF, getBody, idParams, noContent, security, slugParams, tags } from './route-support.ts';

const oneQuery = z.object({
  contribution_type: z.string().optional(),
  flag_type: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

/** `contribution_type` from the query or, leniently, from a JSON body (also on GETs). */
function contributionType(query: unknown, body: unknown): ModeratedContributionType {
  const fromQuery = (query as { contribution_type?: unknown } | undefined)?.contribution_type;
  const fromBody = (body as { contribution_type?: unknown } | undefined)?.contribution_type;
  const given = fromQuery ?? fromBody;
  if (given === undefined || given === '') {
    throw AppError.of(400, ErrorCode.required, 'Say the contribution type.', 'contribution_type');
  }
  const parsed = moderatedContributionTypeSchema.safeParse(given);
  if (!parsed.success) {
    throw AppError.of(
      400,
      ErrorCode.invalid,
      'The contribution type is one of post, discussion, status, comment.',
      'contribution_type',
    );
  }
  return parsed.data;
}

/** `/moderation/contribution/…`: admins' and moderators' flag queue, flags, status and actions. */
export function registerContentModerationRoutes(
  scope: FastifyInstance,
  deps: MemberApiDeps,
  service: ReturnType<typeof createContentModerationService>,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const staff = { member: STAFF };
  const ready = async (request: FastifyRequest) => {
    const { stackId } = requireCommunity(request);
    await service.checkFeature(stackId);
    return stackId;
  };

  r.get(
    paths.moderation,
    {
      config: staff,
      schema: {
        tags,
        security,
        summary: 'Flagged contributions and comments with their moderation (staff: admin, moderator)',
        params: slugParams,
        querystring: flaggedContributionQuerySchema,
        response: { 200: memberPageOf(flaggedContributionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await ready(request);
      return memberPage(request, deps.config.publicUrl, request.query, (limit, offset) =>
        service.list(stackId, { ...request.query, limit, offset }),
      );
    },
  );

  r.get(
    paths.moderationFlags,
    {
      config: staff,
      schema: {
        tags,
        security,
        summary:
          'The flags of a contribution (`contribution_type`, optional `flag_type`, in the query or a JSON body); the bot has no user',
        params: idParams,
        querystring: oneQuery,
        response: { 200: memberPageOf(contributionFlagSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await ready(request);
      const body = await getBody(request);
      const type = contributionType(request.query, body);
      const flagType = request.query.flag_type ?? body.flag_type ?? body.flagType;
      return memberPage(request, deps.config.publicUrl, request.query, (limit, offset) =>
        service.flags(stackId, type, request.params.id, flagType, limit, offset),
      );
    },
  );

  r.get(
    paths.moderationStatus,
    {
      config: staff,
      schema: {
        tags,
        security,
        summary:
          "A contribution's moderation status and motivation (`contribution_type` in the query or body)",
        params: idParams,
        querystring: oneQuery,
        response: { 200: contributionModerationStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await ready(request);
      const type = contributionType(request.query, await getBody(request));
      return service.status(stackId, type, request.params.id);
    },
  );

  r.patch(
    paths.moderationOne,
    {
      config: staff,
      schema: {
        tags,
        security,
        summary:
          'Moderate a flagged contribution: ignore, hide, delete (toggles; hide and delete need a moderation_type ' +
          'among its flags), scold_author (warning mail) or scold_flagger (mail to `user`, who flagged it)',
        params: idParams,
        querystring: z.object({ contribution_type: z.string().optional() }),
        body: moderateContributionBodySchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request, reply) => {
      const stackId = await ready(request);
      const community = requireCommunity(request);
      const type = contributionType(request.body, request.query);
      await service.act({ stackId, name: community.name }, requireMember(request).userId, request.params.id, {
        ...request.body,
        contribution_type: type,
      });
      return reply.code(204).send(null);
    },
  );
}
