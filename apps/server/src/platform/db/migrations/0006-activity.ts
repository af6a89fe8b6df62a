import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// A community's activity as the platform writes it; every table starts with stack_id and is indexed
// for time-range reads (analytics) as well as for the member API.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE community_users
      ADD COLUMN real_name text NOT NULL DEFAULT '',
      ADD COLUMN registered_from text NOT NULL DEFAULT 'desktop' CHECK (registered_from IN ('desktop', 'app')),
      ADD COLUMN device text NOT NULL DEFAULT 'desktop' CHECK (device IN ('desktop', 'mobile', 'tablet', 'android', 'ios')),
      ADD COLUMN status text NOT NULL DEFAULT 'active',
      ADD COLUMN last_login timestamptz,
      ADD COLUMN score integer NOT NULL DEFAULT 0;
    CREATE INDEX community_users_joined_idx ON community_users (stack_id, created_at);

    CREATE TABLE categories (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      name text NOT NULL,
      slug text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id)
    );

    CREATE TABLE logins (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      at timestamptz NOT NULL,
      source text NOT NULL DEFAULT 'desktop' CHECK (source IN ('desktop', 'app'))
    );
    CREATE INDEX logins_time_idx ON logins (stack_id, at);
    CREATE INDEX logins_user_idx ON logins (stack_id, user_id, at);

    CREATE TABLE contributions (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id bigserial NOT NULL UNIQUE,
      type text NOT NULL CHECK (type IN ('discussion', 'post', 'status', 'poll')),
      author_id integer NOT NULL,
      category_id integer,
      title text NOT NULL DEFAULT '',
      body text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'published',
      multiple_choices boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id)
    );
    CREATE INDEX contributions_time_idx ON contributions (stack_id, created_at);
    CREATE INDEX contributions_author_idx ON contributions (stack_id, author_id, created_at);

    CREATE TABLE poll_votes (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      contribution_id bigint NOT NULL,
      user_id integer NOT NULL,
      choice text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX poll_votes_time_idx ON poll_votes (stack_id, created_at);

    CREATE TABLE comments (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id bigserial NOT NULL UNIQUE,
      contribution_id bigint NOT NULL,
      parent_id bigint,
      author_id integer NOT NULL,
      body text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'published',
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id)
    );
    CREATE INDEX comments_time_idx ON comments (stack_id, created_at);
    CREATE INDEX comments_contribution_idx ON comments (stack_id, contribution_id);

    -- Appreciations: a vote on a contribution or a comment, credited to that content's author.
    CREATE TABLE votes (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      target_type text NOT NULL CHECK (target_type IN ('contribution', 'comment')),
      target_id bigint NOT NULL,
      target_author_id integer NOT NULL,
      contribution_id bigint NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX votes_time_idx ON votes (stack_id, created_at);
    CREATE INDEX votes_author_idx ON votes (stack_id, target_author_id);

    CREATE TABLE shares (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      contribution_id bigint NOT NULL,
      contribution_author_id integer NOT NULL,
      network text NOT NULL DEFAULT 'internal',
      created_at timestamptz NOT NULL
    );
    CREATE INDEX shares_time_idx ON shares (stack_id, created_at);

    -- Connections are mutual (stored once, user_a < user_b); follows are one-way.
    CREATE TABLE connections (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_a integer NOT NULL,
      user_b integer NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, user_a, user_b),
      CHECK (user_a < user_b)
    );
    CREATE INDEX connections_time_idx ON connections (stack_id, created_at);

    CREATE TABLE follows (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      follower_id integer NOT NULL,
      followed_id integer NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, follower_id, followed_id)
    );
    CREATE INDEX follows_time_idx ON follows (stack_id, created_at);

    CREATE TABLE private_messages (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      sender_id integer NOT NULL,
      recipient_id integer NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX private_messages_time_idx ON private_messages (stack_id, created_at);

    CREATE TABLE views (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      contribution_id bigint NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX views_time_idx ON views (stack_id, created_at);

    CREATE TABLE uploads (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('image', 'video', 'document', 'other')),
      bytes bigint NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX uploads_time_idx ON uploads (stack_id, created_at);

    -- Interests: the categories a member follows.
    CREATE TABLE interests (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      category_id integer NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, user_id, category_id)
    );

    -- Tags (content and user tags arrive with tagging; analytics reads the assignments).
    CREATE TABLE tags (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      type text NOT NULL CHECK (type IN ('user', 'category', 'thread')),
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      color text NOT NULL DEFAULT '#DCDBDC',
      visible boolean NOT NULL DEFAULT true,
      visibility_boost boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id)
    );
    CREATE UNIQUE INDEX tags_name_key ON tags (stack_id, type, lower(name));
    CREATE TABLE user_tags (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      tag_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, user_id, tag_id)
    );
  `.execute(db);
}
