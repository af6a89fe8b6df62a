import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appPlatformSchema,
  appRequestBodySchema,
  appRequestSchema,
  appRequestStatusBodySchema,
  appSettingsPaths as paths,
  dataEnvelope,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireAuth, type AuthPreHandler } from '../../platform/auth/authenticate.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { requireHubAdmin } from '../auth/hub-admin.service.ts';
import { createAppSettingsService } from './app-settings.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['app settings'];
const security = [{ bearer: [] }];
const FEATURE = 'app_settings' as const;

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerAppSettingsRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createAppSettingsService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ slug: z.string(), platform: appPlatformSchema });

  r.get(
    paths.one,
    {
      config: { ...areaAccess('app-settings'), feature: FEATURE },
      schema: {
        tags,
        security,
        summary: "The community's request for its app in one store (android or ios)",
        params,
        response: { 200: dataEnvelope(appRequestSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.get(requireStaff(request).stackId, request.params.platform) }),
  );

  r.post(
    paths.one,
    {
      config: { ...areaAccess('app-settings'), feature: FEATURE },
      schema: {
        tags,
        security,
        summary: 'Send (or send again after a rejection) the request for the app, with the store accounts',
        params,
        body: appRequestBodySchema,
        response: { 200: dataEnvelope(appRequestSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await service.send(
        requireStaff(request).stackId,
        request.params.platform,
        request.body,
        requireAuth(request).accountId,
      ),
    }),
  );
}

/** Hub: the provider team (hub administrators) moves a community's app request along its states. */
export function registerAppRequestHubRoutes(
  app: FastifyInstance,
  deps: PlatformDeps & { authenticate: AuthPreHandler },
): void {
  const service = createAppSettingsService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    paths.hubStatus,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: "Move a community's app request to its next state (hub administrators)",
        params: z.object({ id: rowIdSchema, platform: appPlatformSchema }),
        body: appRequestStatusBodySchema,
        response: { 200: dataEnvelope(appRequestSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id: accountId } = await requireHubAdmin(deps.db, request);
      return {
        data: await service.move(request.params.id, request.params.platform, request.body.status, accountId),
      };
    },
  );
}
