import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  binaryImageSchema,
  consoleUserSchema,
  dataEnvelope,
  userCategorySchema,
  userConnectionPageSchema,
  userFollowPageSchema,
  userGetQuerySchema,
  userRelationsQuerySchema,
  userUpdateBodySchema,
  usersPaths as paths,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { pageEnvelope } from '../../platform/http/page-links.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createUsersService, type Page } from './users.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['users'];
const security = [{ bearer: [] }];
const readConfig = areaAccess('console');
/** Changing a member's profile belongs to users registration (core spec: approval, registered users). */
const writeConfig = areaAccess('registration-approval');
/** The guard reads the slug after validation: params schemas must keep it. */
const idParams = z.object({ slug: z.string(), id: z.coerce.number().int().min(1).max(2_147_483_647) });
const usernameParams = z.object({ slug: z.string(), username: z.string().min(1).max(255) });

export const AVATAR_CACHE_CONTROL = 'private, max-age=3600';

/** Console: one community user (spec core "Users": get, update, avatar, categories, follows, connections). */
export function registerUserRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createUsersService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;

  function envelope<T>(request: FastifyRequest, page: Page<T>, limit: number, offset: number) {
    return { data: pageEnvelope(request, publicUrl, page, limit, offset) };
  }

  r.get(
    paths.get,
    {
      config: readConfig,
      schema: {
        tags,
        security,
        summary:
          'One community user by id or username, with standing, tags and counters ' +
          '(email: admins and GDPR data managers only)',
        querystring: userGetQuerySchema,
        response: { 200: dataEnvelope(consoleUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.get(requireStaff(request), request.query) }),
  );

  r.post(
    paths.update,
    {
      config: writeConfig,
      schema: {
        tags,
        security,
        summary:
          "Change a user's real_name (≤255), bio (≤500), email (unique in the community) and/or ext_id " +
          '(unique; empty clears it); absent fields are kept. Fully deleted users are refused (409)',
        params: idParams,
        body: userUpdateBodySchema,
        response: { 200: dataEnvelope(consoleUserSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await service.update(requireStaff(request), request.params.id, request.body ?? {}),
    }),
  );

  r.get(
    paths.avatar,
    {
      config: readConfig,
      schema: {
        tags,
        security,
        summary: "A user's avatar: a generated SVG (the initial on a colour derived from the username)",
        params: usernameParams,
        produces: ['image/svg+xml'],
        response: { 200: binaryImageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const svg = await service.avatar(requireStaff(request).stackId, request.params.username);
      return reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', AVATAR_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(svg, 'utf8'));
    },
  );

  r.get(
    paths.categories,
    {
      config: readConfig,
      schema: {
        tags,
        security,
        summary: 'The categories the user follows, by name',
        params: idParams,
        response: { 200: dataEnvelope(z.array(userCategorySchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.categories(requireStaff(request).stackId, request.params.id),
    }),
  );

  for (const direction of ['followers', 'followings'] as const) {
    r.get(
      paths[direction],
      {
        config: readConfig,
        schema: {
          tags,
          security,
          summary:
            direction === 'followers'
              ? 'Members following the user, newest first'
              : 'Members the user follows, newest first',
          params: idParams,
          querystring: userRelationsQuerySchema,
          response: { 200: dataEnvelope(userFollowPageSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { limit, offset } = request.query;
        const page = await service.follows(
          requireStaff(request).stackId,
          request.params.id,
          direction,
          limit,
          offset,
        );
        return envelope(request, page, limit, offset);
      },
    );
  }

  r.get(
    paths.connections,
    {
      config: readConfig,
      schema: {
        tags,
        security,
        summary: "The user's connections, newest first",
        params: idParams,
        querystring: userRelationsQuerySchema,
        response: { 200: dataEnvelope(userConnectionPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await service.connections(requireStaff(request).stackId, request.params.id, limit, offset);
      return envelope(request, page, limit, offset);
    },
  );
}
