import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Broadcast messages, members' banner states, Web Push subscriptions and VAPID keys (issue 14 §2).
// A send writes no row per member (ADR 0025): the audience is a definition on the message, a member's
// state row is written only when they read or dispose the banner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE broadcast_messages (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 150),
      body_text text NOT NULL CHECK (length(body_text) BETWEEN 1 AND 2000),
      link_text text NOT NULL DEFAULT '',
      link text NOT NULL DEFAULT '',
      link_type text NOT NULL DEFAULT 'external' CHECK (link_type IN ('internal', 'external')),
      open_in_new_tab boolean NOT NULL DEFAULT false,
      image text,
      audience text NOT NULL CHECK (audience IN ('all', 'tags', 'users')),
      audience_tags integer[] NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'template' CHECK (status IN ('template', 'scheduled', 'sent')),
      scheduled_at timestamptz,
      sent_at timestamptz,
      sender_id integer,
      sender_username text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      CHECK ((status = 'sent') = (sent_at IS NOT NULL)),
      CHECK ((status = 'scheduled') = (scheduled_at IS NOT NULL))
    );
    CREATE INDEX broadcast_messages_status_idx ON broadcast_messages (stack_id, status, id);
    CREATE INDEX broadcast_messages_sent_idx ON broadcast_messages (stack_id, sent_at) WHERE status = 'sent';

    -- The chosen users of a message whose audience is 'users'.
    CREATE TABLE broadcast_message_users (
      stack_id integer NOT NULL,
      broadcast_id integer NOT NULL,
      user_id integer NOT NULL,
      PRIMARY KEY (stack_id, broadcast_id, user_id),
      FOREIGN KEY (stack_id, broadcast_id) REFERENCES broadcast_messages (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX broadcast_message_users_user_idx ON broadcast_message_users (stack_id, user_id);

    -- A member's state of one banner, written only when they read or dispose it.
    CREATE TABLE broadcast_banner_states (
      stack_id integer NOT NULL,
      broadcast_id integer NOT NULL,
      user_id integer NOT NULL,
      viewed_at timestamptz,
      disposed_at timestamptz,
      PRIMARY KEY (stack_id, user_id, broadcast_id),
      FOREIGN KEY (stack_id, broadcast_id) REFERENCES broadcast_messages (stack_id, id) ON DELETE CASCADE
    );

    -- A member's browser push subscriptions (W3C Push API), one row per endpoint.
    CREATE TABLE push_subscriptions (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      user_id integer NOT NULL,
      endpoint text NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 2000),
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      UNIQUE (stack_id, endpoint)
    );
    CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (stack_id, user_id);

    -- A community's VAPID key pair, made on first use; the private key sealed by the secret box.
    CREATE TABLE push_vapid_keys (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      public_key text NOT NULL,
      private_key_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
