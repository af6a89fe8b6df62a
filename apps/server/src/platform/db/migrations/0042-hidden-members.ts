import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Members hiding members (issue 18 §3, SelfCommunity's `user/{id}/hide/`): a member no longer sees the
// contents of those they hid in their feeds; the list is theirs alone (`user/hidden_users/`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE hidden_members (
      stack_id integer NOT NULL,
      user_id integer NOT NULL,
      hidden_id integer NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, user_id, hidden_id),
      CHECK (user_id <> hidden_id),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, hidden_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX hidden_members_hidden_idx ON hidden_members (stack_id, hidden_id);
  `.execute(db);
}
