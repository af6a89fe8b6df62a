import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loyaltyPaths as paths,
  memberListQuerySchema,
  memberLoyaltyPointsSchema,
  memberPageOf,
  memberPrizeRequestBodySchema,
  memberPrizeRequestSchema,
  memberPrizeSchema,
  queryBoolean,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import {
  requireCommunity,
  requireMember,
  type MemberCaller,
} from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { usersByIds } from '../users/community-users.repository.ts';
import { createLoyaltyService } from './loyalty.service.ts';

const tags = ['member-loyalty'];
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const prizeQuery = memberListQuerySchema.extend({
  search: z.string().max(200).optional(),
  active: queryBoolean.optional(),
  ordering: z.string().max(50).optional(),
});
/** SelfCommunity: admins and editors manage loyalty; they see inactive prizes too. */
const isStaff = (caller: MemberCaller | null | undefined) =>
  caller?.role === 'admin' || caller?.role === 'editor';

/** SelfCommunity's loyalty endpoints (feature `loyalty`). */
export function registerMemberLoyaltyRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createLoyaltyService(deps);
  const publicUrl = deps.config.publicUrl;

  r.get(
    paths.memberPoints,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary:
          "A member's loyalty points: the member's own, or anyone's for the admins and editors who manage " +
          'loyalty; another member gets 404, as for their prize requests',
        params: idParams,
        response: { 200: memberLoyaltyPointsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      const { id } = request.params;
      // A balance is the member's own business, as their prize requests are (SelfCommunity: users see
      // their own requests, admins and editors all). Another member's is not found, as another member's
      // prize request is, before any lookup: the answer says nothing about the id.
      if (id !== caller.userId && !isStaff(caller)) throw AppError.notFound();
      if ((await usersByIds(deps.db, stackId, [id])).length === 0) throw AppError.notFound();
      return service.memberPoints(stackId, id);
    },
  );

  r.get(
    paths.memberPrizes,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Prizes (paged; members see the active ones, admins and editors may filter on active)',
        querystring: prizeQuery,
        response: { 200: memberPageOf(memberPrizeSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const staff = isStaff(requireMember(request));
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.memberPrizes(stackId, staff, request.query, limit, offset),
      );
    },
  );

  r.get(
    paths.memberPrize,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'One prize',
        params: idParams,
        response: { 200: memberPrizeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return service.memberPrize(stackId, request.params.id, isStaff(requireMember(request)));
    },
  );

  r.get(
    paths.memberRequests,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: "The caller's own prize requests, newest first (paged)",
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberPrizeRequestSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.memberRequests(stackId, caller.userId, limit, offset),
      );
    },
  );

  r.post(
    paths.memberRequests,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Ask for an active prize the caller can afford: its points are spent at once, exactly once',
        body: memberPrizeRequestBodySchema,
        response: { 201: memberPrizeRequestSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      return reply.code(201).send(await service.memberRequest(stackId, caller.userId, request.body.prize));
    },
  );

  r.get(
    paths.memberRequest,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: "One of the caller's prize requests",
        params: idParams,
        response: { 200: memberPrizeRequestSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return service.memberRequestById(stackId, requireMember(request).userId, request.params.id);
    },
  );
}
