import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Attributes of a community's staff member (spec mgmt §3 "Staff role"); the role itself is
    -- community_users.role. A row exists only while the user is in the staff.
    CREATE TABLE staff_attributes (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      badge boolean NOT NULL DEFAULT false,
      prioritize_content boolean NOT NULL DEFAULT false,
      disable_notifications boolean NOT NULL DEFAULT false,
      gdpr_data_manager boolean NOT NULL DEFAULT false,
      gdpr_document_signed boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer,
      PRIMARY KEY (stack_id, user_id),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE,
      CHECK (NOT gdpr_data_manager OR gdpr_document_signed)
    );
  `.execute(db);
}
