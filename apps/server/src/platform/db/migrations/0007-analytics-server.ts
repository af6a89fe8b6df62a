import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The analytics dashboard layout saved by each staff member of a community (core §4, §7):
    -- the console's JSON, kept as text.
    CREATE TABLE dashboard_layouts (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      layout text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, user_id)
    );

    -- Analytics exports (CSV built by a job, mailed to the requester as a signed, expiring link).
    CREATE TABLE analytics_exports (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id bigserial NOT NULL UNIQUE,
      requested_by integer NOT NULL,
      account_id integer,
      type text NOT NULL CHECK (type IN ('users', 'contributions', 'categories', 'thread')),
      date_from timestamptz,
      date_to timestamptz,
      contribution_id bigint,
      include_email boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
      error text,
      rows integer,
      bytes bigint,
      created_at timestamptz NOT NULL,
      completed_at timestamptz,
      expires_at timestamptz,
      PRIMARY KEY (stack_id, id)
    );
    CREATE INDEX analytics_exports_requester_idx ON analytics_exports (stack_id, requested_by, id);
  `.execute(db);
}
