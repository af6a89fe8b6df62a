import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  emailDeliveryListSchema,
  emailDeliveryQuerySchema,
  emailQuotaSchema,
  emailSendBodySchema,
  emailSendCustomisedBodySchema,
  emailSendsPaths as paths,
  emailTaskSchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { createEmailDelivery, EMAIL_SEND_JOB } from './email-delivery.ts';
import { createEmailSendsService } from './email-sends.service.ts';

const tags = ['email-sends'];
const security = [{ bearer: [] }];
/** Send and send customised are calls of the email manager (spec mgmt §7): the same roles. */
const access = { ...areaAccess('email-manager') };
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const taskResponse = { 200: dataEnvelope(emailTaskSchema), ...errorResponses(400, 401, 403, 404) };
const startResponse = { 200: dataEnvelope(emailTaskSchema), ...errorResponses(400, 401, 403, 404, 409) };

/** Stack-scoped routes of email sending tasks (registered inside the community guard). */
export function registerEmailSendsRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createEmailSendsService(deps);
  const delivery = createEmailDelivery(deps);
  deps.jobs.register(EMAIL_SEND_JOB, (job) => delivery.run(job));
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof requireStaff>[0]) => {
    const staff = requireStaff(request);
    return { stackId: staff.stackId, by: { userId: staff.userId, username: staff.username } };
  };

  r.get(
    paths.quota,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Emails the community may still send today through the default sender (null: its own server, no limit)',
        response: { 200: dataEnvelope(emailQuotaSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.quota(requireStaff(request).stackId) }),
  );

  r.post(
    paths.send,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Send a template type to chosen users (one sending task at a time; 409 when one runs)',
        body: emailSendBodySchema,
        response: startResponse,
      },
    },
    async (request) => {
      const { stackId, by } = actor(request);
      return { data: await service.send(stackId, by, request.body) };
    },
  );

  r.post(
    paths.sendCustomised,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Send a customised subject and HTML body to chosen users (one sending task at a time)',
        body: emailSendCustomisedBodySchema,
        response: startResponse,
      },
    },
    async (request) => {
      const { stackId, by } = actor(request);
      return { data: await service.sendCustomised(stackId, by, request.body) };
    },
  );

  r.get(
    paths.task,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'A sending task and its progress',
        params: idParams,
        response: taskResponse,
      },
    },
    async (request) => ({ data: await service.get(requireStaff(request).stackId, request.params.id) }),
  );

  r.get(
    paths.deliveries,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          "A task's delivery log: one row per recipient (queued, sent, failed with the server's answer)",
        params: idParams,
        querystring: emailDeliveryQuerySchema,
        response: { 200: dataEnvelope(emailDeliveryListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.deliveries(requireStaff(request).stackId, request.params.id, request.query),
    }),
  );
}
