import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Members' notifications (issue 18 §2, ADR 0036): one row per notification of a member, written in
// the transaction of the action that causes it (the `notification.*` event's derivation, ADR 0034);
// a member's notification settings (SelfCommunity's `user/{id}/settings/`, integers), written only
// when they change one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_notifications (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      user_id integer NOT NULL,
      type text NOT NULL CHECK (length(type) BETWEEN 1 AND 60),
      actor_id integer,
      contribution_type text CHECK (contribution_type IN ('post', 'discussion', 'status', 'comment')),
      contribution_id integer,
      comment_id integer,
      data jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL,
      seen_at timestamptz,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    -- A member's list, newest first.
    CREATE INDEX member_notifications_user_idx ON member_notifications (stack_id, user_id, id DESC);
    -- The unseen count the member site polls: one index-only count.
    CREATE INDEX member_notifications_unseen_idx ON member_notifications (stack_id, user_id)
      WHERE seen_at IS NULL;

    CREATE TABLE member_notification_settings (
      stack_id integer NOT NULL,
      user_id integer NOT NULL,
      qa_frequency integer NOT NULL,
      email_notification_not_qa integer NOT NULL,
      mobile_notifications_scmty integer NOT NULL,
      show_toast_notifications integer NOT NULL,
      toast_notifications_emit_sound integer NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, user_id),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
  `.execute(db);
}
