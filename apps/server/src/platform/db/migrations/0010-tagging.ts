import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Tag assignments to categories and contents, and user-tag addressing rules (tags and user_tags are in 0006).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE category_tags (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      category_id integer NOT NULL,
      tag_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, category_id, tag_id),
      FOREIGN KEY (stack_id, tag_id) REFERENCES tags (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX category_tags_tag_idx ON category_tags (stack_id, tag_id);

    CREATE TABLE contribution_tags (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      contribution_id integer NOT NULL,
      tag_id integer NOT NULL,
      ordering integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, contribution_id, tag_id),
      FOREIGN KEY (stack_id, tag_id) REFERENCES tags (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX contribution_tags_tag_idx ON contribution_tags (stack_id, tag_id, ordering);

    CREATE INDEX user_tags_tag_idx ON user_tags (stack_id, tag_id);

    CREATE TABLE tag_addressing (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      user_tag_from integer NOT NULL,
      actions text[] NOT NULL CHECK (cardinality(actions) > 0 AND actions <@ ARRAY['direct_posts', 'broadcast']::text[]),
      user_tag_to integer[] NOT NULL CHECK (cardinality(user_tag_to) > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, user_tag_from) REFERENCES tags (stack_id, id) ON DELETE CASCADE
    );
  `.execute(db);
}
