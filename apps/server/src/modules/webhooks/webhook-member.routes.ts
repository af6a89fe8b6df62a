import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  memberListQuerySchema,
  WEBHOOK_EVENT_TYPES,
  webhookAttemptSchema,
  webhookEndpointSchema,
  webhookEndpointWriteBodySchema,
  webhookIdParamsSchema,
  webhookPasswordBodySchema,
  webhookPaths as paths,
  webhookResendBodySchema,
  webhookResendBulkBodySchema,
  webhookSecretSchema,
} from '@agora/contract';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { pageEnvelope } from '../../platform/http/page-links.ts';
import { createWebhooksService, type WebhooksDeps } from './webhooks.service.ts';

const tags = ['member-webhooks'];
const admins = { member: ['admin'] as const };
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
const listQuery = memberListQuerySchema.extend({
  ordering: z.string().max(50).optional(),
  target: z.string().max(2000).optional(),
});
const one = { 200: webhookEndpointSchema, ...errorResponses(400, 401, 403, 404) };

/**
 * SelfCommunity's `webhook/endpoint/…` calls for the community's admins (member API). Revealing or
 * rotating a secret takes SelfCommunity's optional `{password}`: when given, it must be the caller's.
 */
export function registerMemberWebhookRoutes(
  scope: FastifyInstance,
  deps: WebhooksDeps & Pick<MemberApiDeps, 'memberAuth'>,
): void {
  const service = createWebhooksService(deps);
  const confirm = async (
    request: FastifyRequest,
    body: { password?: string | undefined } | null | undefined,
  ) => {
    if (body?.password === undefined) return;
    await deps.memberAuth.confirmPassword(
      requireCommunity(request),
      requireMember(request).userId,
      body.password,
      request.ip,
    );
  };
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const stackOf = (request: Parameters<typeof requireCommunity>[0]) => requireCommunity(request).stackId;
  const publicUrl = deps.config.publicUrl;

  for (const path of [paths.memberList, paths.memberSearch]) {
    r.get(
      path,
      {
        config: admins,
        schema: {
          tags,
          summary: 'Webhook endpoints (ordering created_at, is_active, updated_at; search by target)',
          querystring: listQuery,
          response: { 200: pageOf(webhookEndpointSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const limit = request.query.limit ?? 20;
        const page = await service.list(stackOf(request), { ...request.query, limit });
        return pageEnvelope(request, publicUrl, page, limit, request.query.offset);
      },
    );
  }

  r.get(
    paths.memberEvents,
    {
      config: admins,
      schema: {
        tags,
        summary: 'The event types an endpoint may subscribe to (a plain array of names)',
        response: { 200: z.array(z.string()), ...errorResponses(401, 403, 404) },
      },
    },
    async () => [...WEBHOOK_EVENT_TYPES],
  );

  r.post(
    paths.memberList,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Create an endpoint',
        body: webhookEndpointWriteBodySchema,
        response: { 201: webhookEndpointSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.add(stackOf(request), request.body)),
  );

  r.get(
    paths.memberDetail,
    {
      config: admins,
      schema: { tags, summary: 'One endpoint', params: webhookIdParamsSchema, response: one },
    },
    async (request) => service.get(stackOf(request), request.params.id),
  );

  for (const method of ['put', 'patch'] as const) {
    r[method](
      paths.memberDetail,
      {
        config: admins,
        schema: {
          tags,
          summary: method === 'put' ? 'Change an endpoint' : 'Change some fields of an endpoint',
          params: webhookIdParamsSchema,
          body: webhookEndpointWriteBodySchema,
          response: one,
        },
      },
      async (request) => service.update(stackOf(request), request.params.id, request.body),
    );
  }

  r.delete(
    paths.memberDetail,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Delete an endpoint',
        params: webhookIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(stackOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    paths.memberAttempts,
    {
      config: admins,
      schema: {
        tags,
        summary: "The endpoint's attempts of the last 10 days (ordering created_at, sent_at, next_retry)",
        params: webhookIdParamsSchema,
        querystring: listQuery,
        response: { 200: pageOf(webhookAttemptSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 20;
      const page = await service.attempts(stackOf(request), request.params.id, { ...request.query, limit });
      return pageEnvelope(request, publicUrl, page, limit, request.query.offset);
    },
  );

  r.post(
    paths.memberReveal,
    {
      config: admins,
      schema: {
        tags,
        summary: "The endpoint's signing secret",
        params: webhookIdParamsSchema,
        body: webhookPasswordBodySchema,
        response: { 201: webhookSecretSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await confirm(request, request.body);
      return reply.code(201).send(await service.reveal(stackOf(request), request.params.id));
    },
  );

  r.post(
    paths.memberExpire,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Rotate the signing secret (the old one signs beside the new for 24 hours)',
        params: webhookIdParamsSchema,
        body: webhookPasswordBodySchema,
        response: one,
      },
    },
    async (request) => {
      await confirm(request, request.body);
      return service.expire(stackOf(request), request.params.id);
    },
  );

  r.post(
    paths.memberResend,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Send one kept event (its event_id) again to the endpoint',
        params: webhookIdParamsSchema,
        body: webhookResendBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.resendEvent(stackOf(request), request.params.id, request.body.event);
      return reply.code(204).send(null);
    },
  );

  r.post(
    paths.memberResendBulk,
    {
      config: admins,
      schema: {
        tags,
        summary: 'Send kept events again to the endpoint (only the types it subscribes to)',
        params: webhookIdParamsSchema,
        body: webhookResendBulkBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.resendEvents(stackOf(request), request.params.id, request.body.event, false);
      return reply.code(204).send(null);
    },
  );

  r.post(
    paths.memberAttemptResend,
    {
      config: admins,
      schema: {
        tags,
        summary: "Send an attempt's event again",
        params: webhookIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.resendAttempt(stackOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
