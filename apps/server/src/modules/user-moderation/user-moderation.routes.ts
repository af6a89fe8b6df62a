import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  manualScoreResultSchema,
  memberModerateUserBodySchema,
  memberModerateUserQuerySchema,
  memberModerationUserQuerySchema,
  memberModerationUserSchema,
  memberPageOf,
  memberScoreBodySchema,
  memberScoreEntrySchema,
  moderatedUserPageSchema,
  moderatedUserSchema,
  userModerationBodySchema,
  userModerationListQuerySchema,
  userModerationPaths as paths,
  userScoreBodySchema,
  AREA_ROLES,
  type UserModerationStatus,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { BAN_END_JOB, createUserModerationService, parseBanDays } from './user-moderation.service.ts';
import { seesEmails } from '../staff/email-visibility.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['user-moderation'];
const security = [{ bearer: [] }];
/** The member API's moderators: the moderation area's roles (spec mgmt §6). */
const MODERATORS = AREA_ROLES.moderation;
const config = { ...areaAccess('moderation'), feature: 'moderation_users' as const };
/** The guard reads the slug after validation: params schemas must keep it. */
const userParams = z.object({ slug: z.string(), user_id: rowIdSchema });

/** Console: users moderation (spec mgmt §2 "Moderated user"; errors §8). */
export function registerUserModerationRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createUserModerationService(deps);
  // Bans for N days end by themselves: reads treat them as over at once, this job rewrites the row.
  deps.jobs.register(BAN_END_JOB, (job) => service.endBan(job));
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.list,
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Members with their moderation data; search (username or email), status (effective: an ended ban ' +
          'reads active), ordering, limit ≤ 100. Emails are shown to admins only',
        querystring: userModerationListQuerySchema,
        response: { 200: dataEnvelope(moderatedUserPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return {
        data: await service.list(
          staff.stackId,
          await seesEmails(deps.db, staff.stackId, staff.userId),
          request.query,
        ),
      };
    },
  );

  r.get(
    paths.one,
    {
      config,
      schema: {
        tags,
        security,
        summary: "One member's moderation data",
        params: userParams,
        response: { 200: dataEnvelope(moderatedUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return {
        data: await service.one(
          staff.stackId,
          await seesEmails(deps.db, staff.stackId, staff.userId),
          request.params.user_id,
        ),
      };
    },
  );

  r.post(
    paths.one,
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Change a member: status active | banned (days: 1-3650, absent = forever) | deleted (soft) | ' +
          'fully_deleted (GDPR erase, irreversible), and/or email_validated. Not oneself; a moderator ' +
          'cannot ban or delete an admin',
        params: userParams,
        body: userModerationBodySchema,
        response: { 200: dataEnvelope(moderatedUserSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const { status, days, email_validated } = request.body;
      const parsedDays = days === undefined ? undefined : parseBanDays(days, 'days');
      await service.change(
        staff.stackId,
        { userId: staff.userId, username: staff.username, role: staff.role },
        request.params.user_id,
        { status, days: parsedDays, emailValidated: email_validated },
      );
      return {
        data: await service.one(
          staff.stackId,
          await seesEmails(deps.db, staff.stackId, staff.userId),
          request.params.user_id,
        ),
      };
    },
  );

  r.post(
    paths.score,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Add or subtract score points (non-zero integer, |points| ≤ 10000) with a required comment',
        params: userParams,
        body: userScoreBodySchema,
        response: { 200: dataEnvelope(manualScoreResultSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return {
        data: await service.addScore(
          staff.stackId,
          { userId: staff.userId, username: staff.username, role: staff.role },
          request.params.user_id,
          request.body.points,
          request.body.comment,
        ),
      };
    },
  );
}

const v2Tags = ['member-moderation'];
const memberIdParams = z.object({ slug: z.string(), id: rowIdSchema });
const V2_STATUS: Record<'a' | 'b' | 'd' | 'u', UserModerationStatus> = {
  a: 'active',
  b: 'banned',
  d: 'deleted',
  u: 'fully_deleted',
};
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'True';

/** Member API (SelfCommunity v2): `/moderation/user/…` and `POST /score/`, for admins and moderators. */
export function registerMemberUserModerationRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createUserModerationService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const member = { member: MODERATORS };
  const moderatorOf = (request: Parameters<typeof requireMember>[0]) => {
    const caller = requireMember(request);
    return { userId: caller.userId, username: caller.username, role: caller.role };
  };

  r.get(
    '/moderation/user/',
    {
      config: member,
      schema: {
        tags: v2Tags,
        security,
        summary:
          'Members for moderation (ModerationUser); search, status a|b|d|u, days_blocked days|forever, ' +
          'order_by -date_joined (default) | expire_at | blocked_at',
        querystring: memberModerationUserQuerySchema,
        response: { 200: memberPageOf(memberModerationUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = moderatorOf(request);
      const q = request.query;
      const showEmails = await seesEmails(deps.db, stackId, caller.userId);
      return memberPage(request, deps.config.publicUrl, q, (limit, offset) =>
        service.memberList(stackId, showEmails, q, limit, offset),
      );
    },
  );

  r.get(
    '/moderation/user/:id/',
    {
      config: member,
      schema: {
        tags: v2Tags,
        security,
        summary: 'One member for moderation (ModerationUser)',
        params: memberIdParams,
        response: { 200: memberModerationUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return service.memberOne(
        stackId,
        await seesEmails(deps.db, stackId, moderatorOf(request).userId),
        request.params.id,
      );
    },
  );

  r.patch(
    '/moderation/user/:id/',
    {
      config: member,
      schema: {
        tags: v2Tags,
        security,
        summary:
          'Moderate a member: status a | b (days_blocked, absent = forever) | d (hard=1: GDPR erase); ' +
          'days_blocked and hard in the body or the query',
        params: memberIdParams,
        querystring: memberModerateUserQuerySchema,
        body: memberModerateUserBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const body = request.body;
      const hard = truthy(body.hard ?? request.query.hard);
      const status = body.status === 'd' && hard ? 'fully_deleted' : V2_STATUS[body.status];
      const days =
        status === 'banned'
          ? parseBanDays(body.days_blocked ?? request.query.days_blocked, 'days_blocked')
          : null;
      await service.change(stackId, moderatorOf(request), request.params.id, { status, days });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/score/',
    {
      config: member,
      schema: {
        tags: v2Tags,
        security,
        summary:
          'Add or remove score points (type manual): user | user_id | username, score ≠ 0, and a comment ' +
          'or reputation_context',
        body: memberScoreBodySchema,
        response: { 201: memberScoreEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      return reply.code(201).send(await service.memberScore(stackId, moderatorOf(request), request.body));
    },
  );
}
