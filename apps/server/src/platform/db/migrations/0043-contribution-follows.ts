import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Members following a contribution (issue 18 §2, SelfCommunity's `{type}/{id}/follow/`): a follower
// hears of the comments others write on it; `{type}/following/` lists a member's followed ones, newest
// follow first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contribution_follows (
      stack_id integer NOT NULL,
      contribution_id bigint NOT NULL,
      user_id integer NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, contribution_id, user_id),
      FOREIGN KEY (stack_id, contribution_id) REFERENCES contributions (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX contribution_follows_user_idx ON contribution_follows (stack_id, user_id, created_at);
  `.execute(db);
}
