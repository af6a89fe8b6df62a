import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Custom menus of a community and their items (issue 13 §5; SelfCommunity's custom_menu).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE menus (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      is_base boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id)
    );
    -- At most one base menu per community (member API custom_menu/base/).
    CREATE UNIQUE INDEX menus_one_base_idx ON menus (stack_id) WHERE is_base;

    CREATE TABLE menu_items (
      stack_id integer NOT NULL,
      id serial NOT NULL UNIQUE,
      menu_id integer NOT NULL,
      label text NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
      url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
      attrs jsonb NOT NULL DEFAULT '{}'::jsonb,
      ordering integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, menu_id) REFERENCES menus (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX menu_items_menu_idx ON menu_items (stack_id, menu_id, ordering);
  `.execute(db);
}
