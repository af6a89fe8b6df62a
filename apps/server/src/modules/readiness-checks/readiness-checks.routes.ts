import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  readinessCheckPaths as paths,
  readinessConfigurationSchema,
  readinessMonitoringSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createReadinessChecksService } from './readiness-checks.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['readiness checks'];
const security = [{ bearer: [] }];

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerReadinessCheckRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createReadinessChecksService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.configuration,
    {
      config: areaAccess('readiness-checks'),
      schema: {
        tags,
        security,
        summary: 'Configuration checks: required, recommended and best practices, each with a link to fix it',
        response: { 200: dataEnvelope(readinessConfigurationSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { data: await service.configuration(requireStaff(request).stackId) };
    },
  );

  r.get(
    paths.monitoring,
    {
      config: areaAccess('readiness-checks'),
      schema: {
        tags,
        security,
        summary: 'Monitoring checks: database, job queue and mail delivery',
        response: { 200: dataEnvelope(readinessMonitoringSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { data: await service.monitoring(requireStaff(request).stackId) };
    },
  );
}
