import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Private messages between two members (issue 18 §2, SelfCommunity's `/api/v2/pm/`, ADR 0039): one
// thread per pair of members of a community (the lower id first), each member's "deleted up to"
// message id (deleting a thread hides it for that member only), and the messages, each seen or not
// by its receiver and deleted or not by its sender. The activity table `private_messages` (0006)
// stays the seed's analytics sample.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pm_threads (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      user_lo integer NOT NULL,
      user_hi integer NOT NULL,
      lo_cleared_id integer NOT NULL DEFAULT 0,
      hi_cleared_id integer NOT NULL DEFAULT 0,
      last_message_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id),
      UNIQUE (stack_id, user_lo, user_hi),
      CHECK (user_lo < user_hi),
      FOREIGN KEY (stack_id, user_lo) REFERENCES community_users (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, user_hi) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    -- A member's threads, newest first (they are the higher id of some pairs).
    CREATE INDEX pm_threads_hi_idx ON pm_threads (stack_id, user_hi, last_message_at DESC);
    CREATE INDEX pm_threads_lo_idx ON pm_threads (stack_id, user_lo, last_message_at DESC);

    CREATE TABLE pm_messages (
      stack_id integer NOT NULL,
      id serial NOT NULL UNIQUE,
      thread_id integer NOT NULL,
      sender_id integer NOT NULL,
      receiver_id integer NOT NULL,
      message text NOT NULL CHECK (length(message) BETWEEN 1 AND 10000),
      created_at timestamptz NOT NULL,
      seen_at timestamptz,
      deleted_at timestamptz,
      PRIMARY KEY (stack_id, id),
      CHECK (sender_id <> receiver_id),
      FOREIGN KEY (stack_id, thread_id) REFERENCES pm_threads (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, sender_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, receiver_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    -- A thread's messages by id (paged backwards from the newest).
    CREATE INDEX pm_messages_thread_idx ON pm_messages (stack_id, thread_id, id DESC);
    -- A member's unseen messages, counted by the site's poll.
    CREATE INDEX pm_messages_unseen_idx ON pm_messages (stack_id, receiver_id, thread_id)
      WHERE seen_at IS NULL;
  `.execute(db);
}
