import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Category proposals of the incubator and members' subscriptions to them (issue 13 §3; SelfCommunity's
// incubator). `restore_status` keeps what a hidden or ignored proposal was, so restore can give it back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE incubators (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      slug text NOT NULL CHECK (char_length(slug) BETWEEN 1 AND 100),
      slogan text NOT NULL DEFAULT '' CHECK (char_length(slogan) <= 300),
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'votable', 'ready', 'published', 'hidden', 'ignored')),
      restore_status text CHECK (restore_status IN ('pending', 'votable', 'ready', 'ignored')),
      user_id integer,
      category_id integer,
      ready_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX incubators_status_idx ON incubators (stack_id, status, created_at DESC);
    CREATE UNIQUE INDEX incubators_name_idx ON incubators (stack_id, lower(name))
      WHERE status NOT IN ('hidden', 'ignored');

    CREATE TABLE incubator_subscriptions (
      stack_id integer NOT NULL,
      incubator_id integer NOT NULL,
      user_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, incubator_id, user_id),
      FOREIGN KEY (stack_id, incubator_id) REFERENCES incubators (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX incubator_subscriptions_user_idx ON incubator_subscriptions (stack_id, user_id);
  `.execute(db);
}
