import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE accounts (
      id serial PRIMARY KEY,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      username text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      email_is_verified boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      language text NOT NULL DEFAULT 'en',
      perms jsonb NOT NULL DEFAULT '[]',
      professional_subscriptions jsonb NOT NULL DEFAULT '[]',
      last_login timestamptz,
      date_joined timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX accounts_username_key ON accounts (lower(username));
    CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

    CREATE TABLE stacks (
      id serial PRIMARY KEY,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      name text NOT NULL,
      community_type text NOT NULL DEFAULT 'community',
      status text NOT NULL DEFAULT 'online',
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE community_users (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL,
      account_id integer REFERENCES accounts (id) ON DELETE SET NULL,
      username text NOT NULL,
      email text NOT NULL DEFAULT '',
      role text CHECK (role IN ('admin', 'editor', 'moderator', 'publisher')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      UNIQUE (id)
    );
    CREATE UNIQUE INDEX community_users_username_key ON community_users (stack_id, lower(username));
    CREATE UNIQUE INDEX community_users_account_key ON community_users (stack_id, account_id);

    CREATE TABLE stack_features (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      name text NOT NULL,
      enabled boolean NOT NULL DEFAULT false,
      PRIMARY KEY (stack_id, name)
    );

    CREATE TABLE oauth_clients (
      id serial PRIMARY KEY,
      client_id text NOT NULL UNIQUE,
      name text NOT NULL,
      is_confidential boolean NOT NULL DEFAULT false,
      client_secret_hash text,
      allowed_grants jsonb NOT NULL DEFAULT '["password","refresh_token"]',
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE token_families (
      id uuid PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      client_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );

    CREATE TABLE access_tokens (
      token_hash text PRIMARY KEY,
      family_id uuid NOT NULL REFERENCES token_families (id) ON DELETE CASCADE,
      account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      client_id text NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX access_tokens_family_idx ON access_tokens (family_id);

    CREATE TABLE refresh_tokens (
      token_hash text PRIMARY KEY,
      family_id uuid NOT NULL REFERENCES token_families (id) ON DELETE CASCADE,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

    CREATE TABLE sign_in_attempts (
      id bigserial PRIMARY KEY,
      scope text NOT NULL CHECK (scope IN ('account', 'ip')),
      key text NOT NULL,
      succeeded boolean NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX sign_in_attempts_lookup_idx ON sign_in_attempts (scope, key, created_at);

    CREATE TABLE user_preferences (
      id serial PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      key text NOT NULL,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, key)
    );

    CREATE TABLE sso_tickets (
      ticket_hash text PRIMARY KEY,
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      community_user_id integer NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (stack_id, community_user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
  `.execute(db);
}
