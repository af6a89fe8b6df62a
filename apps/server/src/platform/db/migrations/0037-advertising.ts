import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Custom advertising (issue 15 §3): a community's own ads, each an image or an embed code shown at one
// of the eight positions, for one category or all of them (category_id null). AdSense's settings and
// which system is active are dynamic preferences (section advertising).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE custom_ads (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
      link text NOT NULL DEFAULT '' CHECK (length(link) <= 2000),
      image text NOT NULL DEFAULT '',
      embed_code text NOT NULL DEFAULT '' CHECK (length(embed_code) <= 20000),
      category_id integer,
      position text NOT NULL CHECK (position IN ('BELOW_TOPBAR', 'BELOW_THE_POST', 'IN_POST_COMMENTS',
        'RELATED_POSTS_COLUMN', 'TOOLS_COLUMN', 'IN_STREAM', 'ABOVE_THE_STREAM', 'ABOVE_THE_STREAM_CATEGORY')),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      created_by_username text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      CHECK (image <> '' OR embed_code <> '')
    );
    CREATE INDEX custom_ads_position_idx ON custom_ads (stack_id, position, id);
  `.execute(db);
}
