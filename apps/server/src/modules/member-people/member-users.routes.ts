import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  memberMeSchema,
  memberPageOf,
  memberPermissionSchema,
  memberUserCountersSchema,
  memberUserListQuerySchema,
  memberUserPatchSchema,
  memberUserSchema,
  MEMBER_PEOPLE_MESSAGES,
  ErrorCode,
  emailLanguageOf,
  type MemberPermission,
  type MemberUserListQuery,
  rowIdSchema,
} from '@agora/contract';
import type { FastifyRequest } from 'fastify';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import {
  requireCommunity,
  requireMember,
  type MemberCaller,
} from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import {
  isStaffCaller,
  preferenceValues,
  presentUser,
  presentUsers,
  requireReader,
  visibleMember,
} from './member-people.service.ts';
import * as repo from './member-people.repository.ts';
import { unseenBannersCount } from '../broadcast-messages/broadcast-banners.repository.ts';
import { unseenNotificationsCount } from '../notifications/notifications.repository.ts';
import { memberLanguage, setMemberLanguage } from '../users/member-language.repository.ts';
import { AppError } from '../../platform/errors/app-error.ts';

const tags = ['member-people'];
export const userIdParams = z.object({ id: rowIdSchema });

const PERMISSION_PREFERENCES = [
  'post_only_staff_enabled',
  'polls_enabled',
  'post_geolocation_enabled',
  'post_type_enabled',
  'discussion_type_enabled',
  'groups_enabled',
  'events_enabled',
  'courses_enabled',
  'live_stream_enabled',
  'follow_enabled',
  'connection_enabled',
] as const;

/** What the caller may do in this community, from its preferences and their role. */
async function permissionOf(deps: MemberApiDeps, stackId: number, caller: MemberCaller) {
  const p = await preferenceValues(deps, stackId, PERMISSION_PREFERENCES);
  const staff = caller.role !== null;
  const contribute = staff || p.post_only_staff_enabled !== true;
  return {
    create_contribute: contribute,
    create_poll: contribute && (staff || p.polls_enabled === true),
    locate_post: p.post_geolocation_enabled === true,
    create_post: contribute && (p.post_type_enabled === true || p.discussion_type_enabled === true),
    create_post_with_category: contribute,
    create_group: p.groups_enabled === true,
    create_event: p.events_enabled === true,
    create_course: p.courses_enabled === true,
    create_live_stream: p.live_stream_enabled === true,
    follow_user: p.follow_enabled === true,
    request_connection: p.connection_enabled === true,
    accept_connection: p.connection_enabled === true,
  } satisfies MemberPermission;
}

/** `user/me/`, user lists and search, one user and their counters. */
export function registerMemberUserRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  /** The signed-in member as `user/me/` answers: their user, language, permissions and counters. */
  async function me(stackId: number, caller: MemberCaller) {
    const user = await presentUser(deps, stackId, caller.userId, caller);
    return {
      ...user,
      language: await memberLanguage(deps.db, stackId, caller.userId),
      permission: await permissionOf(deps, stackId, caller),
      unseen_interactions_counter: await unseenNotificationsCount(deps.db, stackId, caller.userId),
      unseen_notification_banners_counter: await unseenBannersCount(deps.db, stackId, caller.userId),
    };
  }
  const publicUrl = deps.config.publicUrl;

  async function list(request: FastifyRequest, query: MemberUserListQuery, text: string | undefined) {
    const { stackId } = requireCommunity(request);
    await requireReader(deps, request, stackId);
    return memberPage(request, publicUrl, query, async (limit, offset) => {
      const page = await repo.pageOfUsers(
        deps.db,
        stackId,
        {
          text: text?.trim() || undefined,
          username: query.username?.trim() || undefined,
          realName: query.real_name?.trim() || undefined,
          isStaff: query.is_staff,
          tag: query.tag,
          ordering: query.ordering,
        },
        limit,
        offset,
      );
      return { count: page.count, results: await presentUsers(deps, stackId, page.ids, request.member) };
    });
  }

  r.get(
    '/user/me/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'The signed-in member, with their role and permissions',
        response: { 200: memberMeSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return me(stackId, requireMember(request));
    },
  );

  r.patch(
    '/user/:id/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary:
          "Change the member's own account: `language` ('en', 'it' or a tag such as 'it-IT'; null: not " +
          "known), the language of the site and of their emails. Another member's: 404",
        params: userIdParams,
        body: memberUserPatchSchema,
        response: { 200: memberMeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      if (request.params.id !== caller.userId) throw AppError.notFound(MEMBER_PEOPLE_MESSAGES.userNotFound);
      const { language } = request.body;
      if (language !== undefined) {
        const chosen = language === null || language === '' ? null : emailLanguageOf(language);
        if (chosen === null && language !== null && language !== '') {
          throw AppError.of(400, ErrorCode.invalid, MEMBER_PEOPLE_MESSAGES.languageUnknown, 'language');
        }
        await setMemberLanguage(deps.db, stackId, caller.userId, chosen);
      }
      return me(stackId, caller);
    },
  );

  r.get(
    '/user/me/permission/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: "The signed-in member's permissions",
        response: { 200: memberPermissionSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => permissionOf(deps, requireCommunity(request).stackId, requireMember(request)),
  );

  r.get(
    '/user/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: "The community's members (search: username or real name)",
        querystring: memberUserListQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => list(request, request.query, request.query.search),
  );

  r.get(
    '/user/search/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'Searches members: user (username or real name), username, is_staff, tag',
        querystring: memberUserListQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => list(request, request.query, request.query.user ?? request.query.search),
  );

  r.get(
    '/user/:id/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'One member (email only to themself and to staff)',
        params: userIdParams,
        response: { 200: memberUserSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      await visibleMember(deps, stackId, request.params.id, request.member);
      return presentUser(deps, stackId, request.params.id, request.member);
    },
  );

  r.get(
    '/user/:id/counters/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: "A member's contributions, follows, connections and connection requests",
        params: userIdParams,
        response: { 200: memberUserCountersSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      const id = request.params.id;
      await visibleMember(deps, stackId, id, request.member);
      const c = (await repo.countersOf(deps.db, stackId, [id], deps.clock.now())).get(id)!;
      // Pending requests are the member's own business (and staff's).
      const own = request.member?.userId === id || isStaffCaller(request.member);
      return {
        discussions: c.discussions,
        polls: c.polls,
        posts: c.posts,
        statuses: c.statuses,
        followings: c.followings,
        followers: c.followers,
        connection_requests_sent_counter: own ? c.requestsSent : 0,
        connection_requests_received_counter: own ? c.requestsReceived : 0,
        connections_counter: c.connections,
      };
    },
  );
}
