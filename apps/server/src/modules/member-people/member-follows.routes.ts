import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONNECTION_STATUSES,
  memberConnectionRequestSchema,
  memberListQuerySchema,
  memberPageOf,
  memberUserSchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createMemberFollowsService } from './member-follows.service.ts';
import { presentUsers, requireReader, visibleMember } from './member-people.service.ts';
import * as repo from './member-people.repository.ts';
import { userIdParams } from './member-users.routes.ts';

const tags = ['member-people'];
const noContent = { 204: z.null().describe('Done'), ...errorResponses(400, 401, 403, 404) };

/** Follows (toggle) and connections (request, accept, reject, cancel, remove) between members. */
export function registerMemberFollowRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;
  const follows = createMemberFollowsService(deps);

  for (const direction of ['followers', 'followings'] as const) {
    r.get(
      `/user/:id/${direction}/`,
      {
        config: { member: 'public' },
        schema: {
          tags,
          summary:
            direction === 'followers' ? 'Members who follow this member' : 'Members this member follows',
          params: userIdParams,
          querystring: memberListQuerySchema,
          response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        await requireReader(deps, request, stackId);
        await visibleMember(deps, stackId, request.params.id, request.member);
        return memberPage(request, publicUrl, request.query, async (limit, offset) => {
          const page = await repo.pageOfFollows(
            deps.db,
            stackId,
            request.params.id,
            direction,
            limit,
            offset,
          );
          return { count: page.count, results: await presentUsers(deps, stackId, page.ids, request.member) };
        });
      },
    );
  }

  r.post(
    '/user/:id/follow/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Follows the member, or stops following them (toggle)',
        params: userIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await follows.toggleFollow(
        requireCommunity(request).stackId,
        requireMember(request),
        request.params.id,
      );
      return reply.code(204).send(null);
    },
  );

  const relation = (path: string, summary: string, answer: z.ZodType, read: typeof isFollowed) =>
    r.get(
      path,
      {
        config: { member: 'member' },
        schema: {
          tags,
          summary,
          params: userIdParams,
          response: { 200: answer, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        const caller = requireMember(request);
        await visibleMember(deps, stackId, request.params.id, caller);
        return read(stackId, caller.userId, request.params.id);
      },
    );
  async function isFollowed(stackId: number, me: number, id: number): Promise<unknown> {
    return { is_followed: await repo.isFollowing(deps.db, stackId, me, id) };
  }
  relation(
    '/user/:id/is_followed/',
    'Whether the caller follows this member',
    z.object({ is_followed: z.boolean() }),
    isFollowed,
  );
  relation(
    '/user/:id/is_follower/',
    'Whether this member follows the caller',
    z.object({ is_follower: z.boolean() }),
    async (stackId, me, id) => ({ is_follower: await repo.isFollowing(deps.db, stackId, id, me) }),
  );
  relation(
    '/user/:id/is_connection/',
    'Whether the caller and this member are connected',
    z.object({ is_connection: z.boolean() }),
    async (stackId, me, id) => ({ is_connection: await repo.areConnected(deps.db, stackId, me, id) }),
  );
  relation(
    '/user/:id/connection_status/',
    'How the caller relates to this member',
    z.object({ connection_status: z.enum(CONNECTION_STATUSES).nullable() }),
    async (stackId, me, id) => ({
      connection_status:
        me === id ? null : ((await repo.relationsOf(deps.db, stackId, me, [id])).get(id) ?? null),
    }),
  );

  const actions: [string, string, typeof follows.request][] = [
    ['request', 'Asks the member to connect (connects at once when they had asked too)', follows.request],
    ['accept', "Accepts the member's connection request", follows.accept],
    ['reject', "Rejects the member's connection request", follows.reject],
    ['cancel_request', 'Withdraws the connection request sent to the member', follows.cancelRequest],
    ['remove', 'Ends the connection with the member', follows.remove],
  ];
  for (const [action, summary, run] of actions) {
    r.post(
      `/user/:id/connection/${action}/`,
      { config: { member: 'member' }, schema: { tags, summary, params: userIdParams, response: noContent } },
      async (request, reply) => {
        await run(requireCommunity(request).stackId, requireMember(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  r.get(
    '/user/:id/connections/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: "The member's connections",
        params: userIdParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      await visibleMember(deps, stackId, request.params.id, request.member);
      return memberPage(request, publicUrl, request.query, async (limit, offset) => {
        const page = await repo.pageOfConnections(deps.db, stackId, request.params.id, limit, offset);
        return { count: page.count, results: await presentUsers(deps, stackId, page.ids, request.member) };
      });
    },
  );

  for (const which of ['received', 'sent'] as const) {
    r.get(
      which === 'received' ? '/user/connection/requests/' : '/user/connection/requests_sent/',
      {
        config: { member: 'member' },
        schema: {
          tags,
          summary:
            which === 'received'
              ? 'Connection requests the caller received'
              : 'Connection requests the caller sent',
          querystring: memberListQuerySchema,
          response: {
            200: memberPageOf(memberConnectionRequestSchema),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        const caller = requireMember(request);
        return memberPage(request, publicUrl, request.query, async (limit, offset) => {
          const page = await repo.pageOfRequests(deps.db, stackId, caller.userId, which, limit, offset);
          const ids = page.rows.flatMap((row) => [row.from_id, row.to_id]);
          const users = new Map(
            (await presentUsers(deps, stackId, ids, caller)).map((user) => [user.id, user]),
          );
          const results = page.rows.flatMap((row) => {
            const from = users.get(row.from_id);
            const to = users.get(row.to_id);
            if (!from || !to) return [];
            // A request is identified by the other member's id (one request per pair and way).
            const id = which === 'received' ? row.from_id : row.to_id;
            return [
              {
                id,
                from_user: from,
                to_user: to,
                created: row.created_at.toISOString(),
                rejected: null,
                viewed: null,
              },
            ];
          });
          return { count: page.count, results };
        });
      },
    );
  }
}
