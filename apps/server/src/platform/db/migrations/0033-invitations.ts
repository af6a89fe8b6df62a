import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Email invitations (issue 14 §3): who is invited, with which forced username, role, user tags and
// categories, the unguessable code they sign up with, to be sent → sent → used; and the sending tasks
// of the send list call with their progress.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE invitations (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      name text NOT NULL DEFAULT '' CHECK (length(name) <= 255),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
      username text NOT NULL CHECK (length(username) BETWEEN 1 AND 255),
      role text CHECK (role IN ('admin', 'moderator', 'editor', 'publisher')),
      tag_ids integer[] NOT NULL DEFAULT '{}',
      category_ids integer[] NOT NULL DEFAULT '{}',
      code text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'to_send' CHECK (status IN ('to_send', 'sent', 'used')),
      send_id integer,
      created_by integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      used_at timestamptz,
      user_id integer,
      PRIMARY KEY (stack_id, id)
    );
    -- One invitation per email and per username in a community: a file imported twice adds nothing.
    CREATE UNIQUE INDEX invitations_email_idx ON invitations (stack_id, lower(email));
    CREATE UNIQUE INDEX invitations_username_idx ON invitations (stack_id, lower(username));
    CREATE INDEX invitations_status_idx ON invitations (stack_id, status, id);
    CREATE INDEX invitations_send_idx ON invitations (send_id) WHERE send_id IS NOT NULL;

    CREATE TABLE invitation_sends (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      total integer NOT NULL,
      sent integer NOT NULL DEFAULT 0,
      failed integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      PRIMARY KEY (stack_id, id)
    );
  `.execute(db);
}
