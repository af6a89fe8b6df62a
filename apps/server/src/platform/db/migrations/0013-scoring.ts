import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Scoring: per-community points per action and daily cap, the per-user score history, and user bans.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE score_config (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      max_daily_points integer NOT NULL CHECK (max_daily_points >= 0),
      points jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE score_history (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id bigserial NOT NULL UNIQUE,
      user_id integer NOT NULL,
      at timestamptz NOT NULL,
      points integer NOT NULL,
      total_after integer NOT NULL,
      action text NOT NULL,
      note text NOT NULL DEFAULT '',
      by_staff_id integer,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX score_history_user_idx ON score_history (stack_id, user_id, at);

    CREATE TABLE bans (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      status text NOT NULL DEFAULT 'banned',
      ban_start timestamptz NOT NULL DEFAULT now(),
      ban_until timestamptz,
      PRIMARY KEY (stack_id, user_id),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
  `.execute(db);
}
