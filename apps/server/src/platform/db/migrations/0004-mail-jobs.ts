import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Background work, claimed with FOR UPDATE SKIP LOCKED by any number of workers.
    -- stack_id is null for platform-wide jobs.
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      stack_id integer REFERENCES stacks (id) ON DELETE CASCADE,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      run_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
      locked_at timestamptz,
      locked_by text,
      finished_at timestamptz,
      failed_at timestamptz,
      last_error text,
      dedupe_key text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- One waiting or running job per dedupe key; a finished or failed one frees the key.
    CREATE UNIQUE INDEX jobs_dedupe_key ON jobs (dedupe_key)
      WHERE dedupe_key IS NOT NULL AND finished_at IS NULL AND failed_at IS NULL;
    CREATE INDEX jobs_due ON jobs (run_at) WHERE finished_at IS NULL AND failed_at IS NULL;
    CREATE INDEX jobs_stack ON jobs (stack_id, created_at);

    -- Mail kept when no SMTP server is configured, so a laptop install never loses a message.
    CREATE TABLE mail_outbox (
      stack_id integer REFERENCES stacks (id) ON DELETE CASCADE,
      id bigserial,
      "to" text[] NOT NULL,
      subject text NOT NULL,
      text text NOT NULL,
      html text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id)
    );
    CREATE INDEX mail_outbox_stack ON mail_outbox (stack_id, created_at);

    -- A community's email server (spec mgmt §3); the password is sealed with the server's key.
    CREATE TABLE mail_servers (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      host text NOT NULL DEFAULT '',
      port integer CHECK (port BETWEEN 1 AND 65535),
      use_tls boolean NOT NULL DEFAULT false,
      use_ssl boolean NOT NULL DEFAULT false,
      username text NOT NULL DEFAULT '',
      password_sealed text,
      from_email text NOT NULL DEFAULT '',
      from_name text NOT NULL DEFAULT '',
      sender text NOT NULL DEFAULT 'default' CHECK (sender IN ('default', 'custom')),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- A community's own domain (lower-cased), one community per domain.
    CREATE TABLE stack_domains (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      domain text NOT NULL UNIQUE,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
