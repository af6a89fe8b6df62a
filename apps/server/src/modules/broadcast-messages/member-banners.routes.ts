import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerCountSchema,
  bannerIdsBodySchema,
  memberBannerPaths as paths,
  memberBroadcastSchema,
  memberListQuerySchema,
  memberPageOf,
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionSchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createMemberBannersService } from './member-banners.service.ts';

const tags = ['member-broadcast-messages'];
const member = { member: 'member' as const };

/**
 * SelfCommunity's notification banners (`notification/banner/…`, read side only in v2) and the Web
 * Push subscriptions of a member's browsers (`notification/push/…`: SelfCommunity documents none for
 * the web, so these paths are ours; ADR 0025).
 */
export function registerMemberBannerRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createMemberBannersService(deps);
  const who = (request: Parameters<typeof requireMember>[0]) => ({
    stackId: requireCommunity(request).stackId,
    userId: requireMember(request).userId,
  });

  r.get(
    paths.list,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's banners (broadcast messages sent to them and not disposed), newest first",
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberBroadcastSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId, userId } = who(request);
      return memberPage(request, deps.config.publicUrl, request.query, (limit, offset) =>
        service.page(stackId, userId, limit, offset),
      );
    },
  );

  for (const [path, dispose, summary] of [
    [paths.read, false, 'Mark banners read'],
    [paths.dispose, true, 'Dispose banners (they leave the list; read too)'],
  ] as const) {
    r.post(
      path,
      {
        config: member,
        schema: {
          tags,
          summary,
          body: bannerIdsBodySchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { stackId, userId } = who(request);
        await service.mark(stackId, userId, request.body.banner_ids, dispose);
        return reply.code(204).send(null);
      },
    );
  }

  for (const [path, which, summary] of [
    [paths.unseenCount, 'unseen', 'How many banners the member has not read'],
    [paths.undisposedCount, 'undisposed', 'How many banners the member has not disposed'],
  ] as const) {
    r.get(
      path,
      {
        config: member,
        schema: { tags, summary, response: { 200: bannerCountSchema, ...errorResponses(401, 403, 404) } },
      },
      async (request) => {
        const { stackId, userId } = who(request);
        return { count: await service.count(stackId, userId, which) };
      },
    );
  }

  r.get(
    paths.pushKey,
    {
      config: member,
      schema: {
        tags,
        summary: "The community's VAPID public key, for the browser's pushManager.subscribe",
        response: { 200: pushPublicKeySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ public_key: await service.publicKey(requireCommunity(request).stackId) }),
  );

  r.post(
    paths.pushSubscription,
    {
      config: member,
      schema: {
        tags,
        summary: "Register a browser's push subscription (PushSubscription.toJSON())",
        body: pushSubscriptionBodySchema,
        response: { 201: pushSubscriptionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId, userId } = who(request);
      return reply.code(201).send(await service.subscribe(stackId, userId, request.body));
    },
  );

  r.delete(
    paths.pushSubscriptionRemove,
    {
      config: member,
      schema: {
        tags,
        summary: 'Remove one of the member’s push subscriptions',
        params: z.object({ id: rowIdSchema }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId, userId } = who(request);
      await service.unsubscribe(stackId, userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
