import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Flags on contents (by members or by the AI bot), the moderation state of each flagged content,
// and the AI moderation bot's switch per community.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE flags (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id bigserial NOT NULL UNIQUE,
      content_type text NOT NULL CHECK (content_type IN ('discussion', 'post', 'status', 'comment', 'poll')),
      content_id bigint NOT NULL,
      author_id integer NOT NULL,
      flagged_by integer,
      by_bot boolean NOT NULL DEFAULT false,
      reason text NOT NULL CHECK (reason IN ('spam', 'aggressive', 'vulgar', 'poor_content', 'offtopic')),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id),
      CHECK (by_bot OR flagged_by IS NOT NULL)
    );
    CREATE INDEX flags_content_idx ON flags (stack_id, content_type, content_id);
    CREATE INDEX flags_author_idx ON flags (stack_id, author_id);
    CREATE INDEX flags_flagger_idx ON flags (stack_id, flagged_by);

    CREATE TABLE content_moderation (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      content_type text NOT NULL CHECK (content_type IN ('discussion', 'post', 'status', 'comment', 'poll')),
      content_id bigint NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'hidden', 'deleted', 'ignored')),
      moderator_id integer,
      motivation text CHECK (motivation IN ('spam', 'aggressive', 'vulgar', 'poor_content', 'offtopic')),
      last_moderated_at timestamptz,
      PRIMARY KEY (stack_id, content_type, content_id)
    );
    CREATE INDEX content_moderation_status_idx ON content_moderation (stack_id, status);

    CREATE TABLE moderation_bot_settings (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
