import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Events and webhooks (issue 15 §1; ADR 0027).
// - events: the platform's transactional outbox. A module records an event in the transaction of its
//   action (nothing when it rolls back, never lost once it commits); only events some subscriber of
//   the community wants are kept (event_interests), and `dispatched_at` marks those handed to them.
// - webhook_endpoints (+ webhook_endpoint_events, the types each subscribes to): targets, sealed
//   secrets (the previous one still signing until previous_secret_until).
// - webhook_deliveries: one event for one endpoint, claimed by a worker while it is sent, retried
//   on schedule; webhook_attempts: each try with what was sent and answered (kept 10 days).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      id serial PRIMARY KEY,
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      type text NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      dispatched_at timestamptz
    );
    CREATE INDEX events_undispatched ON events (id) WHERE dispatched_at IS NULL;
    CREATE INDEX events_created ON events (created_at);
    CREATE TABLE event_interests (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      type text NOT NULL,
      PRIMARY KEY (stack_id, type)
    );
    CREATE TABLE webhook_endpoints (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      target text NOT NULL,
      description text NOT NULL DEFAULT '',
      is_active boolean NOT NULL DEFAULT true,
      ssl_cert_verification boolean NOT NULL DEFAULT true,
      secret_sealed text NOT NULL,
      previous_secret_sealed text,
      previous_secret_until timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id)
    );
    CREATE TABLE webhook_endpoint_events (
      stack_id integer NOT NULL,
      endpoint_id integer NOT NULL,
      type text NOT NULL,
      added_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, endpoint_id, type),
      FOREIGN KEY (stack_id, endpoint_id) REFERENCES webhook_endpoints (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX webhook_endpoint_events_type ON webhook_endpoint_events (stack_id, type);
    CREATE TABLE webhook_deliveries (
      stack_id integer NOT NULL,
      id serial NOT NULL UNIQUE,
      endpoint_id integer NOT NULL,
      event_id integer NOT NULL,
      event_type text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'succeeded', 'failed')),
      tries integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      claimed_at timestamptz,
      claimed_by text,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, endpoint_id) REFERENCES webhook_endpoints (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
    CREATE INDEX webhook_deliveries_sending ON webhook_deliveries (claimed_at) WHERE status = 'sending';
    CREATE TABLE webhook_attempts (
      stack_id integer NOT NULL,
      id serial NOT NULL UNIQUE,
      endpoint_id integer NOT NULL,
      delivery_id integer NOT NULL,
      event_id integer NOT NULL,
      event_type text NOT NULL,
      event_created_at timestamptz NOT NULL,
      succeeded boolean NOT NULL,
      sent_at timestamptz NOT NULL,
      next_retry timestamptz,
      http_response_code integer,
      signature_header text NOT NULL,
      request_body text NOT NULL,
      response_body text NOT NULL,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, endpoint_id) REFERENCES webhook_endpoints (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (stack_id, endpoint_id, id DESC);
    CREATE INDEX webhook_attempts_sent ON webhook_attempts (sent_at);
  `.execute(db);
}
