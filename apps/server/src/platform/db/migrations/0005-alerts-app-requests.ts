import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Registration threshold of a community (spec mgmt §3): one row once it has been saved.
    CREATE TABLE registration_alert_settings (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      active boolean NOT NULL,
      span text NOT NULL CHECK (span IN ('daily', 'weekly', 'monthly', 'forever', 'specific_dates')),
      date_from text,
      date_to text,
      threshold integer NOT NULL CHECK (threshold > 0),
      recipients jsonb NOT NULL DEFAULT '[]',
      block boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer
    );

    -- Alerts already sent: one row per level (80, 90, 100) and window, so each is sent once.
    CREATE TABLE registration_alerts_sent (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      window_key text NOT NULL,
      level integer NOT NULL CHECK (level IN (80, 90, 100)),
      registrations integer NOT NULL,
      threshold integer NOT NULL,
      mailed boolean NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, window_key, level)
    );

    -- Registrations (members without a staff role) counted by window.
    CREATE INDEX community_users_registered ON community_users (stack_id, created_at) WHERE role IS NULL;

    -- A community's request for its own app in a store (spec mgmt §3-§4).
    CREATE TABLE app_requests (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      platform text NOT NULL CHECK (platform IN ('android', 'ios')),
      status text NOT NULL CHECK (
        status IN ('sent', 'received_under_verification', 'rejected', 'taken_in_charge', 'completed')
      ),
      account jsonb NOT NULL DEFAULT '{}',
      sent_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, platform)
    );

    -- Every status an app request went through, for its timeline.
    CREATE TABLE app_request_events (
      stack_id integer NOT NULL,
      id serial NOT NULL,
      platform text NOT NULL,
      status text NOT NULL,
      account_id integer,
      at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, platform) REFERENCES app_requests (stack_id, platform) ON DELETE CASCADE
    );
    CREATE INDEX app_request_events_platform ON app_request_events (stack_id, platform, at);
  `.execute(db);
}
