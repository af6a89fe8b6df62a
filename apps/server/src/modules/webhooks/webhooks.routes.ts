import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  invitationImportBodySchema as csvUploadBodySchema,
  WEBHOOK_EVENT_TYPES,
  webhookAttemptListSchema,
  webhookBulkResultSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWriteBodySchema,
  webhookIdParamsSchema,
  webhookListQuerySchema,
  webhookPasswordBodySchema,
  webhookPaths as paths,
  webhookSecretSchema,
} from '@agora/contract';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { uploadErrors, uploadRouteOptions } from '../../platform/stack-scope/console-routes.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createWebhooksService, type WebhooksDeps } from './webhooks.service.ts';
import { createWebhookDelivery, registerWebhookJobs } from './webhook-delivery.ts';

const tags = ['webhooks'];
const security = [{ bearer: [] }];
const access = { ...areaAccess('webhooks'), feature: 'webhook' as const };
const one = { 200: dataEnvelope(webhookEndpointSchema), ...errorResponses(400, 401, 403, 404) };
/** A CSV of event ids is small: 5,000 ids fit well within 200 KB. */
const CSV_MAX_BYTES = 200 * 1024;

/** Console routes of webhooks (registered inside the community guard; admins only). */
export function registerWebhookRoutes(scope: FastifyInstance, deps: WebhooksDeps): void {
  const service = createWebhooksService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const stackOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request).stackId;

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The community's webhook endpoints, newest first (paged), with each one's error rate",
        querystring: webhookListQuerySchema,
        response: { 200: dataEnvelope(webhookEndpointListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(stackOf(request), request.query) }),
  );

  r.get(
    paths.events,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "SelfCommunity's event catalogue: the types an endpoint may subscribe to",
        response: { 200: dataEnvelope(z.array(z.string())), ...errorResponses(401, 403, 404) },
      },
    },
    async () => ({ data: [...WEBHOOK_EVENT_TYPES] }),
  );

  r.post(
    paths.add,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Add an endpoint (target URL refused when it resolves to an internal address; events from the catalogue)',
        body: webhookEndpointWriteBodySchema,
        response: one,
      },
    },
    async (request) => ({ data: await service.add(stackOf(request), request.body) }),
  );

  r.get(
    paths.detail,
    {
      config: access,
      schema: { tags, security, summary: 'One endpoint', params: webhookIdParamsSchema, response: one },
    },
    async (request) => ({ data: await service.get(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Change an endpoint (any of its fields)',
        params: webhookIdParamsSchema,
        body: webhookEndpointWriteBodySchema,
        response: one,
      },
    },
    async (request) => ({ data: await service.update(stackOf(request), request.params.id, request.body) }),
  );

  r.post(
    paths.delete,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Delete an endpoint with its attempts',
        params: webhookIdParamsSchema,
        response: {
          200: dataEnvelope(z.object({ id: z.number().int() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await service.remove(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.reveal,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The endpoint's signing secret (whsec_…)",
        params: webhookIdParamsSchema,
        body: webhookPasswordBodySchema,
        response: { 200: dataEnvelope(webhookSecretSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.reveal(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.expire,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Rotate the signing secret: the old one keeps signing beside the new for 24 hours',
        params: webhookIdParamsSchema,
        body: webhookPasswordBodySchema,
        response: one,
      },
    },
    async (request) => ({ data: await service.expire(stackOf(request), request.params.id) }),
  );

  r.get(
    paths.attempts,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The endpoint's attempts of the last 10 days, newest first (paged)",
        params: webhookIdParamsSchema,
        querystring: webhookListQuerySchema,
        response: { 200: dataEnvelope(webhookAttemptListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.attempts(stackOf(request), request.params.id, request.query),
    }),
  );

  r.post(
    paths.resendAttempt,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "Send an attempt's event again to its endpoint",
        params: webhookIdParamsSchema,
        response: {
          200: dataEnvelope(z.object({ id: z.number().int() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await service.resendAttempt(stackOf(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  for (const [path, dryRun] of [
    [paths.bulkPreview, true],
    [paths.bulk, false],
  ] as const) {
    r.post(
      path,
      {
        ...uploadRouteOptions(access, deps.stackScope, CSV_MAX_BYTES),
        schema: {
          tags,
          security,
          summary: dryRun
            ? 'Bulk retry, asked first: how many events of the CSV (multipart `file`) the endpoint subscribes to'
            : 'Bulk retry: send again the events of the CSV (multipart `file`) the endpoint subscribes to',
          consumes: ['multipart/form-data'],
          params: webhookIdParamsSchema,
          body: csvUploadBodySchema,
          response: { 200: dataEnvelope(webhookBulkResultSchema), ...uploadErrors },
        },
      },
      async (request) => ({
        data: await service.resendCsv(stackOf(request), request.params.id, request.body.file, dryRun),
      }),
    );
  }
}

/** The delivery worker's jobs (recorded events, retries, the purge); a 410 tells the admins. */
export function registerWebhookWorker(deps: WebhooksDeps): void {
  const service = createWebhooksService(deps);
  const delivery = createWebhookDelivery(
    { ...deps, onGone: (endpoint) => service.tellAdminsGone(endpoint) },
    deps.lookup ? { lookup: deps.lookup } : {},
  );
  registerWebhookJobs(deps.jobs, delivery);
}
