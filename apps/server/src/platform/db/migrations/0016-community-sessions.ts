import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// A console sign-in handed off from a community (SSO ticket, member API `user/me/platform_url`) is
// bound to that community: it reaches that community's staff API and nothing of the hub. The binding
// lives on the token family, so a refreshed token keeps it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE token_families
      ADD COLUMN only_stack_id integer REFERENCES stacks (id) ON DELETE CASCADE,
      ADD CONSTRAINT token_families_only_stack_is_console CHECK (
        only_stack_id IS NULL OR account_id IS NOT NULL
      );
  `.execute(db);
}
