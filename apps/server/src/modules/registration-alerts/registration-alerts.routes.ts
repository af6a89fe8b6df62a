import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  registrationAlertPaths as paths,
  registrationAlertStateSchema,
  registrationAlertUpdateBodySchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireAuth } from '../../platform/auth/authenticate.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createRegistrationAlertsService, REGISTRATION_ALERT_JOB } from './registration-alerts.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['registration alerts'];
const security = [{ bearer: [] }];
const config = { ...areaAccess('registration-alerts'), feature: 'registration_alerts' as const };

/** Stack-scoped routes of this area (registered inside the community guard), and its check job. */
export function registerRegistrationAlertRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createRegistrationAlertsService(deps);
  deps.jobs.register(REGISTRATION_ALERT_JOB, async (job) => {
    const stackId = job.stackId ?? (job.payload as { stackId?: number } | null)?.stackId;
    if (typeof stackId === 'number') await service.runCheck(stackId);
  });
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.get,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The registration threshold and the registrations of the current window',
        response: { 200: dataEnvelope(registrationAlertStateSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.state(requireStaff(request).stackId) }),
  );

  r.post(
    paths.update,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Change the registration threshold (alerts at 80, 90 and 100 %, optional block)',
        body: registrationAlertUpdateBodySchema,
        response: { 200: dataEnvelope(registrationAlertStateSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.update(requireStaff(request).stackId, request.body, requireAuth(request).accountId),
    }),
  );
}
