import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Members' email verification and password recovery (issue 18 §2), and sign-ins started by an owner's
// single sign-on.
// - member_account_codes: the one-time codes an email carries (`account/verify/`, `account/reset/`),
//   kept as digests only, each for one purpose and one address, ending at `expires_at` or first use.
// - member_sso_families: the member sign-ins started from an owner's JWT (`sso/token/`); such a sign-in
//   is no credential the member presented themselves, so it never opens a console session (ADR 0010).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_account_codes (
      code_hash text PRIMARY KEY,
      stack_id integer NOT NULL,
      user_id integer NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('verify_email', 'password_reset')),
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX member_account_codes_user_idx ON member_account_codes (stack_id, user_id, purpose);
    CREATE INDEX member_account_codes_expiry_idx ON member_account_codes (expires_at);
    CREATE TABLE member_sso_families (
      family_id uuid PRIMARY KEY REFERENCES token_families (id) ON DELETE CASCADE,
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
