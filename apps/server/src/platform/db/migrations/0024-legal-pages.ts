import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Legal pages (issue 13 §4): one page per policy and community, its versions (the newest is the
// current one), and each member's acknowledgement of a version. `acceptance_round` is bumped by a
// force-accept: an acceptance counts only when it was given in the version's current round, so every
// member accepts again without losing the history of who accepted what and when.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE legal_pages (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      policy text NOT NULL CHECK (policy IN ('tec', 'privacy', 'cookies')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      UNIQUE (stack_id, policy)
    );
    CREATE TABLE legal_page_versions (
      stack_id integer NOT NULL,
      id serial NOT NULL UNIQUE,
      legal_page_id integer NOT NULL,
      label text NOT NULL,
      html_body text NOT NULL,
      valid_from timestamptz,
      valid_to timestamptz,
      acceptance_round integer NOT NULL DEFAULT 0,
      created_by integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, legal_page_id) REFERENCES legal_pages (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX legal_page_versions_page_idx ON legal_page_versions (stack_id, legal_page_id, id DESC);
    CREATE TABLE legal_page_acks (
      stack_id integer NOT NULL,
      id serial NOT NULL UNIQUE,
      version_id integer NOT NULL,
      user_id integer NOT NULL,
      accepted_at timestamptz,
      not_accepted_at timestamptz,
      acceptance_round integer NOT NULL,
      PRIMARY KEY (stack_id, id),
      UNIQUE (stack_id, version_id, user_id),
      FOREIGN KEY (stack_id, version_id) REFERENCES legal_page_versions (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX legal_page_acks_user_idx ON legal_page_acks (stack_id, user_id);
  `.execute(db);
}
