import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// The email manager's leftovers (issue 14 §1, ADR 0030): a template's sections (named blocks its body
// includes), the staff roles a staff notification goes to, a community's default email language, and
// a member's own language (the language their emails are written in).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE email_templates
      ADD COLUMN sections jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN roles jsonb;

    CREATE TABLE email_settings (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      default_language text NOT NULL CHECK (default_language IN ('en', 'it')),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    );

    ALTER TABLE community_users ADD COLUMN language text CHECK (language IN ('en', 'it'));
  `.execute(db);
}
