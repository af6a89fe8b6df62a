import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  domainSettingsBodySchema,
  domainSettingsPaths as paths,
  domainSettingsSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createDomainSettingsService } from './domain-settings.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['domain settings'];
const security = [{ bearer: [] }];

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerDomainRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createDomainSettingsService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.domain,
    {
      config: { ...areaAccess('server-settings'), feature: 'domain' },
      schema: {
        tags,
        security,
        summary: "The community's own domain (null: the platform's address)",
        response: { 200: dataEnvelope(domainSettingsSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.get(requireStaff(request).stackId) }),
  );

  r.post(
    paths.domain,
    {
      config: { ...areaAccess('server-settings'), feature: 'domain' },
      schema: {
        tags,
        security,
        summary: 'Change the domain (empty removes it); restarts the community, 409 while it restarts',
        body: domainSettingsBodySchema,
        response: { 200: dataEnvelope(domainSettingsSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await service.update(requireStaff(request).stackId, request.body.domain),
    }),
  );
}
