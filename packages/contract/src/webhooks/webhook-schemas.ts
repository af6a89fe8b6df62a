import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Webhooks (issue 15 §1; spec mgmt §2, §3, §4, §7, §9; SelfCommunity's `webhook/endpoint/…`): an
 * endpoint is a target URL that receives the community's events it subscribes to, signed (Standard
 * Webhooks and SelfCommunity's header), retried after 5, 25, 125, 625 and 3125 s. Attempts are kept
 * 10 days.
 */

export const WEBHOOK_TARGET_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
export const WEBHOOK_PAGE_SIZE = 20;
/** Attempts (and the events they carry) are kept this long (spec mgmt §9). */
export const WEBHOOK_ATTEMPT_KEEP_DAYS = 10;
/** Seconds between a failed try and the next one (SelfCommunity's schedule): five retries. */
export const WEBHOOK_RETRY_DELAYS = [5, 25, 125, 625, 3125] as const;
/** After an expire, the previous secret still signs beside the new one for this long. */
export const WEBHOOK_OLD_SECRET_HOURS = 24;
/** Most event ids one bulk retry takes. */
export const WEBHOOK_BULK_MAX = 5000;

export const WebhooksErrorCode = {
  /** The target resolves to a loopback, private, link-local or otherwise internal address. */
  targetRefused: 'webhook_target_refused',
  /** The uploaded CSV holds no event id or something that is not one. */
  csvInvalid: 'webhook_csv_invalid',
} as const;

export const WEBHOOK_MESSAGES = {
  target: 'Enter a valid URL (http or https).',
  targetRefused: 'This address is on a network webhooks may not reach.',
  description: `Insert at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
  events: 'Choose at least one event from the list.',
  unknownEvent: 'Unknown event.',
  notFound: 'Webhook endpoint not found.',
  attemptNotFound: 'Webhook attempt not found.',
  eventNotFound: 'Event not found.',
  csv: 'Upload a CSV file with one event id per line.',
} as const;

export const webhookEventSubscriptionSchema = z.object({ type: z.string(), added_at: z.string() });

/** An endpoint, SelfCommunity's shape plus the console's error rate (failed share of kept attempts). */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  is_active: z.boolean(),
  target: z.string(),
  description: z.string(),
  events: z.array(webhookEventSubscriptionSchema),
  ssl_cert_verification: z.boolean(),
  /** Failed attempts / attempts over the kept 10 days, 0..1 (0 with no attempt). */
  error_rate: z.number(),
  attempts_count: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(webhookEndpointSchema),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** Events as SelfCommunity sends them (`[{type}]`) or plain names (the console's form). */
const eventsField = z
  .array(z.union([z.string().max(200), z.object({ type: z.string().max(200) }).passthrough()]))
  .max(500);

const booleanField = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** Adding or changing an endpoint: every field optional here, checked by the service (400 per field). */
export const webhookEndpointWriteBodySchema = z.object({
  target: z.string().max(10_000).optional(),
  description: z.string().max(10_000).nullable().optional(),
  events: eventsField.optional(),
  ssl_cert_verification: booleanField.optional(),
  is_active: booleanField.optional(),
});
export type WebhookEndpointWriteBody = z.input<typeof webhookEndpointWriteBodySchema>;

export const webhookListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(WEBHOOK_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  ordering: z.string().max(50).optional(),
  target: z.string().max(2000).optional(),
});
export type WebhookListQuery = z.input<typeof webhookListQuerySchema>;

export const WEBHOOK_ATTEMPT_STATUSES = ['succeeded', 'failed', 'pending'] as const;

/** One try to send one event to one endpoint (SelfCommunity's attempt plus id, event id and status). */
export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  status: z.enum(WEBHOOK_ATTEMPT_STATUSES),
  event: z.object({ id: z.number().int(), type: z.string(), added_at: z.string() }),
  event_id: z.number().int(),
  event_type: z.string(),
  sent_at: z.string().nullable(),
  next_retry: z.string().nullable(),
  http_response_code: z.number().int().nullable(),
  http_request_signature_header: z.string(),
  http_request_body: z.string(),
  http_response_body: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(webhookAttemptSchema),
});
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;

export const webhookSecretSchema = z.object({ signing_secret: z.string() });
export const webhookPasswordBodySchema = z.object({ password: z.string().max(1000).optional() }).nullish();

/** What a bulk retry sends (and, asked first, would send): events the endpoint subscribes to. */
export const webhookBulkResultSchema = z.object({
  /** Event ids read from the file. */
  read: z.number().int(),
  /** Events that will go (kept, and of a type the endpoint subscribes to). */
  count: z.number().int(),
  event_ids: z.array(z.number().int()),
});
export type WebhookBulkResult = z.infer<typeof webhookBulkResultSchema>;

export const webhookIdParamsSchema = z.object({ slug: z.string(), id: rowIdSchema });

/** SelfCommunity's resend bodies (`event` is the payload's `event_id`). */
export const webhookResendBodySchema = z.object({ event: rowIdSchema });
export const webhookResendBulkBodySchema = z.object({
  event: z.array(rowIdSchema).min(1).max(WEBHOOK_BULK_MAX),
});

/** The body a receiver gets. */
export interface WebhookPayload {
  event_id: number;
  type: string;
  /** Seconds since the epoch, with a fraction. */
  created: number;
  data: unknown;
}

export const webhookPaths = {
  /** Console, relative to a stack's internal_url. */
  list: '/platform/api/v1/webhooks/endpoints/',
  add: '/platform/api/v1/webhooks/endpoints/add/',
  events: '/platform/api/v1/webhooks/events/',
  detail: '/platform/api/v1/webhooks/endpoints/:id/',
  update: '/platform/api/v1/webhooks/endpoints/:id/update/',
  delete: '/platform/api/v1/webhooks/endpoints/:id/delete/',
  reveal: '/platform/api/v1/webhooks/endpoints/:id/secret/reveal/',
  expire: '/platform/api/v1/webhooks/endpoints/:id/secret/expire/',
  attempts: '/platform/api/v1/webhooks/endpoints/:id/attempts/',
  resendAttempt: '/platform/api/v1/webhooks/attempts/:id/resend/',
  bulkPreview: '/platform/api/v1/webhooks/endpoints/:id/resend_bulk/preview/',
  bulk: '/platform/api/v1/webhooks/endpoints/:id/resend_bulk/',
  /** Member API (SelfCommunity), relative to `/c/{slug}/api/v2`. */
  memberList: '/webhook/endpoint/',
  memberSearch: '/webhook/endpoint/search/',
  memberEvents: '/webhook/endpoint/event/',
  memberDetail: '/webhook/endpoint/:id/',
  memberAttempts: '/webhook/endpoint/:id/attempt/',
  memberReveal: '/webhook/endpoint/:id/secret/reveal/',
  memberExpire: '/webhook/endpoint/:id/secret/expire/',
  memberResend: '/webhook/endpoint/:id/event/resend/',
  memberResendBulk: '/webhook/endpoint/:id/event/resend/bulk/',
  memberAttemptResend: '/webhook/endpoint/attempt/:id/resend/',
} as const;
