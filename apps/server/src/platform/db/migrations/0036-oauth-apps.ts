import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// OAuth 2.0 apps of a community (issue 15 §2; ADR 0028).
// - oauth_apps: the apps its admins register; the secret of a confidential app is kept hashed only.
// - oauth_authorization_codes: one-time codes of the authorization code grant, with the PKCE challenge
//   (S256) and the exact redirect URI of the request; `family_id` is the sign-in the code gave, ended
//   when the code is presented again (RFC 6749 §4.1.2).
// - oauth_app_tokens: access tokens of the client credentials grant, which stand for the community
//   itself (no member), digests only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE oauth_apps (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      client_id text NOT NULL UNIQUE,
      client_type text NOT NULL CHECK (client_type IN ('public', 'confidential')),
      client_secret_hash text,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      image text NOT NULL DEFAULT '',
      grant_types jsonb NOT NULL,
      redirect_uris jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      CHECK ((client_type = 'confidential') = (client_secret_hash IS NOT NULL))
    );
    CREATE TABLE oauth_authorization_codes (
      code_hash text PRIMARY KEY,
      stack_id integer NOT NULL,
      app_id integer NOT NULL,
      user_id integer NOT NULL,
      redirect_uri text NOT NULL,
      code_challenge text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      family_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (stack_id, app_id) REFERENCES oauth_apps (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX oauth_authorization_codes_expiry_idx ON oauth_authorization_codes (expires_at);
    CREATE TABLE oauth_app_tokens (
      token_hash text PRIMARY KEY,
      stack_id integer NOT NULL,
      app_id integer NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (stack_id, app_id) REFERENCES oauth_apps (stack_id, id) ON DELETE CASCADE
    );
  `.execute(db);
}
