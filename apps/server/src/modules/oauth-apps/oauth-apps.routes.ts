import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  oauthAppIdParamsSchema,
  oauthAppListQuerySchema,
  oauthAppListSchema,
  oauthAppPaths as paths,
  oauthAppSchema,
  oauthAppWithSecretSchema,
  oauthAppWriteBodySchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createOAuthAppsService } from './oauth-apps.service.ts';

const tags = ['oauth-apps'];
const security = [{ bearer: [] }];
const access = areaAccess('integrations');
const noStore = { 'Cache-Control': 'no-store' } as const;

/** Console routes of the API tab's OAuth 2.0 apps (registered inside the community guard). */
export function registerOAuthAppRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createOAuthAppsService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The community's OAuth 2.0 apps, newest first (paged)",
        querystring: oauthAppListQuerySchema,
        response: { 200: dataEnvelope(oauthAppListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request).stackId, request.query) }),
  );

  r.get(
    paths.detail,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'One OAuth 2.0 app (never its secret)',
        params: oauthAppIdParamsSchema,
        response: { 200: dataEnvelope(oauthAppSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.get(requireStaff(request).stackId, request.params.id) }),
  );

  r.post(
    paths.add,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Register an app: client type (public with PKCE, or confidential), name, description, image, grant types, redirect URIs (space-separated); the secret is answered this once',
        body: oauthAppWriteBodySchema,
        response: { 200: dataEnvelope(oauthAppWithSecretSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      void reply.headers(noStore);
      return { data: await service.add(requireStaff(request).stackId, request.body) };
    },
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "Change an app's name, description, image, grant types and redirect URIs",
        params: oauthAppIdParamsSchema,
        body: oauthAppWriteBodySchema,
        response: { 200: dataEnvelope(oauthAppSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.update(requireStaff(request).stackId, request.params.id, request.body),
    }),
  );

  r.post(
    paths.rotateSecret,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'A new secret for a confidential app, answered this once (the old one stops working)',
        params: oauthAppIdParamsSchema,
        response: { 200: dataEnvelope(oauthAppWithSecretSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      void reply.headers(noStore);
      return { data: await service.rotateSecret(requireStaff(request).stackId, request.params.id) };
    },
  );

  r.post(
    paths.delete,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Delete an app; the sign-ins it holds for members end with it',
        params: oauthAppIdParamsSchema,
        response: {
          200: dataEnvelope(z.object({ id: rowIdSchema })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await service.remove(requireStaff(request).stackId, request.params.id) }),
  );
}
