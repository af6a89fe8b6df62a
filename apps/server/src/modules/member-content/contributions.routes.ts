import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createFeedObjectBodySchema,
  feedObjectPaths,
  feedObjectSchema,
  memberListQuerySchema,
  memberPageOf,
  pollVoteBodySchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import type { MemberContentService } from './member-content.service.ts';
import { FEED_OBJECT_TYPES, idParams, noContent, security, slugParams, tags } from './route-support.ts';

/** `/{post|discussion|status}/`: publish, list (newest first) and read contributions; poll votes. */
export function registerContributionRoutes(
  scope: FastifyInstance,
  deps: MemberApiDeps,
  service: MemberContentService,
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  for (const type of FEED_OBJECT_TYPES) {
    const paths = feedObjectPaths(type);

    r.post(
      paths.list,
      {
        config: { member: 'member' },
        schema: {
          tags,
          security,
          summary: `Publish a ${type} (html or text, categories, optional poll); the bot checks it and the author earns points`,
          params: slugParams,
          body: createFeedObjectBodySchema,
          response: { 201: feedObjectSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const created = await service.createContribution(
          requireCommunity(request).stackId,
          requireMember(request),
          type,
          request.body,
        );
        return reply.code(201).send(created);
      },
    );

    r.get(
      paths.list,
      {
        config: { member: 'public' },
        schema: {
          tags,
          security,
          summary: `The community's ${type}s, newest first (hidden and deleted ones only for staff)`,
          params: slugParams,
          querystring: memberListQuerySchema,
          response: { 200: memberPageOf(feedObjectSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        return memberPage(request, deps.config.publicUrl, request.query, (limit, offset) =>
          service.contributions(stackId, request.member, type, limit, offset),
        );
      },
    );

    r.get(
      paths.one,
      {
        config: { member: 'public' },
        schema: {
          tags,
          security,
          summary: `One ${type} (404 when hidden or deleted, except for staff)`,
          params: idParams,
          response: { 200: feedObjectSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        service.contribution(requireCommunity(request).stackId, request.member, type, request.params.id),
    );

    r.post(
      paths.pollVote,
      {
        config: { member: 'member' },
        schema: {
          tags,
          security,
          summary: `Vote a choice of the ${type}'s poll (again to take it back; single-choice polls keep the latest)`,
          params: idParams,
          body: pollVoteBodySchema,
          response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.votePoll(
          requireCommunity(request).stackId,
          requireMember(request),
          type,
          request.params.id,
          request.body.choice,
        );
        return reply.code(204).send(null);
      },
    );
  }
}
