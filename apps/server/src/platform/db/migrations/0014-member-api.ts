import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// The member API (`/c/{slug}/api/v2/`): members sign in to their community with their own
// credentials (a member is a community_users row, not a console account), through the community's
// public OAuth client. Their tokens share the token tables with console accounts: a family belongs
// either to an account or to a member, never both.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE community_users
      ADD COLUMN password_hash text,
      ADD COLUMN email_validated boolean NOT NULL DEFAULT false,
      ADD COLUMN ext_id text,
      ADD COLUMN bio text NOT NULL DEFAULT '',
      ADD COLUMN deleted_at timestamptz;
    CREATE UNIQUE INDEX community_users_ext_id_key ON community_users (stack_id, ext_id) WHERE ext_id IS NOT NULL;
    CREATE INDEX community_users_email_idx ON community_users (stack_id, lower(email));

    ALTER TABLE stacks ADD COLUMN member_client_id text UNIQUE;

    ALTER TABLE token_families
      ALTER COLUMN account_id DROP NOT NULL,
      ADD COLUMN member_stack_id integer,
      ADD COLUMN member_user_id integer,
      ADD CONSTRAINT token_families_member_fk FOREIGN KEY (member_stack_id, member_user_id)
        REFERENCES community_users (stack_id, id) ON DELETE CASCADE,
      ADD CONSTRAINT token_families_one_subject CHECK (
        (account_id IS NOT NULL AND member_user_id IS NULL AND member_stack_id IS NULL)
        OR (account_id IS NULL AND member_user_id IS NOT NULL AND member_stack_id IS NOT NULL)
      );
    ALTER TABLE access_tokens ALTER COLUMN account_id DROP NOT NULL;

    CREATE TABLE connection_requests (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      from_id integer NOT NULL,
      to_id integer NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, from_id, to_id),
      FOREIGN KEY (stack_id, from_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, to_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
  `.execute(db);
}
