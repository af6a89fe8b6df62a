import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commentListQuerySchema,
  contentCommentSchema,
  createCommentBodySchema,
  memberContentPaths as paths,
  memberPageOf,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import type { MemberContentService } from './member-content.service.ts';
import { idParams, security, slugParams, tags } from './route-support.ts';

/** `/comment/`: comment a contribution or reply to a comment (two levels), list and read comments. */
export function registerCommentRoutes(
  scope: FastifyInstance,
  deps: MemberApiDeps,
  service: MemberContentService,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.post(
    paths.comments,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary:
          'Comment a discussion, post or status (`parent` to reply); the bot checks it and the author earns points',
        params: slugParams,
        body: createCommentBodySchema,
        response: { 201: contentCommentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await service.createComment(
        requireCommunity(request).stackId,
        requireMember(request),
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  r.get(
    paths.comments,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary:
          'Comments of a contribution (`discussion`, `post` or `status`): first-level ones, or the replies to `parent`',
        params: slugParams,
        querystring: commentListQuerySchema,
        response: { 200: memberPageOf(contentCommentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return memberPage(request, deps.config.publicUrl, request.query, (limit, offset) =>
        service.comments(stackId, request.member, request.query, limit, offset),
      );
    },
  );

  r.get(
    paths.comment,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: 'One comment (404 when it or its contribution is hidden or deleted, except for staff)',
        params: idParams,
        response: { 200: contentCommentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.comment(requireCommunity(request).stackId, request.member, request.params.id),
  );
}
