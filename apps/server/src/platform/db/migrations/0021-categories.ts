import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// The minimal `categories` of 0006 (name, slug) grows into the real category of spec mgmt §3 and
// SelfCommunity's Category object, keeping every row: existing categories stay enabled, in their
// creation order, and a permalink used twice in a community gets its id appended so permalinks can be
// unique per community (among categories not deleted).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE categories
      ADD COLUMN name_synonyms text NOT NULL DEFAULT '',
      ADD COLUMN slogan text NOT NULL DEFAULT '' CHECK (char_length(slogan) <= 300),
      ADD COLUMN seo_title text NOT NULL DEFAULT '',
      ADD COLUMN seo_description text NOT NULL DEFAULT '',
      ADD COLUMN image_url text,
      ADD COLUMN image_position text NOT NULL DEFAULT 'middle'
        CHECK (image_position IN ('top', 'middle', 'bottom')),
      ADD COLUMN thumbnail_url text,
      ADD COLUMN auto_follow text NOT NULL DEFAULT 'none'
        CHECK (auto_follow IN ('none', 'preselection', 'forced')),
      ADD COLUMN active boolean NOT NULL DEFAULT true,
      ADD COLUMN position integer NOT NULL DEFAULT 0,
      ADD COLUMN content_only_staff boolean NOT NULL DEFAULT false,
      ADD COLUMN stream_order_by text NOT NULL DEFAULT 'recent'
        CHECK (stream_order_by IN ('recent', 'last_activity', 'relevance')),
      ADD COLUMN deleted boolean NOT NULL DEFAULT false,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

    UPDATE categories c SET position = o.n, updated_at = c.created_at
      FROM (SELECT stack_id, id, row_number() OVER (PARTITION BY stack_id ORDER BY id)::int AS n
              FROM categories) o
     WHERE o.stack_id = c.stack_id AND o.id = c.id;

    UPDATE categories c SET slug = c.slug || '-' || c.id
     WHERE EXISTS (SELECT 1 FROM categories d
                    WHERE d.stack_id = c.stack_id AND d.slug = c.slug AND d.id < c.id);

    CREATE UNIQUE INDEX categories_slug_idx ON categories (stack_id, slug) WHERE NOT deleted;
    CREATE INDEX categories_position_idx ON categories (stack_id, position);
    CREATE INDEX contributions_category_idx ON contributions (stack_id, category_id, created_at);
  `.execute(db);
}
