import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A community's webhook endpoints (migration 0035); secrets sealed by the secret box. */
export interface WebhookEndpointsTable {
  stack_id: number;
  id: Generated<number>;
  target: string;
  description: string;
  is_active: boolean;
  ssl_cert_verification: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The event types an endpoint subscribes to. */
export interface WebhookEndpointEventsTable {
  stack_id: number;
  endpoint_id: number;
  type: string;
  added_at: Timestamp;
}

/** One event for one endpoint: waiting, being sent (claimed), delivered or failed for good. */
export interface WebhookDeliveriesTable {
  stack_id: number;
  id: Generated<number>;
  endpoint_id: number;
  event_id: number;
  event_type: string;
  status: 'pending' | 'sending' | 'succeeded' | 'failed';
  tries: Generated<number>;
  next_attempt_at: Timestamp | null;
  claimed_at: Timestamp | null;
  claimed_by: string | null;
  created_at: Timestamp;
}

/** Each try: what was sent and what came back (kept 10 days). */
export interface WebhookAttemptsTable {
  stack_id: number;
  id: Generated<number>;
  endpoint_id: number;
  delivery_id: number;
  event_id: number;
  event_type: string;
  event_created_at: Timestamp;
  succeeded: boolean;
  sent_at: Timestamp;
  next_retry: Timestamp | null;
  http_response_code: number | null;
  signature_header: string;
  request_body: string;
  response_body: string;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_endpoint_events: WebhookEndpointEventsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
  }
}
