import {
  ErrorCode,
  isWebhookEventType,
  WEBHOOK_ATTEMPT_KEEP_DAYS,
  WEBHOOK_BULK_MAX,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_MESSAGES as M,
  WEBHOOK_OLD_SECRET_HOURS,
  WEBHOOK_TARGET_MAX,
  WebhooksErrorCode,
  type WebhookAttempt,
  type WebhookAttemptList,
  type WebhookBulkResult,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWriteBody,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import type { Db } from '../../platform/db/database.ts';
import type { HostLookup } from '../../platform/net/outbound-host.ts';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import { eventsByIds, setEventInterests } from '../../platform/events/event-outbox.ts';
import { requireFeature } from '../features/features.service.ts';
import { listStaff } from '../staff/staff.repository.ts';
import {
  recipientsByLocale,
  renderEmail,
  staffNotificationRoles,
} from '../email-manager/email-manager.service.ts';
import { newSigningSecret } from './webhook-signature.ts';
import { checkTarget, OutboundRefusedError, parseTarget, webhookAllowance } from './webhook-target.ts';
import { WEBHOOK_DELIVER_JOB } from './webhook-delivery.ts';
import * as deliveries from './webhook-deliveries.repository.ts';
import * as repo from './webhooks.repository.ts';

export interface WebhooksDeps extends PlatformDeps {
  /** The resolver used to check targets (tests stub it). */
  lookup?: HostLookup;
}

interface Page {
  limit: number;
  offset: number;
  ordering?: string | undefined;
  target?: string | undefined;
}

function eventTypesOf(events: WebhookEndpointWriteBody['events']): string[] {
  return (events ?? []).map((e) => (typeof e === 'string' ? e : e.type).trim());
}

/** Event ids from an uploaded CSV: one per cell; a header cell (not a number) on the first line is skipped. */
export function parseEventIdCsv(file: unknown): number[] | undefined {
  const text = Buffer.isBuffer(file) ? file.toString('utf8') : typeof file === 'string' ? file : undefined;
  if (text === undefined) return undefined;
  const ids: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    for (const raw of line.split(/[,;\t]/)) {
      const cell = raw
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim();
      if (cell === '') continue;
      if (/^\d{1,10}$/.test(cell) && Number(cell) >= 1 && Number(cell) <= 2_147_483_647)
        ids.push(Number(cell));
      else if (index === 0) continue;
      else return undefined;
    }
  }
  return ids.length > 0 && ids.length <= WEBHOOK_BULK_MAX ? [...new Set(ids)] : undefined;
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { db, clock, secretBox } = deps;
  const allowance = webhookAllowance(deps.config);
  const keptSince = () => new Date(clock.now().getTime() - WEBHOOK_ATTEMPT_KEEP_DAYS * 86_400_000);

  async function present(stackId: number, rows: repo.EndpointRow[]): Promise<WebhookEndpoint[]> {
    const ids = rows.map((r) => r.id);
    const [subscriptions, counts] = await Promise.all([
      repo.subscriptionsOf(db, stackId, ids),
      repo.attemptCounts(db, stackId, ids, keptSince()),
    ]);
    return rows.map((row) => {
      const count = counts.get(row.id) ?? { total: 0, failed: 0 };
      return {
        id: row.id,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
        is_active: row.is_active,
        target: row.target,
        description: row.description,
        events: subscriptions
          .filter((s) => s.endpoint_id === row.id)
          .map((s) => ({ type: s.type, added_at: s.added_at.toISOString() })),
        ssl_cert_verification: row.ssl_cert_verification,
        error_rate: count.total === 0 ? 0 : count.failed / count.total,
        attempts_count: count.total,
      };
    });
  }

  async function presentOne(stackId: number, row: repo.EndpointRow): Promise<WebhookEndpoint> {
    return (await present(stackId, [row]))[0] as WebhookEndpoint;
  }

  async function endpointOf(stackId: number, id: number): Promise<repo.EndpointRow> {
    const row = await repo.findEndpoint(db, stackId, id);
    if (!row) throw AppError.of(404, ErrorCode.notFound, M.notFound);
    return row;
  }

  /** Checks a write; answers the fields to store, or 400 with every bad field. */
  async function checked(body: WebhookEndpointWriteBody, creating: boolean) {
    const errors: AppErrorEntry[] = [];
    let target: string | undefined;
    if (body.target !== undefined || creating) {
      const text = (body.target ?? '').trim();
      const url = text.length <= WEBHOOK_TARGET_MAX ? parseTarget(text) : undefined;
      if (!text) errors.push(errorEntry(ErrorCode.required, M.target, 'target'));
      else if (!url) errors.push(errorEntry(ErrorCode.invalid, M.target, 'target'));
      else {
        try {
          await checkTarget(url, allowance, deps.lookup);
          target = url.toString();
        } catch (error) {
          if (!(error instanceof OutboundRefusedError)) throw error;
          errors.push(errorEntry(WebhooksErrorCode.targetRefused, M.targetRefused, 'target'));
        }
      }
    }
    const description = body.description === null ? '' : body.description?.trim();
    if (description !== undefined && description.length > WEBHOOK_DESCRIPTION_MAX)
      errors.push(errorEntry(ErrorCode.maxLength, M.description, 'description'));
    let types: string[] | undefined;
    if (body.events !== undefined || creating) {
      types = eventTypesOf(body.events);
      if (types.length === 0) errors.push(errorEntry(ErrorCode.required, M.events, 'events'));
      else if (types.some((t) => !isWebhookEventType(t)))
        errors.push(errorEntry(ErrorCode.invalid, M.unknownEvent, 'events'));
    }
    if (errors.length > 0) throw new AppError(400, errors);
    return { target, description, types };
  }

  /** After any change of endpoints: the outbox keeps exactly the types active endpoints want. */
  async function refreshInterests(trx: Db, stackId: number): Promise<void> {
    await setEventInterests(trx, stackId, await repo.activeTypes(trx, stackId));
  }

  /** Queues deliveries of these kept events to the endpoint (only the types it subscribes to). */
  async function queueResend(stackId: number, endpoint: repo.EndpointRow, eventIds: readonly number[]) {
    const subscribed = new Set((await repo.subscriptionsOf(db, stackId, [endpoint.id])).map((s) => s.type));
    const events = (await eventsByIds(db, stackId, eventIds)).filter((e) => subscribed.has(e.type));
    return events.sort((a, b) => a.id - b.id);
  }

  async function send(stackId: number, endpoint: repo.EndpointRow, eventIds: readonly number[]) {
    const events = await queueResend(stackId, endpoint, eventIds);
    if (events.length === 0) return events;
    await deliveries.insertDeliveries(
      db,
      events.map((e) => ({
        stack_id: stackId,
        endpoint_id: endpoint.id,
        event_id: e.id,
        event_type: e.type,
      })),
      clock.now(),
    );
    await deps.jobs.enqueue(WEBHOOK_DELIVER_JOB, {}, { stackId });
    return events;
  }

  return {
    async list(stackId: number, page: Page): Promise<WebhookEndpointList> {
      await requireFeature(db, stackId, 'webhook');
      const { count, rows } = await repo.listEndpoints(db, stackId, page);
      return { count, next: null, previous: null, results: await present(stackId, rows) };
    },

    async get(stackId: number, id: number): Promise<WebhookEndpoint> {
      await requireFeature(db, stackId, 'webhook');
      return presentOne(stackId, await endpointOf(stackId, id));
    },

    async add(stackId: number, body: WebhookEndpointWriteBody): Promise<WebhookEndpoint> {
      await requireFeature(db, stackId, 'webhook');
      const fields = await checked(body, true);
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertEndpoint(trx, {
          stack_id: stackId,
          target: fields.target as string,
          description: fields.description ?? '',
          is_active: body.is_active === undefined ? true : Boolean(body.is_active),
          ssl_cert_verification:
            body.ssl_cert_verification === undefined ? true : Boolean(body.ssl_cert_verification),
          secret_sealed: secretBox.seal(newSigningSecret()),
          created_at: now,
          updated_at: now,
        });
        await repo.replaceSubscriptions(trx, stackId, inserted.id, fields.types ?? [], now);
        await refreshInterests(trx, stackId);
        return inserted;
      });
      return presentOne(stackId, row);
    },

    async update(stackId: number, id: number, body: WebhookEndpointWriteBody): Promise<WebhookEndpoint> {
      await requireFeature(db, stackId, 'webhook');
      await endpointOf(stackId, id);
      const fields = await checked(body, false);
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const updated = await repo.updateEndpoint(trx, stackId, id, {
          updated_at: now,
          ...(fields.target !== undefined ? { target: fields.target } : {}),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(body.is_active !== undefined ? { is_active: Boolean(body.is_active) } : {}),
          ...(body.ssl_cert_verification !== undefined
            ? { ssl_cert_verification: Boolean(body.ssl_cert_verification) }
            : {}),
        });
        if (!updated) throw AppError.of(404, ErrorCode.notFound, M.notFound);
        if (fields.types) await repo.replaceSubscriptions(trx, stackId, id, fields.types, now);
        await refreshInterests(trx, stackId);
        return updated;
      });
      return presentOne(stackId, row);
    },

    async remove(stackId: number, id: number): Promise<{ id: number }> {
      await requireFeature(db, stackId, 'webhook');
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteEndpoint(trx, stackId, id)))
          throw AppError.of(404, ErrorCode.notFound, M.notFound);
        await refreshInterests(trx, stackId);
      });
      return { id };
    },

    async reveal(stackId: number, id: number): Promise<{ signing_secret: string }> {
      await requireFeature(db, stackId, 'webhook');
      const row = await endpointOf(stackId, id);
      return { signing_secret: secretBox.open(row.secret_sealed) };
    },

    /** A new secret; the old one keeps signing beside it for 24 hours. */
    async expire(stackId: number, id: number): Promise<WebhookEndpoint> {
      await requireFeature(db, stackId, 'webhook');
      const row = await endpointOf(stackId, id);
      const now = clock.now();
      const updated = await repo.updateEndpoint(db, stackId, id, {
        secret_sealed: secretBox.seal(newSigningSecret()),
        previous_secret_sealed: row.secret_sealed,
        previous_secret_until: new Date(now.getTime() + WEBHOOK_OLD_SECRET_HOURS * 3_600_000),
        updated_at: now,
      });
      if (!updated) throw AppError.of(404, ErrorCode.notFound, M.notFound);
      return presentOne(stackId, updated);
    },

    async attempts(stackId: number, id: number, page: Page): Promise<WebhookAttemptList> {
      await requireFeature(db, stackId, 'webhook');
      await endpointOf(stackId, id);
      const { count, rows } = await repo.listAttempts(db, stackId, id, page, keptSince());
      return { count, next: null, previous: null, results: rows.map(attemptView) };
    },

    /** Sends an attempt's event again to its endpoint. */
    async resendAttempt(stackId: number, attemptId: number): Promise<void> {
      await requireFeature(db, stackId, 'webhook');
      const attempt = await repo.findAttempt(db, stackId, attemptId, keptSince());
      if (!attempt) throw AppError.of(404, ErrorCode.notFound, M.attemptNotFound);
      const endpoint = await endpointOf(stackId, attempt.endpoint_id);
      const sent = await send(stackId, endpoint, [attempt.event_id]);
      if (sent.length === 0) throw AppError.of(404, ErrorCode.notFound, M.eventNotFound);
    },

    /** SelfCommunity's `event/resend/`: one kept event the endpoint subscribes to. */
    async resendEvent(stackId: number, id: number, eventId: number): Promise<void> {
      await requireFeature(db, stackId, 'webhook');
      const endpoint = await endpointOf(stackId, id);
      const sent = await send(stackId, endpoint, [eventId]);
      if (sent.length === 0) throw AppError.of(404, ErrorCode.notFound, M.eventNotFound);
    },

    /** Bulk retry: the given events the endpoint subscribes to; `dryRun` only counts them. */
    async resendEvents(
      stackId: number,
      id: number,
      eventIds: readonly number[],
      dryRun: boolean,
    ): Promise<WebhookBulkResult> {
      await requireFeature(db, stackId, 'webhook');
      const endpoint = await endpointOf(stackId, id);
      const events = dryRun
        ? await queueResend(stackId, endpoint, eventIds)
        : await send(stackId, endpoint, eventIds);
      return { read: eventIds.length, count: events.length, event_ids: events.map((e) => e.id) };
    },

    /** The bulk retry's CSV (multipart `file`): 400 on the field when it holds no usable id. */
    async resendCsv(stackId: number, id: number, file: unknown, dryRun: boolean): Promise<WebhookBulkResult> {
      const ids = parseEventIdCsv(file);
      if (!ids) throw AppError.of(400, WebhooksErrorCode.csvInvalid, M.csv, 'file');
      return this.resendEvents(stackId, id, ids, dryRun);
    },

    /** An endpoint answered 410 Gone and was switched off: the community's admins are told. */
    /**
     * Tells the staff an endpoint answered 410 Gone and was switched off: the email manager's
     * `webhook_disabled` template, to the roles it names (admins by default) who take internal
     * notifications, each in their language.
     */
    async tellAdminsGone(endpoint: repo.EndpointRow): Promise<void> {
      const stackId = endpoint.stack_id;
      const roles: readonly string[] = await staffNotificationRoles(db, stackId, 'webhook_disabled');
      const staff = (await listStaff(db, stackId))
        .filter((s) => roles.includes(s.role) && !s.disable_notifications && s.email !== '')
        .map((s) => s.email);
      const vars = {
        target: endpoint.target,
        endpoint_url: `${deps.config.publicUrl}/webhooks/${endpoint.id}`,
      };
      for (const { locale, to } of await recipientsByLocale(db, stackId, staff)) {
        await deps.mailer.send(stackId, {
          to,
          ...(await renderEmail(db, stackId, 'webhook_disabled', locale, vars)),
        });
      }
    },
  };
}

export function attemptView(row: repo.AttemptRow): WebhookAttempt {
  return {
    id: row.id,
    created_at: row.sent_at.toISOString(),
    status: row.succeeded ? 'succeeded' : 'failed',
    event: { id: row.event_id, type: row.event_type, added_at: row.event_created_at.toISOString() },
    event_id: row.event_id,
    event_type: row.event_type,
    sent_at: row.sent_at.toISOString(),
    next_retry: row.next_retry ? row.next_retry.toISOString() : null,
    http_response_code: row.http_response_code,
    http_request_signature_header: row.signature_header,
    http_request_body: row.request_body,
    http_response_body: row.response_body,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
