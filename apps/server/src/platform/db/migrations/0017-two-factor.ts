import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// A second factor for console accounts (issue 10 §6): the TOTP secret sealed with the secret box
// (enabled_at null while an enrolment waits for its first code), the last accepted time step (a code
// is never accepted twice), recovery codes stored as SHA-256 digests and used once, the challenge
// between a correct password and the code, and each community's "every staff member needs it" rule.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_two_factor (
      account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
      secret_sealed text NOT NULL,
      enabled_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE account_recovery_codes (
      account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, code_hash)
    );

    CREATE TABLE two_factor_challenges (
      token_hash text PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      stack_id integer REFERENCES stacks (id) ON DELETE CASCADE,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX two_factor_challenges_expiry_idx ON two_factor_challenges (expires_at);

    CREATE TABLE stack_two_factor_requirements (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      required boolean NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by integer REFERENCES accounts (id) ON DELETE SET NULL
    );
  `.execute(db);
}
