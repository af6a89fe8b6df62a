import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  MEMBER_HIDDEN_MESSAGES as M,
  memberHiddenByStatusSchema,
  memberHiddenIdsSchema,
  memberHiddenPaths as paths,
  memberHiddenStatusSchema,
  memberListQuerySchema,
  memberPageOf,
  memberSuggestionPaths,
  memberUserSchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import * as hidden from './hidden-members.repository.ts';
import { presentUsers, requireReader, visibleMember } from './member-people.service.ts';
import { pageOfSuggestedUsers } from './member-people.repository.ts';
import { userIdParams } from './member-users.routes.ts';

const tags = ['member-people'];

/** Members hiding members (`user/{id}/hide/`, `user/hidden_users/`…) and `suggestion/user/`. */
export function registerMemberHiddenRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;

  r.post(
    paths.hide,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: "Hides the member (their contents leave the caller's feeds), or shows them again (toggle)",
        params: userIdParams,
        response: { 204: z.null().describe('Done'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      const id = request.params.id;
      await visibleMember(deps, stackId, id, caller);
      if (id === caller.userId) throw AppError.of(400, ErrorCode.invalid, M.hideSelf);
      await hidden.toggleHidden(deps.db, stackId, caller.userId, id, deps.clock.now());
      return reply.code(204).send(null);
    },
  );

  r.get(
    paths.isHidden,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Whether the caller hid this member',
        params: userIdParams,
        response: { 200: memberHiddenStatusSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      await visibleMember(deps, stackId, request.params.id, caller);
      return { is_hidden: await hidden.isHidden(deps.db, stackId, caller.userId, request.params.id) };
    },
  );

  r.get(
    paths.isHiddenBy,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Whether this member hid the caller',
        params: userIdParams,
        response: { 200: memberHiddenByStatusSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      await visibleMember(deps, stackId, request.params.id, caller);
      return { is_hidden_by: await hidden.isHidden(deps.db, stackId, request.params.id, caller.userId) };
    },
  );

  r.get(
    paths.list,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'The members the caller hid, most recently hidden first',
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      return memberPage(request, publicUrl, request.query, async (limit, offset) => {
        const page = await hidden.pageOfHidden(deps.db, stackId, caller.userId, limit, offset);
        return { count: page.count, results: await presentUsers(deps, stackId, page.ids, caller) };
      });
    },
  );

  r.get(
    paths.ids,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'The ids of the members the caller hid',
        response: { 200: memberHiddenIdsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      hidden.hiddenIdsOf(deps.db, requireCommunity(request).stackId, requireMember(request).userId),
  );

  r.get(
    memberSuggestionPaths.users,
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary:
          'Members to suggest: active ones the caller neither follows nor is connected with, most ' +
          'followed first',
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      return memberPage(request, publicUrl, request.query, async (limit, offset) => {
        const page = await pageOfSuggestedUsers(deps.db, stackId, request.member?.userId, limit, offset);
        return { count: page.count, results: await presentUsers(deps, stackId, page.ids, request.member) };
      });
    },
  );
}
