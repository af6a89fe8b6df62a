import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  incubatorMemberPaths as paths,
  incubatorSubscribedSchema,
  memberIncubatorCreateBodySchema,
  memberIncubatorListQuerySchema,
  memberIncubatorSchema,
  memberListQuerySchema,
  memberPageOf,
  memberUserSchema,
  rowIdSchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { requireReader } from '../member-people/member-people.service.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createMemberIncubatorsService } from './member-incubators.service.ts';

const tags = ['incubators'];
const security = [{ bearer: [] }];
const slugParams = z.object({ slug: z.string() });
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const readErrors = errorResponses(400, 401, 403, 404);

/**
 * SelfCommunity's incubator (`/c/{slug}/api/v2/incubator/…`, A16), behind the member guard. Every call
 * needs the `incubators` flag and the community's `incubator_enabled` switch (403 otherwise).
 */
export function registerMemberIncubatorRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createMemberIncubatorsService(deps);
  const publicUrl = deps.config.publicUrl;

  /** The community, once the incubator is open there and the caller may read. */
  async function open(request: FastifyRequest): Promise<number> {
    const { stackId } = requireCommunity(request);
    await service.requireOpen(stackId);
    await requireReader(deps, request, stackId);
    return stackId;
  }

  for (const path of [paths.list, paths.search]) {
    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          security,
          summary:
            'Category proposals, newest first (search in name and slogan, status 0-3, ordering); ' +
            'pending ones only to their author and staff, hidden ones to nobody',
          params: slugParams,
          querystring: memberIncubatorListQuerySchema,
          response: { 200: memberPageOf(memberIncubatorSchema), ...readErrors },
        },
      },
      async (request) => {
        const stackId = await open(request);
        return memberPage(request, publicUrl, request.query, (limit, offset) =>
          service.list(stackId, request.member, request.query, limit, offset),
        );
      },
    );
  }

  r.post(
    paths.list,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary: 'Propose a category {name, slug?, slogan?}: pending until staff open it to subscriptions',
        params: slugParams,
        body: memberIncubatorCreateBodySchema,
        response: { 201: memberIncubatorSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const stackId = await open(request);
      return reply.code(201).send(await service.create(stackId, requireMember(request), request.body));
    },
  );

  r.get(
    paths.one,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: 'One category proposal',
        params: idParams,
        response: { 200: memberIncubatorSchema, ...readErrors },
      },
    },
    async (request) => service.one(await open(request), request.params.id, request.member),
  );

  r.get(
    paths.subscribed,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary: 'Whether the caller subscribed to the proposal',
        params: idParams,
        response: { 200: incubatorSubscribedSchema, ...readErrors },
      },
    },
    async (request) => ({
      subscribed: await service.isSubscribed(await open(request), request.params.id, requireMember(request)),
    }),
  );

  r.post(
    paths.subscribe,
    {
      config: { member: 'member' },
      schema: {
        tags,
        security,
        summary:
          'Subscribe to the proposal, or leave it (toggle; 409 unless it is open to subscriptions). ' +
          'Reaching the threshold makes it ready to publish and tells the staff',
        params: idParams,
        response: { 204: z.null().describe('Done'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.toggleSubscription(await open(request), request.params.id, requireMember(request));
      return reply.code(204).send(null);
    },
  );

  r.get(
    paths.subscribers,
    {
      config: { member: 'public' },
      schema: {
        tags,
        security,
        summary: 'Members subscribed to the proposal, newest first',
        params: idParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...readErrors },
      },
    },
    async (request) => {
      const stackId = await open(request);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.subscribers(stackId, request.params.id, request.member, limit, offset),
      );
    },
  );
}
