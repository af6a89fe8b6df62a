import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedObjectPaths,
  flagBodySchema,
  memberContentPaths,
  ownFlagStatusSchema,
  type FeedObjectType,
} from '@agora/contract';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import type { MemberContentService } from './member-content.service.ts';
import { FEED_OBJECT_TYPES, idParams, noContent, security, tags } from './route-support.ts';

/** The flag type of a flag body: a bare number (the SDK's contributions), `{flag_type}` or `{flagType}`. */
export function flagTypeOfBody(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    return fields.flag_type ?? fields.flagType;
  }
  return body;
}

/** `…/flag/` and `…/flag/status/`: a member reports a contribution or a comment, and reads their report. */
export function registerFlagRoutes(scope: FastifyInstance, service: MemberContentService): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const targets: { flag: string; status: string; type: FeedObjectType | 'comment' }[] = [
    ...FEED_OBJECT_TYPES.map((type) => ({
      flag: feedObjectPaths(type).flag,
      status: feedObjectPaths(type).flagStatus,
      type,
    })),
    {
      flag: memberContentPaths.commentFlag,
      status: memberContentPaths.commentFlagStatus,
      type: 'comment' as const,
    },
  ];
  for (const { flag, status, type } of targets) {
    r.post(
      flag,
      {
        config: { member: 'member' },
        schema: {
          tags,
          security,
          summary:
            `Flag the ${type}: 0 spam, 1 aggressive, 2 vulgar, 3 poor content, 4 off topic, as a bare number, ` +
            '{flag_type} or {flagType}; one flag per member (another type changes it, the same type takes it back)',
          params: idParams,
          body: flagBodySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.flag(
          requireCommunity(request).stackId,
          requireMember(request),
          { type, id: request.params.id },
          flagTypeOfBody(request.body),
        );
        return reply.code(204).send(null);
      },
    );

    r.get(
      status,
      {
        config: { member: 'member' },
        schema: {
          tags,
          security,
          summary: `The caller's own flag on the ${type} (flag_type null when none)`,
          params: idParams,
          response: { 200: ownFlagStatusSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.flagStatus(requireCommunity(request).stackId, requireMember(request), {
          type,
          id: request.params.id,
        }),
    );
  }
}
