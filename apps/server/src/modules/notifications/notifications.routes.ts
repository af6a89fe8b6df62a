import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customNotificationBodySchema,
  memberListQuerySchema,
  memberNotificationGroupSchema,
  memberNotificationPaths as paths,
  memberPageOf,
  memberSettingsPatchSchema,
  memberSettingsSchema,
  notificationCountSchema,
  notificationReadBodySchema,
  NOTIFICATION_UNSUBSCRIBE_TEXTS,
  oneClickUnsubscribeBodySchema,
  rowIdSchema,
} from '@agora/contract';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { setEventWriter } from '../../platform/events/event-outbox.ts';
import {
  createNotificationsService,
  NOTIFICATION_EMAIL_JOB,
  notificationWriter,
  type NotificationsDeps,
} from './notifications.service.ts';

const tags = ['member-notifications'];
const member = { member: 'member' as const };

type Locale = keyof typeof NOTIFICATION_UNSUBSCRIBE_TEXTS;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function localeOf(request: FastifyRequest): Locale {
  for (const part of (request.headers['accept-language'] ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'it' || tag === 'en') return tag;
  }
  return 'en';
}

/** The small page of the unsubscribe address: a confirmation with its button, or what happened. */
function unsubscribePage(locale: Locale, community: string, body: 'confirm' | 'done'): string {
  const words = NOTIFICATION_UNSUBSCRIBE_TEXTS[locale];
  const line = (text: string) => escapeHtml(text.replace('{community}', community));
  const main =
    body === 'confirm'
      ? `<p>${line(words.confirm)}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${line(words.button)}</button></form>`
      : `<p>${line(words.done)}</p>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${line(words.title)} · ${escapeHtml(community)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #f5f5f5; color: #212121; font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; }
  main { max-width: 40rem; margin: 1.5rem; padding: 2rem; border-radius: 12px; background: #fff;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 0; background: #1a5a5a; color: #fff; cursor: pointer; }
</style>
</head>
<body>
<main><h1>${line(words.title)}</h1>
${main}</main>
</body>
</html>
`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Vary', 'Accept-Language')
    .send(html);
}

/**
 * Members' notifications (issue 18 §2, ADR 0037): SelfCommunity's `notification/` list, read,
 * unseen count and custom notification; `user/{id}/settings/`; the one-click unsubscribe address
 * of notification emails (ours: SelfCommunity documents none). Also sets the event writer that turns
 * `notification.*` events into notifications, and registers the email job.
 */
export function registerMemberNotificationRoutes(scope: FastifyInstance, deps: NotificationsDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createNotificationsService(deps);
  setEventWriter('notifications', notificationWriter(deps.jobs));
  deps.jobs.register(NOTIFICATION_EMAIL_JOB, (job) => service.sendEmail(job));
  const who = (request: FastifyRequest) => ({
    stackId: requireCommunity(request).stackId,
    caller: requireMember(request),
  });

  r.get(
    paths.list,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's notifications, newest first (SelfCommunity's aggregated shape)",
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberNotificationGroupSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId, caller } = who(request);
      return memberPage(request, deps.config.publicUrl, request.query, (limit, offset) =>
        service.page(stackId, caller, limit ?? 20, offset),
      );
    },
  );

  r.post(
    paths.read,
    {
      config: member,
      schema: {
        tags,
        summary: 'Mark notifications seen: those of `sids`, or all of them',
        body: notificationReadBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId, caller } = who(request);
      await service.markRead(stackId, caller.userId, request.body?.sids);
      return reply.code(204).send(null);
    },
  );

  r.get(
    paths.unseenCount,
    {
      config: member,
      schema: {
        tags,
        summary: 'How many notifications the member has not seen (one indexed count: poll it)',
        response: { 200: notificationCountSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId, caller } = who(request);
      return { count: await service.unseenCount(stackId, caller.userId) };
    },
  );

  r.post(
    paths.notify,
    {
      config: { member: ['admin'] },
      schema: {
        tags,
        summary: 'Send a custom notification to a member, or to their connections (admin)',
        body: customNotificationBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId, caller } = who(request);
      await service.notify(stackId, caller, request.body);
      return reply.code(204).send(null);
    },
  );

  r.get(
    paths.settings,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's own notification settings (another member's: 404)",
        params: z.object({ id: rowIdSchema }),
        response: { 200: memberSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId, caller } = who(request);
      return service.settings(stackId, caller, request.params.id);
    },
  );

  r.patch(
    paths.settings,
    {
      config: member,
      schema: {
        tags,
        summary: "Change the member's own notification settings (integers; another member's: 404)",
        params: z.object({ id: rowIdSchema }),
        body: memberSettingsPatchSchema,
        response: { 200: memberSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId, caller } = who(request);
      return service.updateSettings(stackId, caller, request.params.id, request.body);
    },
  );

  const tokenParams = z.object({ token: z.string().max(80) });

  r.get(
    paths.unsubscribe,
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'The page of a notification email’s unsubscribe address: asks to confirm (en/it)',
        params: tokenParams,
        response: { 200: z.string().describe('An HTML page'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const community = requireCommunity(request);
      // A forged or moved token is 400 in the error envelope, as any bad input.
      await service.memberOfToken(community.stackId, request.params.token);
      return sendPage(reply, 200, unsubscribePage(localeOf(request), community.name, 'confirm'));
    },
  );

  r.post(
    paths.unsubscribe,
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary:
          'RFC 8058 one-click unsubscribe (form body List-Unsubscribe=One-Click, no sign-in): no more notification emails',
        params: tokenParams,
        body: oneClickUnsubscribeBodySchema,
        response: { 200: z.string().describe('An HTML page'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const community = requireCommunity(request);
      await service.unsubscribe(community.stackId, request.params.token);
      return sendPage(reply, 200, unsubscribePage(localeOf(request), community.name, 'done'));
    },
  );
}
