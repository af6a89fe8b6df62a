import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { WEBHOOK_ATTEMPT_KEEP_DAYS, WEBHOOK_RETRY_DELAYS, type WebhookPayload } from '@agora/contract';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { HostLookup } from '../../platform/net/outbound-host.ts';
import {
  EVENTS_PUBLISHED_JOB,
  eventsWithIds,
  purgeEventsBefore,
  setEventInterests,
  takeEvents,
  type StoredEvent,
} from '../../platform/events/event-outbox.ts';
import { messageId, signedHeaders } from './webhook-signature.ts';
import { sendWebhook, type WebhookResponse } from './webhook-sender.ts';
import { webhookAllowance } from './webhook-target.ts';
import * as deliveries from './webhook-deliveries.repository.ts';
import * as repo from './webhooks.repository.ts';

/** A retry falls due: deliver what waits. */
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
/** Hourly: forget attempts (and events) older than 10 days. */
export const WEBHOOK_PURGE_JOB = 'webhooks.purge';

/** A `sending` row claimed longer ago than this belongs to a worker that stopped (a try lasts ≤ 15 s). */
export const CLAIM_STALE_MS = 60_000;
const BATCH = 200;
const CONCURRENCY = 50;
const EVENTS_PER_TAKE = 500;

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  config: { webhooksAllowPrivate: boolean };
  /** Queues the retries and the purge (absent: the caller runs passes itself). */
  jobs?: Pick<JobQueue, 'enqueue'>;
  /** Told when an endpoint answered 410 Gone and was switched off. */
  onGone?: (endpoint: repo.EndpointRow) => Promise<void>;
}

export interface DeliveryOptions {
  workerId?: string;
  claimStaleMs?: number;
  /** The resolver (tests stub it; nothing then leaves this machine). */
  lookup?: HostLookup;
  timeoutMs?: number;
  concurrency?: number;
}

/** The body a receiver gets. */
export function payloadOf(event: StoredEvent): string {
  const payload: WebhookPayload = {
    event_id: event.id,
    type: event.type,
    created: event.createdAt.getTime() / 1000,
    data: event.data,
  };
  return JSON.stringify(payload);
}

/** The secrets that sign now: the current one, and the previous one until its 24 hours end. */
export function signingSecrets(box: SecretBox, endpoint: repo.EndpointRow, at: Date): string[] {
  const secrets = [box.open(endpoint.secret_sealed)];
  if (
    endpoint.previous_secret_sealed &&
    endpoint.previous_secret_until &&
    endpoint.previous_secret_until > at
  )
    secrets.push(box.open(endpoint.previous_secret_sealed));
  return secrets;
}

async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

const isSuccess = (r: WebhookResponse) => r.status !== null && r.status >= 200 && r.status < 300;

/**
 * The webhooks' worker: hands recorded events to the endpoints subscribed to them (a delivery row
 * each), then sends what is due, at least once: a delivery is claimed (committed `sending`) before
 * its try, its outcome written after, and a claim left by a stopped worker is taken again.
 */
export function createWebhookDelivery(deps: DeliveryDeps, options: DeliveryOptions = {}) {
  const { db, clock } = deps;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const claimStaleMs = options.claimStaleMs ?? CLAIM_STALE_MS;
  const allowance = webhookAllowance(deps.config);
  const concurrency = options.concurrency ?? CONCURRENCY;

  /** Every waiting event becomes one delivery per subscribed active endpoint. */
  async function dispatch(): Promise<number> {
    let total = 0;
    for (;;) {
      const taken = await takeEvents(db, EVENTS_PER_TAKE, clock.now(), async (trx, events) => {
        const subscribers = await deliveries.subscribersOf(
          trx,
          events.map((e) => e.stackId),
          events.map((e) => e.type),
        );
        const rows = events.flatMap((event) =>
          subscribers
            .filter((s) => s.stack_id === event.stackId && s.type === event.type)
            .map((s) => ({
              stack_id: event.stackId,
              endpoint_id: s.endpoint_id,
              event_id: event.id,
              event_type: event.type,
            })),
        );
        await deliveries.insertDeliveries(trx, rows, clock.now());
      });
      total += taken;
      if (taken < EVENTS_PER_TAKE) return total;
    }
  }

  async function gone(endpoint: repo.EndpointRow): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await repo.updateEndpoint(trx, endpoint.stack_id, endpoint.id, {
        is_active: false,
        updated_at: clock.now(),
      });
      await deliveries.failWaiting(trx, endpoint.stack_id, endpoint.id);
      await setEventInterests(trx, endpoint.stack_id, await repo.activeTypes(trx, endpoint.stack_id));
    });
    await deps.onGone?.(endpoint);
  }

  async function deliverBatch(claimed: deliveries.ClaimedDelivery[]): Promise<void> {
    const events = new Map(
      (await eventsWithIds(db, [...new Set(claimed.map((c) => c.event_id))])).map((e) => [e.id, e]),
    );
    const endpoints = new Map(
      (await repo.endpointsWithIds(db, [...new Set(claimed.map((c) => c.endpoint_id))])).map((e) => [
        e.id,
        e,
      ]),
    );
    const secrets = new Map<number, string[]>();
    const outcomes: deliveries.Outcome[] = [];
    const goneNow = new Map<number, repo.EndpointRow>();
    await inLanes(claimed, concurrency, async (row) => {
      const event = events.get(row.event_id);
      const endpoint = endpoints.get(row.endpoint_id);
      const base = {
        stack_id: row.stack_id,
        delivery_id: row.id,
        endpoint_id: row.endpoint_id,
        event_id: row.event_id,
        event_type: row.event_type,
        event_created_at: event?.createdAt ?? clock.now(),
      };
      if (!event || !endpoint || !endpoint.is_active || goneNow.has(endpoint.id)) {
        outcomes.push({ ...base, status: 'failed', next_retry: null });
        return;
      }
      const sentAt = clock.now();
      if (!secrets.has(endpoint.id))
        secrets.set(endpoint.id, signingSecrets(deps.secretBox, endpoint, sentAt));
      const body = payloadOf(event);
      const headers = signedHeaders(
        secrets.get(endpoint.id) as string[],
        messageId(event.id),
        Math.floor(sentAt.getTime() / 1000),
        body,
      );
      const answer = await sendWebhook(
        { target: endpoint.target, body, headers: { ...headers }, verifySsl: endpoint.ssl_cert_verification },
        {
          allowance,
          ...(options.lookup ? { lookup: options.lookup } : {}),
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        },
      );
      const ok = isSuccess(answer);
      const isGone = answer.status === 410;
      if (isGone) goneNow.set(endpoint.id, endpoint);
      const scheduled = WEBHOOK_RETRY_DELAYS[row.tries - 1];
      const retry = !ok && !isGone && scheduled !== undefined;
      // A receiver that asks for a longer wait (429 or 503 with Retry-After) gets it; never a shorter one.
      const delay = Math.max(scheduled ?? 0, answer.retryAfterSeconds ?? 0);
      const next = retry ? new Date(clock.now().getTime() + delay * 1000) : null;
      outcomes.push({
        ...base,
        status: ok ? 'succeeded' : retry ? 'pending' : 'failed',
        next_retry: next,
        attempt: {
          succeeded: ok,
          sent_at: sentAt,
          http_response_code: answer.status,
          signature_header: headers['webhook-signature'],
          request_body: body,
          response_body: answer.body,
        },
      });
    });
    await deliveries.recordOutcomes(db, workerId, outcomes);
    for (const endpoint of goneNow.values()) await gone(endpoint);
    if (deps.jobs) {
      const seconds = new Set(
        outcomes.flatMap((o) => (o.next_retry ? [Math.ceil(o.next_retry.getTime() / 1000)] : [])),
      );
      for (const second of seconds)
        await deps.jobs.enqueue(
          WEBHOOK_DELIVER_JOB,
          {},
          { runAt: new Date(second * 1000), dedupeKey: `${WEBHOOK_DELIVER_JOB}@${second}` },
        );
    }
  }

  /**
   * Deliveries another worker holds are its own while it lives; if it died (SIGKILL) they wait to
   * turn stale, and no event may come to wake a pass then: a pass is queued for that moment.
   */
  async function wakeWhenStale(): Promise<void> {
    if (!deps.jobs) return;
    const oldest = await deliveries.oldestClaimOfOthers(db, workerId);
    if (!oldest) return;
    const second = Math.ceil((oldest.getTime() + claimStaleMs) / 1000) + 1;
    await deps.jobs.enqueue(
      WEBHOOK_DELIVER_JOB,
      {},
      { runAt: new Date(second * 1000), dedupeKey: `${WEBHOOK_DELIVER_JOB}@${second}` },
    );
  }

  /** Sends everything due now; answers how many tries were made. */
  async function deliverDue(): Promise<number> {
    let total = 0;
    await deliveries.releaseStale(db, new Date(clock.now().getTime() - claimStaleMs), clock.now());
    for (;;) {
      const claimed = await deliveries.claimDue(db, clock.now(), workerId, BATCH);
      if (claimed.length === 0) break;
      await deliverBatch(claimed);
      total += claimed.length;
    }
    await wakeWhenStale();
    return total;
  }

  async function schedulePurge(): Promise<void> {
    if (!deps.jobs) return;
    const hour = Math.floor(clock.now().getTime() / 3_600_000) + 1;
    await deps.jobs.enqueue(
      WEBHOOK_PURGE_JOB,
      {},
      { runAt: new Date(hour * 3_600_000), dedupeKey: `${WEBHOOK_PURGE_JOB}@${hour}` },
    );
  }

  return {
    dispatch,
    deliverDue,
    /** Hands waiting events over, then sends what is due (the job handlers' pass). */
    async pump(): Promise<void> {
      const dispatched = await dispatch();
      const sent = await deliverDue();
      if (dispatched + sent > 0) await schedulePurge();
    },
    /** Forgets attempts, finished deliveries and handed-over events older than the kept 10 days. */
    async purge(): Promise<number> {
      const before = new Date(clock.now().getTime() - WEBHOOK_ATTEMPT_KEEP_DAYS * 86_400_000);
      const removed = await deliveries.purgeBefore(db, before);
      await purgeEventsBefore(db, before);
      return removed;
    },
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

/** Registers the worker's job handlers: recorded events, due retries, the purge. */
export function registerWebhookJobs(jobs: JobQueue, delivery: WebhookDelivery): void {
  jobs.register(EVENTS_PUBLISHED_JOB, () => delivery.pump());
  jobs.register(WEBHOOK_DELIVER_JOB, () => delivery.pump());
  jobs.register(WEBHOOK_PURGE_JOB, async () => {
    await delivery.purge();
  });
}
