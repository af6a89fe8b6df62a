import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A community's plan decides its default feature flags; stack_features rows override them.
    ALTER TABLE stacks ADD COLUMN plan text NOT NULL DEFAULT 'go' CHECK (plan IN ('go', 'professional', 'enterprise'));

    -- Dynamic preferences that differ from their default (the catalogue lives in the contract).
    CREATE TABLE dynamic_preferences (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      name text NOT NULL,
      section text NOT NULL,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer,
      PRIMARY KEY (stack_id, name)
    );

    -- Secrets of a community (JWT signing key, SMTP password), sealed with the server's secret key.
    CREATE TABLE stack_secrets (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      name text NOT NULL,
      sealed text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, name)
    );
  `.execute(db);
}
