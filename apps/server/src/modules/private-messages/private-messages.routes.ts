import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_REDACTED,
  memberPageOf,
  memberUserSchema,
  privateMessageDeleteThreadQuerySchema,
  privateMessageListQuerySchema,
  privateMessagePaths as paths,
  privateMessageSchema,
  privateMessageSearchQuerySchema,
  privateMessageSendSchema,
  privateMessageSnippetSchema,
  privateMessageUnseenCountSchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { callerOrigin, callerPath } from '../../platform/http/served-address.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createPrivateMessagesService } from './private-messages.service.ts';

const tags = ['private-messages'];
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const DEFAULT_LIMIT = 20;

/** The address of the page of older messages: the same request from before `oldest`. */
function olderLink(request: FastifyRequest, publicUrl: string, oldest: number, limit: number): string {
  const origin = callerOrigin(request, publicUrl);
  const url = new URL(callerPath(request), origin);
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('before_message', String(oldest));
  url.searchParams.delete('offset');
  return `${origin}${url.pathname}${url.search}`;
}

/**
 * SelfCommunity's private messages (`/api/v2/pm/`), while the preference `private_messages_enabled`
 * is on (403 `feature_disabled` otherwise); every call is the signed-in member's own (ADR 0039).
 */
export function registerPrivateMessageRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createPrivateMessagesService(deps);
  const publicUrl = deps.config.publicUrl;

  r.get(
    paths.list,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary:
          "The caller's threads, newest first (snippets); with `user`, the messages with that member, " +
          'paged backwards from the newest with `before_message` (ascending within a page; reading marks ' +
          'the ones the caller received seen)',
        querystring: privateMessageListQuerySchema,
        response: {
          200: memberPageOf(z.union([privateMessageSnippetSchema, privateMessageSchema])),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      const { user, before_message: before } = request.query;
      if (user === undefined) {
        return memberPage(request, publicUrl, request.query, (limit, offset) =>
          service.snippets(stackId, caller, limit ?? DEFAULT_LIMIT, offset),
        );
      }
      const limit = request.query.limit ?? DEFAULT_LIMIT;
      const page = await service.thread(stackId, caller, user, before, limit);
      const oldest = page.results[0]?.id;
      return {
        count: page.count,
        next: page.more && oldest !== undefined ? olderLink(request, publicUrl, oldest, limit) : null,
        previous: null,
        results: page.results,
      };
    },
  );

  r.post(
    paths.list,
    {
      config: { member: 'member' },
      // A staff sender's write is audited (ADR 0039): to whom, never what they wrote.
      preValidation: async (request) => {
        const body = request.body as { recipients?: unknown } | undefined;
        request.auditDetails = { body: { recipients: body?.recipients ?? null, message: AUDIT_REDACTED } };
      },
      schema: {
        tags,
        summary:
          'Sends a message to each recipient (active members of this community other than the caller, ' +
          'neither hidden by nor hiding the caller); each is notified (`private_message`)',
        body: privateMessageSendSchema,
        response: { 201: z.array(privateMessageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      const sent = await service.send(stackId, requireMember(request), request.body);
      return reply.code(201).send(sent);
    },
  );

  r.delete(
    paths.list,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Deletes the thread with `user` for the caller only (the other member keeps it)',
        querystring: privateMessageDeleteThreadQuerySchema,
        response: { 204: z.null().describe('Done'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      await service.removeThread(stackId, requireMember(request), request.query.user);
      return reply.code(204).send(null);
    },
  );

  r.get(
    paths.search,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Members to write to: those whose username or name holds `user` (not the caller)',
        querystring: privateMessageSearchQuerySchema,
        response: { 200: memberPageOf(memberUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      const caller = requireMember(request);
      return memberPage(request, publicUrl, request.query, (limit, offset) =>
        service.search(stackId, caller, request.query.user, limit ?? DEFAULT_LIMIT, offset),
      );
    },
  );

  r.get(
    paths.unseenCount,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Agora: how many messages the caller received and has not seen (cheap to poll)',
        response: { 200: privateMessageUnseenCountSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return { count: await service.unseenCount(stackId, requireMember(request)) };
    },
  );

  r.get(
    paths.one,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'One message, to its sender or receiver',
        params: idParams,
        response: { 200: privateMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      return service.one(stackId, requireMember(request), request.params.id);
    },
  );

  r.delete(
    paths.one,
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'The sender deletes their message (it stays in the thread as deleted, without its text)',
        params: idParams,
        response: { 204: z.null().describe('Done'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      await service.remove(stackId, requireMember(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
