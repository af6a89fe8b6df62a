import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Email sending tasks (issue 14 §1, ADR 0024): a task is one send to chosen users (a template type
// or a customised subject and body), with one delivery row per recipient. At most one task of a
// community runs at a time, held by the partial unique index below (across every process sharing
// the database). A delivery goes queued -> sending (claimed, committed before the SMTP call) ->
// sent | failed; `handed_over_at` is written just before the message's final dot, so a worker killed
// mid-way leaves rows whose state after a restart is decided from it (ADR 0024). `message_id` is
// the Message-ID header, generated once per delivery and kept for every attempt.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_send_tasks (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL,
      requested_by integer,
      requested_by_username text NOT NULL DEFAULT '',
      subject text NOT NULL,
      html text NOT NULL,
      template_key text CHECK (template_key IN ('invite', 'data_provisioning')),
      status text NOT NULL CHECK (status IN ('running', 'done')),
      total integer NOT NULL,
      created_at timestamptz NOT NULL,
      finished_at timestamptz,
      PRIMARY KEY (stack_id, id)
    );
    CREATE UNIQUE INDEX email_send_tasks_one_running_idx ON email_send_tasks (stack_id)
      WHERE status = 'running';
    CREATE INDEX email_send_tasks_created_idx ON email_send_tasks (stack_id, created_at DESC);

    CREATE TABLE email_deliveries (
      stack_id integer NOT NULL,
      id serial NOT NULL,
      task_id integer NOT NULL,
      user_id integer NOT NULL,
      username text NOT NULL,
      email text NOT NULL,
      message_id text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      claimed_by text,
      claimed_at timestamptz,
      handed_over_at timestamptz,
      answer text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, task_id) REFERENCES email_send_tasks (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX email_deliveries_task_idx ON email_deliveries (task_id, status, id);
    CREATE INDEX email_deliveries_day_idx ON email_deliveries (stack_id, created_at);
  `.execute(db);
}
